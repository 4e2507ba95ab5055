#include "document/numberblock.h"

#include "document/jsonwriter.h"
#include "document/settings.h"

#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

#include <cmath>

namespace qkv {

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
            bool ok = false;
            double x = QLocale::c().toDouble(cell, &ok);
            if (!ok && tabs) // a decimal comma is only unambiguous when tabs separate the cells
                x = QLocale().toDouble(cell, &ok);
            const QString place = QStringLiteral("row %1, column %2").arg(r + 1).arg(c + 1);
            if (!ok) {
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
