#pragma once

#include <QLocale>
#include <QString>

namespace qkv {

// `v` with `decimals` decimals, a real minus sign (U+2212) and none on a number that rounds to
// zero (-0.001 at two decimals is "0.00"), no group separators, and the decimal separator of
// `locale`: the user's in the window ("0,12" in German), C in files and exports, so that a
// figure on a slide reads the same wherever it was made.
QString formatSigned(double v, int decimals, const QLocale &locale = QLocale::c());

// A change: as formatSigned, with a "+" on a number that does not round to zero ("+0.12",
// "−0.12", "0.00"), so that a Δ cell says which way it moved without its colour.
QString formatChange(double v, int decimals, const QLocale &locale = QLocale::c());

} // namespace qkv
