#pragma once

// What the model-file targets (fuzz_npy, fuzz_npz, fuzz_safetensors, fuzz_attentionjson) check
// on every input: the promises of src/tensorfiles/tensorreaders.h on what a reader gives back, then
// those of interpretModelAttention on what the decoded arrays become.

#include "document/settings.h"
#include "fuzzcheck.h"
#include "modelfiles/attentionreaders.h"
#include "modelfiles/modelattention.h"
#include "modelfiles/tokengroups.h"
#include "tensorfiles/tensor.h"

#include <QByteArrayView>

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>

namespace qkv::fuzz {

inline QByteArrayView bytes(const uint8_t *data, size_t size)
{
    return QByteArrayView(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
}

// A refusal says where; an accepted file holds tensors whose shape and values agree, finite
// values only, at most limits::maxTensorBytes of them, each named once and listed in `names`.
inline void checkTensorFile(const TensorFile &file, const QString &where)
{
    if (!file) {
        FUZZ_CHECK(file.error.startsWith(where + u':'), file.error);
        FUZZ_CHECK(file.error.size() > where.size() + 2, QStringLiteral("refused without a message"));
        FUZZ_CHECK(file.tensors.empty(), QStringLiteral("refused, but tensors were kept: ") + file.error);
        return;
    }
    qint64 total = 0;
    std::set<QString> seen;
    for (const Tensor &t : file.tensors) {
        const QString what = QStringLiteral("'%1' %2").arg(t.name, t.shapeString());
        FUZZ_CHECK(seen.insert(t.name).second, QStringLiteral("two tensors named '%1'").arg(t.name));
        FUZZ_CHECK(file.names.contains(t.name), what + QStringLiteral(" is not in the names"));
        FUZZ_CHECK(t.shape.size() <= 32, what);
        qint64 count = 1;
        for (qint64 d : t.shape) {
            FUZZ_CHECK(d >= 0, what + QStringLiteral(": a negative dimension"));
            // Accepted shapes fit the budget, so the product of the dimensions before a zero one
            // never overflows.
            FUZZ_CHECK(d == 0 || count <= limits::maxTensorBytes / d, what + QStringLiteral(": shape overflows"));
            count *= d;
        }
        FUZZ_CHECK(t.count() == count, what);
        if (t.text) {
            FUZZ_CHECK(t.data.empty(), what + QStringLiteral(": a text tensor with numbers"));
            FUZZ_CHECK(
                t.strings.size() == count, what + QStringLiteral(": %1 strings for the shape").arg(t.strings.size()));
            continue;
        }
        FUZZ_CHECK(t.strings.isEmpty(), what + QStringLiteral(": a number tensor with strings"));
        FUZZ_CHECK(
            qint64(t.data.size()) == count, what + QStringLiteral(": %1 values for the shape").arg(t.data.size()));
        for (std::size_t i = 0; i < t.data.size(); ++i)
            FUZZ_CHECK(std::isfinite(t.data[i]), what + QStringLiteral(": value %1 is not finite").arg(i));
        total += qint64(t.data.size() * sizeof(float));
    }
    FUZZ_CHECK(total <= limits::maxTensorBytes, QStringLiteral("%1 bytes of values decoded").arg(total));
}

// A file read with a filter (as a model file is) succeeds whenever the whole file does, lists
// the same names and decodes the wanted tensors to the same values.
inline void checkFiltered(const TensorFile &all, const TensorFile &filtered, const TensorFilter &wanted)
{
    if (!all)
        return;
    FUZZ_CHECK(filtered, QStringLiteral("read in full, but refused with a filter: ") + filtered.error);
    FUZZ_CHECK(filtered.names == all.names, QStringLiteral("the filter changed the names"));
    for (const Tensor &t : all.tensors) {
        const Tensor *f = filtered.find(t.name);
        FUZZ_CHECK(!wanted(t.name) || f, QStringLiteral("'%1' is wanted but was not decoded").arg(t.name));
        FUZZ_CHECK(wanted(t.name) || !f, QStringLiteral("'%1' is not wanted but was decoded").arg(t.name));
        if (!f)
            continue;
        FUZZ_CHECK(f->shape == t.shape && f->text == t.text && f->strings == t.strings,
            QStringLiteral("'%1' differs when read with a filter").arg(t.name));
        FUZZ_CHECK(f->data.size() == t.data.size()
                && std::equal(f->data.begin(), f->data.end(), t.data.begin(),
                    [](float a, float b) { return std::bit_cast<quint32>(a) == std::bit_cast<quint32>(b); }),
            QStringLiteral("'%1' has other values when read with a filter").arg(t.name));
    }
}

// interpretModelAttention's promise: a ModelAttention whose sizes agree, or a refusal that says
// why. Every accessor's last block lies within its buffer, and grouping its tokens works on it.
inline void checkModel(const ModelAttention &m)
{
    FUZZ_CHECK(m.layers > 0 && m.heads > 0 && m.n > 0 && m.n <= limits::maxTokens,
        QStringLiteral("%1 layers, %2 heads, %3 tokens").arg(m.layers).arg(m.heads).arg(m.n));
    const qint64 heads = qint64(m.layers) * m.heads;
    FUZZ_CHECK(m.tokens.size() == m.n, QStringLiteral("%1 tokens for n = %2").arg(m.tokens.size()).arg(m.n));
    FUZZ_CHECK(qint64(m.attention.size()) == heads * m.n * m.n,
        QStringLiteral("%1 attention values for %2 heads of %3 tokens").arg(m.attention.size()).arg(heads).arg(m.n));
    FUZZ_CHECK(m.dim >= 0 && m.dim <= limits::maxDim, QStringLiteral("dim %1").arg(m.dim));
    for (const FloatValues *v : {&m.queries, &m.keys, &m.values}) {
        if (m.hasVectors())
            FUZZ_CHECK(qint64(v->size()) == heads * m.n * m.dim,
                QStringLiteral("%1 vector values for %2 heads, %3 tokens, dim %4")
                    .arg(v->size())
                    .arg(heads)
                    .arg(m.n)
                    .arg(m.dim));
        else
            FUZZ_CHECK(v->empty(), QStringLiteral("vectors without a dim"));
    }
    const int lastLayer = m.layers - 1, lastHead = m.heads - 1;
    FUZZ_CHECK(m.weights(lastLayer, lastHead).allFinite(), QStringLiteral("non-finite attention"));
    if (m.hasVectors())
        FUZZ_CHECK(m.queryVectors(lastLayer, lastHead).allFinite() && m.keyVectors(lastLayer, lastHead).allFinite()
                && m.valueVectors(lastLayer, lastHead).allFinite(),
            QStringLiteral("non-finite vectors"));

    // What the views do with it: special tokens hidden, pieces merged.
    TokenGroupOptions options;
    options.hideSpecial = true;
    options.merge = SubwordStyle::Auto;
    const TokenGroups groups = groupTokens(m.tokens, options);
    const FloatMatrix grouped = regroup(m.weights(0, 0), groups);
    FUZZ_CHECK(grouped.rows() == qsizetype(groups.members.size()) && grouped.cols() == grouped.rows(),
        QStringLiteral("regroup gave %1 × %2 for %3 groups")
            .arg(grouped.rows())
            .arg(grouped.cols())
            .arg(groups.members.size()));
    if (m.hasVectors())
        FUZZ_CHECK(regroupVectors(m.queryVectors(0, 0), groups).rows() == grouped.rows(), QString());
}

inline void checkInterpretation(const TensorFile &file, const QString &where)
{
    if (!file)
        return;
    QString error;
    const std::optional<ModelAttention> m = interpretModelAttention(file, where, std::nullopt, QString(), &error);
    if (m)
        checkModel(*m);
    else
        FUZZ_CHECK(error.startsWith(where + u": "_qs) && error.size() > where.size() + 2,
            QStringLiteral("refused without a message: ") + error);
    if (file.find(QStringLiteral("tokens")))
        return;
    FUZZ_CHECK(!m, QStringLiteral("accepted without tokens"));
    // No tokens in the file: a side-car list of as many tokens as the attention's last
    // dimension, so the rest of the interpretation is reached too.
    const Tensor *a = file.find(QStringLiteral("attention"));
    if (!a)
        a = file.find(QStringLiteral("attentions"));
    if (!a && file.tensors.size() == 1)
        a = &file.tensors.front();
    if (!a || a->shape.empty() || a->shape.back() > limits::maxTokens)
        return;
    QStringList side;
    for (qint64 i = 0; i < a->shape.back(); ++i)
        side << (i % 3 == 0 ? QStringLiteral("Ġw%1") : QStringLiteral("p%1")).arg(i);
    error.clear();
    const std::optional<ModelAttention> withSide
        = interpretModelAttention(file, where, side, QStringLiteral("tokens.txt"), &error);
    if (withSide) {
        FUZZ_CHECK(withSide->tokens == side, QStringLiteral("the side-car tokens were not taken"));
        checkModel(*withSide);
    } else {
        FUZZ_CHECK(error.startsWith(where + u": "_qs) && error.size() > where.size() + 2,
            QStringLiteral("refused without a message: ") + error);
    }
}

} // namespace qkv::fuzz
