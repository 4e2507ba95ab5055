#include "figures/vectorcloud.h"

#include "document/document.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>
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
    if (head < 0 || head >= static_cast<int>(result.heads.size()))
        return nullptr;
    const HeadResult &h = result.heads[static_cast<std::size_t>(head)];
    const auto n = result.tokens.size(), m = result.keys().size();
    const bool whole = n > 0 && m > 0 && h.queries.rows() == n && h.keys.rows() == m && h.values.rows() == m
        && h.keys.cols() == h.queries.cols() && h.values.cols() == h.queries.cols();
    return whole ? &h : nullptr;
}

int VectorCloud::groupOf(int token) const
{
    return token >= 0 && token < m_tokenGroup.size() ? m_tokenGroup[token] : -1;
}

bool VectorCloud::has(Role role, int group) const
{
    if (group < 0 || group >= m_groups.size())
        return false;
    switch (m_groups[group].side) {
    case Side::Both:
        return true;
    case Side::Queries:
        return role == Role::Query;
    case Side::Keys:
        return role != Role::Query;
    }
    return false;
}

int VectorCloud::cloudToken(int token, bool asKey) const
{
    return token >= 0 && asKey && m_cross ? m_queries + token : token;
}

QList<QPointF> VectorCloud::presentPoints(Role role) const
{
    QList<QPointF> present;
    const QList<QPointF> &all = points(role);
    for (int g = 0; g < all.size(); ++g)
        if (has(role, g))
            present.append(all[g]);
    return present;
}

void VectorCloud::update(const Document *document, const Result &result, int head, const Options &options, bool refit)
{
    const HeadResult *h = headOf(result, head);
    const QStringList &tokens = result.tokens;
    m_cross = h && result.isCross();
    const int n = h ? static_cast<int>(tokens.size()) : 0;
    const int all = n + (m_cross ? static_cast<int>(result.keyTokens.size()) : 0);
    m_queries = n;
    m_options = options;
    m_dim = h ? static_cast<int>(h->queries.cols()) : 0;
    m_groups.clear();
    m_tokenGroup.fill(-1, all);
    // The vectors a token is drawn with: a query of the sentence, a key and value of the second.
    const auto sameVectors = [&](Side side, int a, int b) {
        const int ra = rowOf(a), rb = rowOf(b);
        return (side == Side::Keys || h->queries.row(ra) == h->queries.row(rb))
            && (side == Side::Queries
                || (h->keys.row(ra) == h->keys.row(rb) && h->values.row(ra) == h->values.row(rb)));
    };
    std::array<QHash<QString, QList<int>>, 3> byKey; // by side
    for (int c = 0; c < all; ++c) {
        const bool second = c >= n;
        const Side side = !m_cross ? Side::Both : second ? Side::Keys : Side::Queries;
        const QString word = second ? result.keyTokens[c - n] : tokens[c];
        const QString key = !document ? word : second ? document->keyVectorKey(c - n) : document->vectorKey(c);
        QList<int> &candidates = byKey[static_cast<std::size_t>(side)][key];
        int g = -1;
        for (int candidate : candidates)
            if (sameVectors(side, m_groups[candidate].tokens.first(), c)) {
                g = candidate;
                break;
            }
        if (g < 0) {
            g = static_cast<int>(m_groups.size());
            m_groups.append({word, key, {}, side});
            candidates.append(g);
        }
        m_groups[g].tokens.append(c);
        m_tokenGroup[c] = g;
    }

    const int d = m_dim;
    // The rows of a role's matrix (the outputs with the queries) for the groups that have it.
    const auto rowsOf = [&](Role role, const Eigen::MatrixXd &matrix) {
        std::vector<Eigen::Index> rows;
        for (int g = 0; g < m_groups.size(); ++g)
            if (has(role, g))
                rows.push_back(rowOf(m_groups[g].tokens.first()));
        return Eigen::MatrixXd(matrix(rows, Eigen::all));
    };
    m_principal = options.principal;
    if (m_principal && h) {
        // With no role drawn the plane is that of all three, ready for the first one shown.
        const bool none = std::none_of(options.drawn.begin(), options.drawn.end(), [](bool b) { return b; });
        Eigen::MatrixXd cloud(0, d);
        for (Role role : roles) {
            if (!none && !options.drawn[idx(role)])
                continue;
            const Eigen::MatrixXd rows = rowsOf(role, matrixOf(*h, role));
            cloud.conservativeResize(cloud.rows() + rows.rows(), Eigen::NoChange);
            cloud.bottomRows(rows.rows()) = rows;
        }
        // The shares of variance are always those of the points as they are now.
        const FitKey key {tokens, result.keyTokens, head, d, options.drawn};
        if (refit || !(key == m_fitKey) || m_projection.axes.rows() != d) {
            m_projection = principalPlane(cloud);
            m_fitKey = key;
        } else {
            m_projection.explained = explainedAlong(cloud, m_projection.axes);
        }
    }
    m_dx = std::clamp(options.dimX, 0, std::max(0, d - 1));
    m_dy = options.dimY >= 0 && options.dimY < d ? options.dimY : -1;
    // One point per group that has the role (the output: per query), NaN for the others.
    const auto project = [&](Role role, const Eigen::MatrixXd *matrix, QList<QPointF> &points) {
        points.clear();
        if (!h || d == 0 || matrix->cols() != d)
            return;
        const QList<QPointF> placed = place(rowsOf(role, *matrix));
        const double nan = std::numeric_limits<double>::quiet_NaN();
        points.reserve(m_groups.size());
        for (int g = 0, next = 0; g < m_groups.size(); ++g)
            points.append(has(role, g) ? placed[next++] : QPointF(nan, nan));
    };
    // The outputs live where the values do, so they share the values' plane.
    project(Role::Query, h ? &h->output : nullptr, m_outputs);
    for (Role role : roles)
        project(role, h ? &matrixOf(*h, role) : nullptr, m_points[idx(role)]);
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
            if (std::isnan(p.x()))
                continue; // no such point
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
