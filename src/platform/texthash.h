#pragma once

#include <QHash>
#include <QString>

#include <cstddef>

namespace qkv {

// A hash for std::unordered_map keyed by a document's tokens. Qt 6.4's own, with its per-process
// seed, hashes a string under 8 characters (most words) with AES code that mixes AVX and SSE
// encodings on CPUs with VAES and AVX-512: 150 ns a hash on an Intel Xeon (Sapphire Rapids), 20
// times a longer string's, a tenth of gathering 64 tokens' vectors. Unseeded, Qt hashes without
// AES. Only for keys whose count is bounded (a document's tokens): a crafted text could make
// them collide, which then costs a string comparison per pair, not a hang.
struct TokenHash {
    std::size_t operator()(const QString &text) const noexcept { return qHash(QStringView(text), 0); }
};

} // namespace qkv
