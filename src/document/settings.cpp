#include "document/settings.h"

#include <QCoreApplication>

#include <array>
#include <cmath>
#include <utility>

namespace qkv {
namespace {

template<typename E, std::size_t N>
using Table = std::array<std::pair<E, const char *>, N>;

constexpr Table<Mode, 3> modes {
    {{Mode::Direct, "direct"}, {Mode::Projection, "projection"}, {Mode::Weights, "weights"}}};
constexpr Table<Scoring, 3> scorings {
    {{Scoring::QueryKey, "query-key"}, {Scoring::KeyKey, "key-key"}, {Scoring::Embedding, "embedding"}}};
constexpr Table<Normalization, 4> normalizations {{{Normalization::ScaledSoftmax, "scaled-softmax"},
    {Normalization::Softmax, "softmax"}, {Normalization::Sum, "sum"}, {Normalization::None, "none"}}};
constexpr Table<MaskKind, 2> masks {{{MaskKind::None, "none"}, {MaskKind::Causal, "causal"}}};
constexpr Table<Positions, 2> positions {{{Positions::None, "none"}, {Positions::Sinusoidal, "sinusoidal"}}};
constexpr Table<TokenizerKind, 2> tokenizers {
    {{TokenizerKind::Whitespace, "whitespace"}, {TokenizerKind::Words, "words"}}};
constexpr Table<VectorScope, 2> scopes {{{VectorScope::PerWord, "per-word"}, {VectorScope::PerToken, "per-token"}}};
constexpr Table<Precision, 4> precisions {{{Precision::Float64, "float64"}, {Precision::Float32, "float32"},
    {Precision::Float16, "float16"}, {Precision::BFloat16, "bfloat16"}}};
constexpr Table<SoftmaxForm, 2> softmaxForms {{{SoftmaxForm::Stable, "stable"}, {SoftmaxForm::Naive, "naive"}}};

template<typename E>
constexpr const auto &tableFor()
{
    if constexpr (std::is_same_v<E, Mode>)
        return modes;
    else if constexpr (std::is_same_v<E, Scoring>)
        return scorings;
    else if constexpr (std::is_same_v<E, Normalization>)
        return normalizations;
    else if constexpr (std::is_same_v<E, MaskKind>)
        return masks;
    else if constexpr (std::is_same_v<E, Positions>)
        return positions;
    else if constexpr (std::is_same_v<E, VectorScope>)
        return scopes;
    else if constexpr (std::is_same_v<E, Precision>)
        return precisions;
    else if constexpr (std::is_same_v<E, SoftmaxForm>)
        return softmaxForms;
    else
        return tokenizers;
}

template<typename E>
QString name(E v)
{
    for (const auto &[value, text] : tableFor<E>())
        if (value == v)
            return QString::fromLatin1(text);
    return {};
}

} // namespace

QString toString(Mode v)
{
    return name(v);
}
QString toString(Scoring v)
{
    return name(v);
}
QString toString(Normalization v)
{
    return name(v);
}
QString toString(MaskKind v)
{
    return name(v);
}
QString toString(Positions v)
{
    return name(v);
}
QString toString(TokenizerKind v)
{
    return name(v);
}
QString toString(VectorScope v)
{
    return name(v);
}
QString toString(Precision v)
{
    return name(v);
}
QString toString(SoftmaxForm v)
{
    return name(v);
}

template<typename E>
std::optional<E> fromString(const QString &s)
{
    for (const auto &[value, text] : tableFor<E>())
        if (s == QLatin1String(text))
            return value;
    return std::nullopt;
}

template<typename E>
QStringList spellings()
{
    QStringList out;
    for (const auto &entry : tableFor<E>())
        out << QString::fromLatin1(entry.second);
    return out;
}

double numbersNeeded(const Settings &settings, int tokens, bool projections)
{
    const double n = tokens, heads = settings.heads, dim = settings.dim, dModel = settings.dModel;
    const double projected = projections ? n * dModel + heads * 3 * dModel * dim : 0.0;
    return heads * (2 * n * n + 4 * n * dim) + projected;
}

QString sizeRefusal(const Settings &settings, qsizetype tokens, bool projections)
{
    if (tokens > limits::maxTokens)
        return QStringLiteral("%1 tokens is more than the %2 this version handles").arg(tokens).arg(limits::maxTokens);
    const double needed = numbersNeeded(settings, static_cast<int>(tokens), projections);
    if (needed <= limits::maxNumbers)
        return {};
    return QStringLiteral("too large to compute: %1 heads, %2 tokens, dim %3, d_model %4 need %5 million numbers; "
                          "a document is limited to %6 million")
        .arg(settings.heads)
        .arg(tokens)
        .arg(settings.dim)
        .arg(settings.dModel)
        .arg(std::ceil(needed / 1e6), 0, 'f', 0)
        .arg(limits::maxNumbers / 1e6, 0, 'f', 0);
}

#define QKV_INSTANTIATE(E)                                                                                             \
    template std::optional<E> fromString<E>(const QString &);                                                          \
    template QStringList spellings<E>();
QKV_INSTANTIATE(Mode)
QKV_INSTANTIATE(Scoring)
QKV_INSTANTIATE(Normalization)
QKV_INSTANTIATE(MaskKind)
QKV_INSTANTIATE(Positions)
QKV_INSTANTIATE(TokenizerKind)
QKV_INSTANTIATE(VectorScope)
QKV_INSTANTIATE(Precision)
QKV_INSTANTIATE(SoftmaxForm)
#undef QKV_INSTANTIATE

namespace {
// The context of these texts in the translation catalogues.
struct SettingsText {
    Q_DECLARE_TR_FUNCTIONS(SettingsText)
};
} // namespace

QString unusedVectorReason(const Settings &settings, int role)
{
    if (role != 0 && role != 1)
        return {};
    if (settings.mode == Mode::Weights)
        return role == 0 ? SettingsText::tr("Queries are not used: in weights mode the attention is given directly.")
                         : SettingsText::tr("Keys are not used: in weights mode the attention is given directly.");
    if (settings.scoring == Scoring::Embedding)
        return role == 0 ? SettingsText::tr("Queries are not used: embedding scoring compares the words' own vectors.")
                         : SettingsText::tr("Keys are not used: embedding scoring compares the words' own vectors.");
    if (settings.scoring == Scoring::KeyKey && role == 0)
        return SettingsText::tr("Queries are not used: key·key scoring compares keys with keys.");
    return {};
}

} // namespace qkv
