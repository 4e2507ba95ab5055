#include "modelfiles/modelattention.h"

#include "document/settings.h"
#include "modelfiles/attentionreaders.h"
#include "tensorfiles/tensordecode.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <array>
#include <utility>

namespace qkv {

FloatMatrix ModelAttention::weights(int layer, int head) const
{
    if (recomputed)
        return recomputed->weights(layer, head);
    const qint64 m = keyCount(), size = qint64(n) * m, at = (qint64(layer) * heads + head) * size;
    FloatMatrix out(n, m);
    if (keepsHalfAttention())
        qFloatFromFloat16(out.data(), halfAttention.data() + at, size);
    else
        std::copy_n(attention.data() + at, size, out.data());
    return out;
}

qint64 ModelAttention::attentionBytes() const
{
    return keepsHalfAttention() ? qint64(halfAttention.size() * sizeof(qfloat16))
                                : qint64(attention.size() * sizeof(float));
}

std::shared_ptr<ModelAttention> firstTokens(const ModelAttention &all, int count)
{
    if (all.isCross() || all.isEncoderDecoder() || count < 1 || count > all.n)
        return nullptr;
    auto out = std::make_shared<ModelAttention>();
    out->tokens = all.tokens.first(count);
    out->layers = all.layers;
    out->heads = all.heads;
    out->n = count;
    out->dim = all.dim;
    out->computedHere = all.computedHere;
    out->switchedOff = all.switchedOff;
    const qint64 c = count, blocks = qint64(all.layers) * all.heads;
    if (all.recomputed) { // a long run's: computed when asked for, as the whole run's are
        out->recomputed = std::make_shared<const RecomputedAttention>([whole = all.recomputed, count](int l, int h) {
            return FloatMatrix(whole->weights(l, h).topLeftCorner(count, count));
        });
    } else {
        out->attention.resize(std::size_t(blocks * c * c));
    }
    for (int l = 0; l < all.layers && !all.recomputed; ++l)
        for (int h = 0; h < all.heads; ++h) {
            const qint64 at = qint64(l) * all.heads + h;
            Eigen::Map<FloatMatrix>(out->attention.data() + at * c * c, count, count)
                = all.weights(l, h).topLeftCorner(count, count);
        }
    if (all.hasVectors()) {
        for (auto [from, to] :
            {std::pair {&all.queries, &out->queries}, {&all.keys, &out->keys}, {&all.values, &out->values}}) {
            to->resize(std::size_t(blocks * c * all.dim));
            for (qint64 b = 0; b < blocks; ++b)
                std::copy_n(from->data() + b * all.n * all.dim, c * all.dim, to->data() + b * c * all.dim);
        }
    }
    return out;
}

namespace {

using tensorio::fail;
using tensorio::Invalid;

// layers, heads, rows, columns
using Shape4 = std::array<qint64, 4>;

Shape4 normalized(const Tensor &t, const QString &lastName)
{
    const std::vector<qint64> &s = t.shape;
    switch (s.size()) {
    case 2:
        return {1, 1, s[0], s[1]};
    case 3:
        return {1, s[0], s[1], s[2]};
    case 4:
        return {s[0], s[1], s[2], s[3]};
    case 5:
        if (s[0] == 1)
            return {s[1], s[2], s[3], s[4]};
        if (s[1] == 1)
            return {s[0], s[2], s[3], s[4]};
        break;
    default:
        break;
    }
    fail(QStringLiteral("%1: shape %2 is not [n, %3], [heads, n, %3] or [layers, heads, n, %3] (a batch dimension "
                        "of 1 may come first)")
             .arg(t.name.isEmpty() ? QStringLiteral("array") : t.name, t.shapeString(), lastName));
}

// The readers keep data and shape in step; a tensor built by other code is checked all the same.
FloatValues takeValues(Tensor &t)
{
    if (qint64(t.data.size()) != t.count())
        fail(QStringLiteral("%1: shape %2 does not match its %3 values")
                 .arg(t.name, t.shapeString())
                 .arg(t.data.size()));
    return std::move(t.data);
}

Tensor &attentionTensor(TensorFile &file)
{
    for (const char *name : {"attention", "attentions"})
        if (Tensor *t = file.find(QLatin1String(name)))
            return *t;
    // A lone .npy array has no name.
    if (file.tensors.size() == 1 && file.tensors.front().name.isEmpty() && file.names == QStringList {QString()})
        return file.tensors.front();
    fail(QStringLiteral("no array named \"attention\" (or \"attentions\"); the file holds %1")
             .arg(file.names.isEmpty() ? QStringLiteral("none")
                                       : u'"' + file.names.join(QStringLiteral("\", \"")) + u'"'));
}

QStringList fileTokens(const Tensor &t)
{
    if (!t.text)
        fail(QStringLiteral("tokens: expected strings (a NumPy string array), got numbers of shape %1")
                 .arg(t.shapeString()));
    if (!(t.shape.size() == 1 || (t.shape.size() == 2 && t.shape[0] == 1)))
        fail(QStringLiteral("tokens: expected one list of strings, got shape %1").arg(t.shapeString()));
    return t.strings;
}

void readVectors(TensorFile &file, ModelAttention &m)
{
    Tensor *q = file.find(QStringLiteral("queries"));
    Tensor *k = file.find(QStringLiteral("keys"));
    Tensor *v = file.find(QStringLiteral("values"));
    if (!q && !k && !v)
        return;
    if (!q || !k || !v)
        fail(QStringLiteral("the file has only some of \"queries\", \"keys\" and \"values\"; give all three or none"));
    Shape4 first {};
    for (const Tensor *t : {q, k, v}) {
        if (t->text)
            fail(QStringLiteral("%1: expected numbers, got strings").arg(t->name));
        const Shape4 s = normalized(*t, QStringLiteral("d"));
        if (s[0] != m.layers || s[1] != m.heads || s[2] != m.n)
            fail(QStringLiteral("%1: shape %2 does not match the attention's layers, heads and tokens (%3, %4, %5)")
                     .arg(t->name, t->shapeString())
                     .arg(m.layers)
                     .arg(m.heads)
                     .arg(m.n));
        if (t != q && s[3] != first[3])
            fail(QStringLiteral("%1: shape %2 has vectors of %3 numbers, but the queries have %4")
                     .arg(t->name, t->shapeString())
                     .arg(s[3])
                     .arg(first[3]));
        if (s[3] < 1 || s[3] > limits::maxDim)
            fail(QStringLiteral("%1: vectors of %2 numbers; this program reads 1 to %3")
                     .arg(t->name)
                     .arg(s[3])
                     .arg(limits::maxDim));
        first = s;
    }
    // Every accepted shape is [layers, heads, n, d] in memory: the buffers move over as they are.
    m.dim = int(first[3]);
    m.queries = takeValues(*q);
    m.keys = takeValues(*k);
    m.values = takeValues(*v);
}

ModelAttention interpret(
    TensorFile &file, const std::optional<QStringList> &sideTokens, const QString &sideTokensFile, const QString &where)
{
    Tensor &a = attentionTensor(file);
    const QString name = a.name.isEmpty() ? QStringLiteral("array") : a.name;
    if (a.text)
        fail(QStringLiteral("%1: expected numbers, got strings").arg(name));
    const Shape4 s = normalized(a, QStringLiteral("n"));
    if (s[2] != s[3])
        fail(QStringLiteral("%1: shape %2 is not square in its last two dimensions").arg(name, a.shapeString()));
    if (s[2] == 0 || s[0] == 0 || s[1] == 0)
        fail(QStringLiteral("%1: shape %2 holds no attention").arg(name, a.shapeString()));
    if (s[2] > limits::maxTokens)
        fail(QStringLiteral("%1: %2 tokens is more than the %3 this version handles")
                 .arg(name)
                 .arg(s[2])
                 .arg(limits::maxTokens));

    ModelAttention m;
    if (const Tensor *t = file.find(QStringLiteral("tokens")))
        m.tokens = fileTokens(*t);
    else if (sideTokens)
        m.tokens = *sideTokens;
    else
        fail(QStringLiteral("no tokens: the file holds no \"tokens\" array, and there is no %1 (one token per line)")
                 .arg(sideCarTokenFiles(where).join(QStringLiteral(" or "))));
    if (m.tokens.size() != s[2])
        fail(QStringLiteral("%1: shape %2 is for %3 tokens, but %4 has %5")
                 .arg(name, a.shapeString())
                 .arg(s[2])
                 .arg(file.find(QStringLiteral("tokens")) ? QStringLiteral("\"tokens\"") : sideTokensFile)
                 .arg(m.tokens.size()));
    m.layers = int(s[0]);
    m.heads = int(s[1]);
    m.n = int(s[2]);
    m.attention = takeValues(a);
    readVectors(file, m);
    return m;
}

} // namespace

bool isModelArrayName(const QString &name)
{
    static const QStringList names {QString(), QStringLiteral("attention"), QStringLiteral("attentions"),
        QStringLiteral("queries"), QStringLiteral("keys"), QStringLiteral("values"), QStringLiteral("tokens")};
    return names.contains(name);
}

std::optional<ModelAttention> interpretModelAttention(TensorFile file, const QString &where,
    const std::optional<QStringList> &sideTokens, const QString &sideTokensFile, QString *error)
{
    try {
        return interpret(file, sideTokens, sideTokensFile, where);
    } catch (const Invalid &e) {
        if (error)
            *error = where + u": "_qs + e.message;
    }
    return std::nullopt;
}

QStringList sideCarTokenFiles(const QString &path)
{
    const QFileInfo info(path);
    return {path + QStringLiteral(".tokens.txt"), info.dir().filePath(QStringLiteral("tokens.txt"))};
}

std::optional<QStringList> readTokenLines(const QString &path, QString *error)
{
    constexpr qint64 maxBytes = 16 << 20;
    QFile f(path);
    const auto failed = [&](const QString &message) {
        if (error)
            *error = path + message;
        return std::nullopt;
    };
    if (!f.open(QIODevice::ReadOnly))
        return failed(u": "_qs + f.errorString());
    if (f.size() > maxBytes)
        return failed(QStringLiteral(": %1 MiB is more than a token list needs").arg(f.size() >> 20));
    QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines[i].endsWith(u'\r'))
            lines[i].chop(1);
        if (lines[i].isEmpty())
            return failed(QStringLiteral(":%1: empty line; the file has one token per line").arg(i + 1));
    }
    return lines;
}

std::optional<ModelAttention> loadModelAttention(const QString &path, QString *error)
{
    TensorFile file = readTensorFile(path, isModelArrayName);
    if (!file) {
        if (error)
            *error = file.error;
        return std::nullopt;
    }
    std::optional<QStringList> sideTokens;
    QString sideTokensFile;
    if (!file.find(QStringLiteral("tokens"))) {
        for (const QString &candidate : sideCarTokenFiles(path)) {
            if (QFileInfo(candidate).isFile()) {
                sideTokensFile = candidate;
                sideTokens = readTokenLines(candidate, error);
                if (!sideTokens)
                    return std::nullopt;
                break;
            }
        }
    }
    return interpretModelAttention(std::move(file), path, sideTokens, sideTokensFile, error);
}

} // namespace qkv
