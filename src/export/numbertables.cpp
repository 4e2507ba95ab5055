#include "export/numbertables.h"

#include "document/jsonwriter.h"
#include "export/outputformats.h"

#include <QLocale>

#include <algorithm>
#include <charconv>
#include <string_view>

using namespace Qt::StringLiterals;

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

// Cells as LaTeX writes them: a minus sign, not the hyphen "-" of text mode.
QString texCell(double x, int decimals, bool math)
{
    const QString s = formatFixed(x, decimals);
    return !math && s.startsWith(u'-') ? u"$-$"_s + s.mid(1) : s;
}

// A generous estimate of a LaTeX table's natural width in points (Computer Modern 10 pt: digits
// 5 pt, a point 2.8 pt, letters at most about 6 pt), to decide whether it needs the wrapper that
// scales it down to the line width.
double estimatedWidth(
    const Eigen::MatrixXd &m, const QStringList &rowLabels, const QStringList &colLabels, int decimals, bool labels)
{
    const auto longest = [](const QStringList &texts) {
        qsizetype n = 0;
        for (const QString &s : texts)
            n = std::max(n, s.size());
        return 6.0 * static_cast<double>(n);
    };
    const double number = 5.0 * (decimals + 2) + 2.8 + 7.8; // "-10.xxx"
    const double column = labels ? std::max(number, longest(colLabels)) : number;
    return static_cast<double>(m.cols()) * (column + 12) + (labels ? longest(rowLabels) + 12 : 20);
}

// Wider than this, a table is set in a box that is scaled down when it is wider than the line.
constexpr double fitsAnywhere = 200;

QString fitToLine(const QString &table, bool math)
{
    const QString box = math ? u"$"_s + table + u"$"_s : table;
    return u"% Scaled down to the line width where it is wider.\n\\noindent\\begingroup\\setbox0=\\hbox{%\n"_s + box
        + u"}%\n\\ifdim\\wd0>\\linewidth\\resizebox{\\linewidth}{!}{\\box0}\\else\\box0\\fi\\endgroup"_s;
}

} // namespace

QString formatFixed(double x, int decimals)
{
    char buffer[400]; // the largest double has 309 digits before the point
    auto *const end = std::to_chars(
        buffer, buffer + sizeof buffer, x, std::chars_format::fixed, std::clamp(decimals, 0, maxTableDecimals))
                          .ptr;
    std::string_view s(buffer, static_cast<std::size_t>(end - buffer));
    if (s.starts_with('-') && s.find_first_not_of("0.", 1) == std::string_view::npos)
        s.remove_prefix(1); // "-0.000" reads as a sign error
    return QString::fromLatin1(s.data(), static_cast<qsizetype>(s.size()));
}

std::optional<TableFormat> tableFormatFromString(const QString &name)
{
    const OutputFormat *f = outputFormatNamed(name);
    if (!f || !f->canHold(OutputContent::Numbers))
        return std::nullopt;
    if (f->name == u"md")
        return TableFormat::Markdown;
    if (f->name == u"tex")
        return TableFormat::LatexTabular;
    if (f->name == u"bmatrix")
        return TableFormat::LatexBmatrix;
    return TableFormat::Csv;
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
    const bool exact = decimals < 0 && format == TableFormat::Csv;
    if (decimals < 0)
        decimals = defaultTableDecimals;
    switch (format) {
    case TableFormat::Csv: {
        QStringList header {QString()};
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            header << csvField(label(colLabels, c));
        lines << header.join(u',');
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            QStringList row {csvField(label(rowLabels, r))};
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                row << (exact ? formatNumber(m(r, c)) : formatFixed(m(r, c), decimals));
            lines << row.join(u',');
        }
        break;
    }
    case TableFormat::Markdown: {
        QStringList header {u"|  |"_s}, rule {u"|---|"_s};
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            header << u" %1 |"_s.arg(markdownCell(label(colLabels, c)));
            rule << u"---:|"_s;
        }
        lines << header.join(QString()) << rule.join(QString());
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            QString row = u"| %1 |"_s.arg(markdownCell(label(rowLabels, r)));
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                row += u" %1 |"_s.arg(formatFixed(m(r, c), decimals));
            lines << row;
        }
        break;
    }
    case TableFormat::LatexTabular:
    case TableFormat::LatexBmatrix: {
        const bool matrix = format == TableFormat::LatexBmatrix;
        QStringList header;
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            header << latexEscape(label(colLabels, c));
        const bool wide = estimatedWidth(m, rowLabels, header, decimals, !matrix) > fitsAnywhere;
        QStringList packages;
        if (matrix)
            packages << u"amsmath"_s;
        if (wide)
            packages << u"graphicx"_s;
        if (!packages.isEmpty())
            lines << u"% Needs \\usepackage{%1}."_s.arg(packages.join(u','));
        QStringList body;
        if (matrix) {
            // amsmath's matrices have at most MaxMatrixCols (10) columns; the counter is global,
            // so it is only ever raised.
            if (m.cols() > 10)
                lines << u"\\ifnum\\value{MaxMatrixCols}<%1 \\setcounter{MaxMatrixCols}{%1}\\fi"_s.arg(m.cols());
            body << u"\\begin{bmatrix}"_s;
        } else {
            body
                << u"\\begin{tabular}{l%1}"_s.arg(QString(static_cast<int>(m.cols()), u'r')) << u"\\hline"_s
                << QString(u' ' + header.join(u" & "_s)).prepend(QString()).trimmed().prepend(u" & "_s).mid(1).trimmed()
                    + u" \\\\"_s
                << u"\\hline"_s;
        }
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            QStringList row;
            if (!matrix)
                row << latexEscape(label(rowLabels, r));
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                row << texCell(m(r, c), decimals, matrix);
            body << row.join(u" & "_s) + (!matrix || r + 1 < m.rows() ? u" \\\\"_s : QString());
        }
        body << (matrix ? u"\\end{bmatrix}"_s : u"\\hline\n\\end{tabular}"_s);
        const QString table = body.join(u'\n');
        lines << (wide ? fitToLine(table, matrix) : table);
        break;
    }
    }
    return lines.join(u'\n') + u'\n';
}

} // namespace qkv
