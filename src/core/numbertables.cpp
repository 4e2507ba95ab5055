#include "numbertables.h"

#include "jsonwriter.h"

#include <QLocale>

namespace qkv {
namespace {

QString csvField(const QString &s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')))
        return s;
    return u'"' + QString(s).replace(QStringLiteral("\""), QStringLiteral("\"\"")) + u'"';
}

QString markdownCell(const QString &s)
{
    return QString(s).replace(QStringLiteral("|"), QStringLiteral("\\|"));
}

QString rounded(double x, int decimals)
{
    const QString s = QLocale::c().toString(x, 'f', decimals);
    // "-0.0000" reads as a sign error; a rounded zero is just 0.
    return s.toDouble() == 0.0 ? QLocale::c().toString(0.0, 'f', decimals) : s;
}

} // namespace

std::optional<TableFormat> tableFormatFromString(const QString &name)
{
    if (name == u"csv")
        return TableFormat::Csv;
    if (name == u"md" || name == u"markdown")
        return TableFormat::Markdown;
    if (name == u"tex" || name == u"latex" || name == u"tabular")
        return TableFormat::LatexTabular;
    if (name == u"bmatrix")
        return TableFormat::LatexBmatrix;
    return std::nullopt;
}

QString latexEscape(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '\\':
            out += QStringLiteral("\\textbackslash{}");
            break;
        case '~':
            out += QStringLiteral("\\textasciitilde{}");
            break;
        case '^':
            out += QStringLiteral("\\textasciicircum{}");
            break;
        case '&':
        case '%':
        case '$':
        case '#':
        case '_':
        case '{':
        case '}':
            out += u'\\';
            out += c;
            break;
        default:
            out += c;
        }
    }
    return out;
}

QString formatTable(const Eigen::MatrixXd &m, const QStringList &rowLabels, const QStringList &colLabels,
    TableFormat format, int decimals)
{
    QStringList lines;
    const auto label = [](const QStringList &labels, Eigen::Index i) {
        return i < labels.size() ? labels[i] : QString::number(i + 1);
    };
    switch (format) {
    case TableFormat::Csv: {
        QStringList header {QString()};
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            header << csvField(label(colLabels, c));
        lines << header.join(u',');
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            QStringList row {csvField(label(rowLabels, r))};
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                row << formatNumber(m(r, c));
            lines << row.join(u',');
        }
        break;
    }
    case TableFormat::Markdown: {
        QStringList header {QStringLiteral("|  |")}, rule {QStringLiteral("|---|")};
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            header << QStringLiteral(" %1 |").arg(markdownCell(label(colLabels, c)));
            rule << QStringLiteral("---:|");
        }
        lines << header.join(QString()) << rule.join(QString());
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            QString row = QStringLiteral("| %1 |").arg(markdownCell(label(rowLabels, r)));
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                row += QStringLiteral(" %1 |").arg(rounded(m(r, c), decimals));
            lines << row;
        }
        break;
    }
    case TableFormat::LatexTabular: {
        lines << QStringLiteral("\\begin{tabular}{l%1}").arg(QString(static_cast<int>(m.cols()), u'r'))
              << QStringLiteral("\\hline");
        QStringList header {QString()};
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            header << latexEscape(label(colLabels, c));
        lines << header.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\") << QStringLiteral("\\hline");
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            QStringList row {latexEscape(label(rowLabels, r))};
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                row << rounded(m(r, c), decimals);
            lines << row.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\");
        }
        lines << QStringLiteral("\\hline") << QStringLiteral("\\end{tabular}");
        break;
    }
    case TableFormat::LatexBmatrix: {
        lines << QStringLiteral("\\begin{bmatrix}");
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            QStringList row;
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                row << rounded(m(r, c), decimals);
            lines << row.join(QStringLiteral(" & ")) + (r + 1 < m.rows() ? QStringLiteral(" \\\\") : QString());
        }
        lines << QStringLiteral("\\end{bmatrix}");
        break;
    }
    }
    return lines.join(u'\n') + u'\n';
}

} // namespace qkv
