#include "export/resultnumbers.h"

namespace qkv {
namespace {

QStringList indexLabels(const QString &prefix, Eigen::Index n)
{
    QStringList labels;
    for (Eigen::Index i = 0; i < n; ++i)
        labels << prefix + QString::number(i + 1);
    return labels;
}

// One head's matrix of the asked kind, with its column labels.
std::pair<Eigen::MatrixXd, QStringList> headMatrix(const HeadResult &h, const QString &kind, const QStringList &tokens)
{
    if (kind == u"weights")
        return {h.weights, tokens};
    if (kind == u"scores")
        return {h.scores, tokens};
    if (kind == u"queries")
        return {h.queries, indexLabels(QStringLiteral("q"), h.queries.cols())};
    if (kind == u"keys")
        return {h.keys, indexLabels(QStringLiteral("k"), h.keys.cols())};
    if (kind == u"values")
        return {h.values, indexLabels(QStringLiteral("v"), h.values.cols())};
    return {h.output, indexLabels(QStringLiteral("o"), h.output.cols())};
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
        QStringLiteral("queries"), QStringLiteral("keys"), QStringLiteral("values")};
    return kinds;
}

QString resultNumbers(const Result &r, const QString &kind, TableFormat format, int head, int decimals)
{
    if (kind == u"output" && head < 0) // every head: the document's output
        return formatTable(r.output, r.tokens, indexLabels(QStringLiteral("o"), r.output.cols()), format, decimals);
    if (head >= 0) {
        const auto [m, columns] = headMatrix(r.heads[static_cast<std::size_t>(head)], kind, r.tokens);
        return formatTable(m, r.tokens, columns, format, decimals);
    }
    QString text;
    for (std::size_t h = 0; h < r.heads.size(); ++h) {
        const auto [m, columns] = headMatrix(r.heads[h], kind, r.tokens);
        const QString table = formatTable(m, r.tokens, columns, format, decimals);
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
