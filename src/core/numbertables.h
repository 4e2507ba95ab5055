#pragma once

#include <Eigen/Core>

#include <QString>
#include <QStringList>

#include <optional>

namespace qkv {

enum class TableFormat { Csv, Markdown, LatexTabular, LatexBmatrix };

// "csv", "md", "tex" (tabular) and "bmatrix", as the command line spells them.
std::optional<TableFormat> tableFormatFromString(const QString &name);

// A matrix of numbers with its row and column labels (tokens, or q1…qd) as text for a
// spreadsheet (CSV, RFC 4180 quoting), a Markdown document, or a LaTeX document (tabular with
// labels, or a bmatrix of the numbers alone). CSV keeps every digit (C locale, round-trip);
// Markdown and LaTeX round to `decimals` places.
QString formatTable(const Eigen::MatrixXd &m, const QStringList &rowLabels, const QStringList &colLabels,
    TableFormat format, int decimals = 6);

// LaTeX-safe text: the ten special characters escaped.
QString latexEscape(const QString &text);

} // namespace qkv
