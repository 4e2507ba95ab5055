#include "document/numberblock.h"

#include "document/jsonwriter.h"
#include "document/settings.h"

#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

#include <cmath>

namespace qkv {
namespace {

QLocale withoutGroups(QLocale l)
{
    l.setNumberOptions(QLocale::OmitGroupSeparator | QLocale::RejectGroupSeparator);
    return l;
}

} // namespace

std::optional<double> parseTypedNumber(const QString &text, const QLocale &locale)
{
    const QString t = text.trimmed();
    bool ok = false;
    double x = withoutGroups(locale).toDouble(t, &ok);
    if (!ok)
        x = withoutGroups(QLocale::c()).toDouble(t, &ok);
    return ok ? std::optional(x) : std::nullopt;
}

QString shownNumber(double x, const QLocale &locale, int precision)
{
    return withoutGroups(locale).toString(x, 'g', precision);
}

NumberBlock parseNumberBlock(const QString &text)
{
    NumberBlock block;
    QStringList lines = text.split(QRegularExpression(QStringLiteral("\r\n|\r|\n")));
    while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
        lines.removeLast();
    const bool tabs = text.contains(u'\t');
    const QRegularExpression separator(tabs ? QStringLiteral("\t") : QStringLiteral("[,;]"));
    for (qsizetype r = 0; r < lines.size(); ++r) {
        std::vector<double> row;
        const QStringList cells = lines[r].split(separator);
        for (qsizetype c = 0; c < cells.size(); ++c) {
            const QString cell = cells[c].trimmed();
            // A decimal comma is only unambiguous when tabs separate the cells.
            const std::optional<double> typed = parseTypedNumber(cell, tabs ? QLocale() : QLocale::c());
            const double x = typed.value_or(0.0);
            const QString place = QStringLiteral("row %1, column %2").arg(r + 1).arg(c + 1);
            if (!typed) {
                block.error = QStringLiteral("%1: \"%2\" is not a number").arg(place, cell.left(40));
                return block;
            }
            if (!std::isfinite(x) || std::abs(x) > limits::maxAbsValue) {
                block.error = QStringLiteral("%1: %2 is outside -1e6 … 1e6").arg(place, cell.left(40));
                return block;
            }
            row.push_back(x);
        }
        block.rows.push_back(std::move(row));
    }
    if (block.rows.empty())
        block.error = QStringLiteral("there are no numbers to paste");
    return block;
}

QString formatNumberBlock(const std::vector<std::vector<double>> &rows)
{
    QStringList lines;
    for (const auto &row : rows) {
        QStringList cells;
        for (double x : row)
            cells << formatNumber(x);
        lines << cells.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

} // namespace qkv
