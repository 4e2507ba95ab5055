#include "export/resultnumbers.h"

#include "attention/contributions.h"

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
};

// One head's matrix of the asked kind, with its labels. Contributions: row j is a_ij·v_j of the
// query `query`, with its share of the output, and a last row the output itself. Rows of keys
// and values (and columns of weights) are the keys' tokens: the second sentence's in
// cross-attention.
Table headMatrix(
    const HeadResult &h, const QString &kind, const QStringList &tokens, const QStringList &keys, int query)
{
    if (kind == u"weights")
        return {h.weights, tokens, keys};
    if (kind == u"scores")
        return {h.scores, tokens, keys};
    if (kind == u"queries")
        return {h.queries, tokens, indexLabels(QStringLiteral("q"), h.queries.cols())};
    if (kind == u"keys")
        return {h.keys, keys, indexLabels(QStringLiteral("k"), h.keys.cols())};
    if (kind == u"values")
        return {h.values, keys, indexLabels(QStringLiteral("v"), h.values.cols())};
    if (kind == u"contributions") {
        const Contributions c = contributions(h, query);
        Eigen::MatrixXd m(c.parts.rows() + 1, c.parts.cols() + 1);
        m.topLeftCorner(c.parts.rows(), c.parts.cols()) = c.parts;
        m.topRightCorner(c.parts.rows(), 1) = c.share;
        m.bottomLeftCorner(1, c.parts.cols()) = c.output.transpose();
        m(c.parts.rows(), c.parts.cols()) = c.share.sum();
        return {m, keys + QStringList {QStringLiteral("output")},
            indexLabels(QStringLiteral("c"), c.parts.cols()) + QStringList {QStringLiteral("share")}};
    }
    return {h.output, tokens, indexLabels(QStringLiteral("o"), h.output.cols())};
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

QString resultNumbers(const Result &r, const QString &kind, TableFormat format, int head, int decimals, int query)
{
    if (kind == u"output" && head < 0) // every head: the document's output
        return formatTable(r.output, r.tokens, indexLabels(QStringLiteral("o"), r.output.cols()), format, decimals);
    if (head >= 0) {
        const Table t = headMatrix(r.heads[static_cast<std::size_t>(head)], kind, r.tokens, r.keys(), query);
        return formatTable(t.numbers, t.rows, t.columns, format, decimals);
    }
    QString text;
    for (std::size_t h = 0; h < r.heads.size(); ++h) {
        const Table t = headMatrix(r.heads[h], kind, r.tokens, r.keys(), query);
        const QString table = formatTable(t.numbers, t.rows, t.columns, format, decimals);
        if (format != TableFormat::Csv) {
            text += (h ? QStringLiteral("\n") : QString()) + headHeading(format, static_cast<int>(h)) + table;
            continue;
        }
        // One CSV for every head: the head number as a first column, the header once.
        QStringList lines = table.split(u'\n', Qt::SkipEmptyParts);
        const QString header = QStringLiteral("head,") + lines.takeFirst();
        if (h == 0)
            text += header + u'\n';
        for (const QString &line : lines)
            text += QString::number(h + 1) + u',' + line + u'\n';
    }
    return text;
}

} // namespace qkv
