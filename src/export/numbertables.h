#pragma once

#include <Eigen/Core>

#include <QString>
#include <QStringList>

#include <optional>

namespace qkv {

constexpr int defaultTableDecimals = 6;
constexpr int maxTableDecimals = 10;

enum class TableFormat { Csv, Markdown, LatexTabular, LatexBmatrix };

// "csv", "md", "tex" (tabular) and "bmatrix", as the command line spells them.
std::optional<TableFormat> tableFormatFromString(const QString &name);

// A matrix of numbers with its row and column labels (tokens, or q1…qd) as text for a
// spreadsheet (CSV, RFC 4180 quoting), a Markdown document, or a LaTeX document (tabular with
// labels, or a bmatrix of the numbers alone). Numbers are rounded to `decimals` places (0 to 10);
// -1 keeps every digit in CSV (C locale, round-trip) and rounds Markdown and LaTeX to 6. LaTeX
// starts with a comment naming the packages it needs; a table that may be wider than a line is
// scaled down to \linewidth where it is (graphicx), and a bmatrix of more than 10 columns raises
// amsmath's MaxMatrixCols.
QString formatTable(const Eigen::MatrixXd &m, const QStringList &rowLabels, const QStringList &colLabels,
    TableFormat format, int decimals = -1);

// `x` with exactly `decimals` decimals (0 to 10), C locale, an ASCII minus, and no "-0.00": the one
// rounding rule of every table and of the worked computation, so that a column of numbers lines up.
QString formatFixed(double x, int decimals);

// LaTeX-safe text: the ten special characters escaped.
QString latexEscape(const QString &text);

} // namespace qkv
