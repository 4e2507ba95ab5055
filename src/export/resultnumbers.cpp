#include "export/resultnumbers.h"

#include "attention/contributions.h"

#include <algorithm>

namespace qkv {
namespace {

QStringList indexLabels(const QString &prefix, Eigen::Index n)
{
    QStringList labels;
    for (Eigen::Index i = 0; i < n; ++i)
        labels << prefix + QString::number(i + 1);
    return labels;
}

struct Table {
    Eigen::MatrixXd numbers;
    QStringList rows, columns;
    bool cut = false; // rows left out (maxCells)
};

// One head's matrix of the asked kind, with its labels. Contributions: row j is a_ij·v_j of the
// query `query`, with its share of the output, and a last row the output itself. Rows of keys
// and values (and columns of weights) are the keys' tokens: the second sentence's in
// cross-attention.
// The first rows of a matrix that hold at most maxCells numbers (at least one row; all if < 0).
template<typename M>
Table firstRows(const M &m, const QStringList &rows, const QStringList &columns, qsizetype maxCells)
{
    const Eigen::Index all = m.rows();
    const Eigen::Index kept
        = maxCells < 0 ? all : std::min(all, std::max<Eigen::Index>(1, maxCells / std::max<Eigen::Index>(1, m.cols())));
    return {m.topRows(kept), rows.mid(0, kept), columns, kept < all};
}

Table headMatrix(const HeadResult &h, const QString &kind, const QStringList &tokens, const QStringList &keys,
    int query, qsizetype maxCells)
{
    if (kind == u"weights")
        return firstRows(h.weights, tokens, keys, maxCells);
    if (kind == u"scores")
        return firstRows(h.scores, tokens, keys, maxCells);
    if (kind == u"queries")
        return firstRows(h.queries, tokens, indexLabels(QStringLiteral("q"), h.queries.cols()), maxCells);
    if (kind == u"keys")
        return firstRows(h.keys, keys, indexLabels(QStringLiteral("k"), h.keys.cols()), maxCells);
    if (kind == u"values")
        return firstRows(h.values, keys, indexLabels(QStringLiteral("v"), h.values.cols()), maxCells);
    if (kind == u"contributions") {
        const Contributions c = contributions(h, query);
        Eigen::MatrixXd m(c.parts.rows() + 1, c.parts.cols() + 1);
        m.topLeftCorner(c.parts.rows(), c.parts.cols()) = c.parts;
        m.topRightCorner(c.parts.rows(), 1) = c.share;
        m.bottomLeftCorner(1, c.parts.cols()) = c.output.transpose();
        m(c.parts.rows(), c.parts.cols()) = c.share.sum();
        return firstRows(m, keys + QStringList {QStringLiteral("output")},
            indexLabels(QStringLiteral("c"), c.parts.cols()) + QStringList {QStringLiteral("share")}, maxCells);
    }
    return firstRows(h.output, tokens, indexLabels(QStringLiteral("o"), h.output.cols()), maxCells);
}

QString headHeading(TableFormat format, int head)
{
    switch (format) {
    case TableFormat::Csv:
        return {};
    case TableFormat::Markdown:
        return QStringLiteral("### Head %1\n\n").arg(head + 1);
    default:
        return QStringLiteral("% head %1\n").arg(head + 1);
    }
}

} // namespace

const QStringList &numberKinds()
{
    static const QStringList kinds {QStringLiteral("weights"), QStringLiteral("scores"), QStringLiteral("output"),
        QStringLiteral("queries"), QStringLiteral("keys"), QStringLiteral("values"), QStringLiteral("contributions")};
    return kinds;
}

QString resultNumbers(const Result &r, const QString &kind, TableFormat format, int head, int decimals, int query,
    qsizetype maxCells, bool *cut)
{
    const auto text = [&](const Table &t) {
        if (cut)
            *cut = *cut || t.cut;
        return formatTable(t.numbers, t.rows, t.columns, format, decimals);
    };
    if (cut)
        *cut = false;
    if (kind == u"output" && head < 0) // every head: the document's output
        return text(firstRows(r.output, r.tokens, indexLabels(QStringLiteral("o"), r.output.cols()), maxCells));
    if (head >= 0)
        return text(headMatrix(r.heads[static_cast<std::size_t>(head)], kind, r.tokens, r.keys(), query, maxCells));
    QString all;
    for (std::size_t h = 0; h < r.heads.size(); ++h) {
        const QString table = text(headMatrix(r.heads[h], kind, r.tokens, r.keys(), query, maxCells));
        if (format != TableFormat::Csv) {
            all += (h ? QStringLiteral("\n") : QString()) + headHeading(format, static_cast<int>(h)) + table;
            continue;
        }
        // One CSV for every head: the head number as a first column, the header once.
        QStringList lines = table.split(u'\n', Qt::SkipEmptyParts);
        const QString header = QStringLiteral("head,") + lines.takeFirst();
        if (h == 0)
            all += header + u'\n';
        for (const QString &line : lines)
            all += QString::number(h + 1) + u',' + line + u'\n';
    }
    return all;
}

} // namespace qkv
