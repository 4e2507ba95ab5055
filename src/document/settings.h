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
// Whom the vectors belong to: the word (every occurrence shares them, as in the articles), or
// the position (a real model's vectors depend on context).
enum class VectorScope { PerWord, PerToken };
// The arithmetic of the whole computation: every result rounded to this format after each
// operation, as the hardware would (float64 is the exact default).
enum class Precision { Float64, Float32, Float16, BFloat16 };
// Softmax as it should be (the row's largest score subtracted first) or naively (exp of the raw
// scores, which overflows in a narrow format).
enum class SoftmaxForm { Stable, Naive };

// Every document setting that is not a vector or matrix.
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
    VectorScope vectors = VectorScope::PerWord;
    Precision precision = Precision::Float64;
    SoftmaxForm softmax = SoftmaxForm::Stable;

    // Whether the arithmetic is anything but exact float64 with a stable softmax.
    bool emulated() const { return precision != Precision::Float64 || softmax != SoftmaxForm::Stable; }

    bool operator==(const Settings &) const = default;
};

// Limits that keep a document computable and every allocation bounded; documented in the manual.
namespace limits {
inline constexpr int maxTokens = 8192;
inline constexpr int maxHeads = 64;
inline constexpr int maxDim = 1024;
inline constexpr int maxDModel = 4096;
inline constexpr double maxAbsValue = 1e6;
inline constexpr qint64 maxFileBytes = qint64(64) << 20;
// Each limit above alone is affordable, not all at once: 64 heads at 8,192 tokens need 69 GB.
// So a document may hold and compute at most this many numbers (3.2 GB of doubles; 8 heads at
// 4,096 tokens with d = 64 need 2.8e8), and a file of a few bytes cannot exhaust memory.
inline constexpr double maxNumbers = 4e8;
} // namespace limits

// How many numbers a document with these settings and tokens holds and computes (see
// limits::maxNumbers): per head the n × n scores and weights, Q, K, V and the output, and with
// projections the embeddings and the W_Q, W_K, W_V of every head.
double numbersNeeded(const Settings &settings, int tokens, bool projections);
// Why a document of these settings and tokens is too large (limits::maxTokens, maxNumbers), or
// empty when it is not; the one check of files read and of edits in the window.
QString sizeRefusal(const Settings &settings, qsizetype tokens, bool projections);

// Why these settings leave the queries or the keys out of the computation (key·key scoring
// uses no queries, embedding similarity and given weights neither), or empty when they are used.
// Role 0 is the query, 1 the key; values are always used.
QString unusedVectorReason(const Settings &settings, int role);

// The spellings used in documents and on the command line, one table per enum.
QString toString(Mode v);
QString toString(Scoring v);
QString toString(Normalization v);
QString toString(MaskKind v);
QString toString(Positions v);
QString toString(TokenizerKind v);
QString toString(VectorScope v);
QString toString(Precision v);
QString toString(SoftmaxForm v);

template<typename E>
std::optional<E> fromString(const QString &s);
template<typename E>
QStringList spellings();

} // namespace qkv
