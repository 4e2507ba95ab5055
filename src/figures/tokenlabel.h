#pragma once

#include <QString>

// Header-only: a small helper of the views without a build entry of its own.
namespace qkv {

// The most characters of a token a view lays out. No label shows more, and text layout costs
// grow faster than a string's length: one word of 100,000 letters must not take gigabytes.
inline constexpr qsizetype maxLabelLength = 200;

// A token as a view draws and measures it: whole if short enough, else its first characters
// (never half a surrogate pair) and "…".
inline QString tokenLabel(const QString &token)
{
    if (token.size() <= maxLabelLength)
        return token;
    qsizetype keep = maxLabelLength - 1;
    if (token.at(keep - 1).isHighSurrogate())
        --keep;
    return token.left(keep) + QChar(0x2026);
}

} // namespace qkv
