#pragma once

#include <QString>

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

// The inverse, tab-separated with C-locale shortest numbers: what a spreadsheet pastes back.
QString formatNumberBlock(const std::vector<std::vector<double>> &rows);

} // namespace qkv
