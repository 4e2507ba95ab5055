#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace qkv {

// Where the query, key and value vectors come from.
enum class Mode { Direct, Projection, Weights };
// Which matrix product gives the raw scores S.
enum class Scoring { QueryKey, KeyKey, Embedding };
// How each row of S becomes attention weights.
enum class Normalization { ScaledSoftmax, Softmax, Sum, None };
enum class MaskKind { None, Causal };
enum class Positions { None, Sinusoidal };
enum class TokenizerKind { Whitespace, Words };

// Every document setting of SPEC §3 that is not a vector or matrix.
struct Settings {
    Mode mode = Mode::Direct;
    int heads = 1;
    int dim = 3;
    Scoring scoring = Scoring::QueryKey;
    Normalization normalization = Normalization::ScaledSoftmax;
    double temperature = 1.0;
    MaskKind mask = MaskKind::None;
    TokenizerKind tokenizer = TokenizerKind::Whitespace;
    int dModel = 4;
    Positions positions = Positions::None;

    bool operator==(const Settings &) const = default;
};

// Limits that keep a document computable and every allocation bounded; documented in README.
namespace limits {
inline constexpr int maxTokens = 8192;
inline constexpr int maxHeads = 64;
inline constexpr int maxDim = 1024;
inline constexpr int maxDModel = 4096;
inline constexpr double maxAbsValue = 1e6;
inline constexpr qint64 maxFileBytes = 64 * 1024 * 1024;
} // namespace limits

// The spellings used in documents and on the command line, one table per enum.
QString toString(Mode v);
QString toString(Scoring v);
QString toString(Normalization v);
QString toString(MaskKind v);
QString toString(Positions v);
QString toString(TokenizerKind v);

template<typename E>
std::optional<E> fromString(const QString &s);
template<typename E>
QStringList spellings();

} // namespace qkv
