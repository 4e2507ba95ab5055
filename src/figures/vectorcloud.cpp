#include "figures/vectorcloud.h"

#include "document/document.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <vector>

namespace qkv {
namespace {

constexpr std::array<Role, 3> roles {Role::Query, Role::Key, Role::Value};

std::size_t idx(Role role)
{
    return static_cast<std::size_t>(role);
}

const Eigen::MatrixXd &matrixOf(const HeadResult &h, Role role)
{
    return role == Role::Query ? h.queries : role == Role::Key ? h.keys : h.values;
}

} // namespace

const HeadResult *VectorCloud::headOf(const Result &result, int head)
{
    // One point per token for each of q, k, v: in cross-attention the keys and values belong to
    // other tokens than the queries, which this cloud does not draw.
    if (head < 0 || head >= static_cast<int>(result.heads.size()) || result.isCross())
        return nullptr;
    const HeadResult &h = result.heads[static_cast<std::size_t>(head)];
    const auto n = result.tokens.size();
    const bool whole = n > 0 && h.queries.rows() == n && h.keys.rows() == n && h.values.rows() == n
        && h.keys.cols() == h.queries.cols() && h.values.cols() == h.queries.cols();
    return whole ? &h : nullptr;
}

int VectorCloud::groupOf(int token) const
{
    return token >= 0 && token < m_tokenGroup.size() ? m_tokenGroup[token] : -1;
}

void VectorCloud::update(const Document *document, const Result &result, int head, const Options &options, bool refit)
{
    const HeadResult *h = headOf(result, head);
    const QStringList &tokens = result.tokens;
    const int n = h ? static_cast<int>(tokens.size()) : 0;
    m_options = options;
    m_dim = h ? static_cast<int>(h->queries.cols()) : 0;
    m_groups.clear();
    m_tokenGroup.fill(-1, n);
    QHash<QString, QList<int>> byKey;
    for (int i = 0; i < n; ++i) {
        const QString key = document ? document->vectorKey(i) : tokens[i];
        QList<int> &candidates = byKey[key];
        int g = -1;
        for (int c : candidates) {
            const int rep = m_groups[c].tokens.first();
            if (h->queries.row(rep) == h->queries.row(i) && h->keys.row(rep) == h->keys.row(i)
                && h->values.row(rep) == h->values.row(i)) {
                g = c;
                break;
            }
        }
        if (g < 0) {
            g = static_cast<int>(m_groups.size());
            m_groups.append({tokens[i], key, {}});
            candidates.append(g);
        }
        m_groups[g].tokens.append(i);
        m_tokenGroup[i] = g;
    }

    const int d = m_dim;
    const auto groups = static_cast<Eigen::Index>(m_groups.size());
    std::vector<Eigen::Index> reps;
    for (const Group &g : m_groups)
        reps.push_back(g.tokens.first());
    m_principal = options.principal;
    if (m_principal && h) {
        // With no role drawn the plane is that of all three, ready for the first one shown.
        const bool none = std::none_of(options.drawn.begin(), options.drawn.end(), [](bool b) { return b; });
        Eigen::MatrixXd cloud(0, d);
        for (Role role : roles) {
            if (!none && !options.drawn[idx(role)])
                continue;
            cloud.conservativeResize(cloud.rows() + groups, Eigen::NoChange);
            cloud.bottomRows(groups) = matrixOf(*h, role)(reps, Eigen::all);
        }
        // The shares of variance are always those of the points as they are now.
        const FitKey key {tokens, head, d, options.drawn};
        if (refit || !(key == m_fitKey) || m_projection.axes.rows() != d) {
            m_projection = principalPlane(cloud);
            m_fitKey = key;
        } else {
            m_projection.explained = explainedAlong(cloud, m_projection.axes);
        }
    }
    m_dx = std::clamp(options.dimX, 0, std::max(0, d - 1));
    m_dy = options.dimY >= 0 && options.dimY < d ? options.dimY : -1;
    // One point per word: its row of `matrix`, on the plane or the two chosen dimensions.
    const auto project = [&](const Eigen::MatrixXd &matrix, QList<QPointF> &points) {
        points.clear();
        if (!h || d == 0 || matrix.rows() != n || matrix.cols() != d)
            return;
        points = place(matrix(reps, Eigen::all));
    };
    // The outputs live where the values do, so they share the values' plane.
    project(h ? h->output : Eigen::MatrixXd(), m_outputs);
    for (Role role : roles)
        project(h ? matrixOf(*h, role) : Eigen::MatrixXd(), m_points[idx(role)]);
}

QList<QPointF> VectorCloud::place(const Eigen::MatrixXd &rows) const
{
    QList<QPointF> points;
    if (rows.cols() != m_dim || m_dim == 0)
        return points;
    points.reserve(rows.rows());
    if (m_principal) {
        const Eigen::MatrixXd c = rows * m_projection.axes;
        for (Eigen::Index r = 0; r < c.rows(); ++r)
            points.append(QPointF(c(r, 0), c(r, 1)));
    } else {
        for (Eigen::Index r = 0; r < rows.rows(); ++r)
            points.append(QPointF(rows(r, m_dx), m_dy >= 0 ? rows(r, m_dy) : 0.0));
    }
    return points;
}

QString VectorCloud::axisTitle(Qt::Orientation orientation, const QLocale &locale) const
{
    const bool x = orientation == Qt::Horizontal;
    if (m_principal) {
        const double share = m_projection.explained[x ? 0 : 1] * 100;
        return QCoreApplication::translate("qkv::VectorPlotView", "PC%1 (%2% of variance)")
            .arg(x ? 1 : 2)
            .arg(locale.toString(share, 'f', share < 10 ? 1 : 0));
    }
    if (m_dim == 0)
        return {};
    const int i = x ? std::clamp(m_options.dimX, 0, m_dim - 1) : m_options.dimY;
    if (i >= m_dim)
        return QCoreApplication::translate("qkv::VectorPlotView", "(no dimension %1: d = %2)").arg(i + 1).arg(m_dim);
    return QCoreApplication::translate("qkv::VectorPlotView", "dimension %1").arg(i + 1);
}

QRectF VectorCloud::extent(const std::array<bool, 3> &drawn, bool outputs) const
{
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    const auto include = [&](const QList<QPointF> &points) {
        for (const QPointF &p : points) {
            x0 = std::min(x0, p.x());
            x1 = std::max(x1, p.x());
            y0 = std::min(y0, p.y());
            y1 = std::max(y1, p.y());
        }
    };
    for (Role role : roles)
        if (drawn[idx(role)])
            include(m_points[idx(role)]);
    if (outputs)
        include(m_outputs);
    return QRectF(QPointF(x0, y0), QPointF(x1, y1));
}

QString VectorCloud::labelText(const Group &group)
{
    return group.tokens.size() > 1
        ? QCoreApplication::translate("qkv::VectorPlotView", "%1 ×%2").arg(group.word).arg(group.tokens.size())
        : group.word;
}

} // namespace qkv
