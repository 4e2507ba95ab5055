#pragma once

#include <QLocale>
#include <QString>

#include <optional>
#include <vector>

namespace qkv {

// A rectangular-ish block of numbers pasted from a spreadsheet or typed: rows on lines,
// cells separated by tabs (or, without tabs, commas or semicolons). `error` names the exact
// row and column of the first cell that is not a usable number.
struct NumberBlock {
    std::vector<std::vector<double>> rows;
    QString error;
};

NumberBlock parseNumberBlock(const QString &text);

// A number as a person types it into a cell: in `locale` (the user's: "0,5" in German) or in C,
// never with group separators, so that no text can mean two numbers ("1,234" is 1.234 in German
// and not a number in English). Nothing when it is neither.
std::optional<double> parseTypedNumber(const QString &text, const QLocale &locale = QLocale());
// A number as the window shows it for reading or editing: `precision` significant digits ('g'),
// or the shortest that reads back exactly, in `locale` without group separators. Files, exports
// and the clipboard keep C (formatNumber).
QString shownNumber(double x, const QLocale &locale = QLocale(), int precision = QLocale::FloatingPointShortest);

// The inverse, tab-separated with C-locale shortest numbers: what a spreadsheet pastes back.
QString formatNumberBlock(const std::vector<std::vector<double>> &rows);

} // namespace qkv
