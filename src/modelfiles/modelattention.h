#pragma once

#include "modelfiles/recomputedattention.h"
#include "tensorfiles/tensor.h"

#include <Eigen/Core>

#include <QFloat16>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace qkv {

// FloatMatrix (recomputedattention.h): row-major floats, as a model's numbers are floats (half the
// memory of doubles at 512 tokens × 144 heads), and a query's attention is then a contiguous row.
using HalfValues = std::vector<qfloat16>;

// Which attention of an encoder-decoder model (T5): the encoder's self-attention (a one-stack
// model's only one), the decoder's own, or the decoder's over the encoder's output.
enum class AttentionStack { Encoder, Decoder, Cross };

// A real transformer's attention on one sentence: an n × m matrix per layer and head
// (row = querying token, column = attended token; m = n but in cross-attention) and, when the
// file has them, each head's queries (n × dim), keys and values (m × dim). The numbers stay in
// the buffers the reader decoded them into, in the file's [layer][head][row][column] order (a
// 512-token, 144-head model is 150 MB: it is moved, never copied); the accessors give each
// head's matrix, the vectors as views. A long run's attention is kept in float16.
struct ModelAttention {
    using View = Eigen::Map<const FloatMatrix>;

    QStringList tokens; // the queries' (rows')
    // Cross-attention: the keys' tokens (the columns'), another sentence's; empty: the queries' own.
    QStringList keyTokens;
    int layers = 0;
    int heads = 0;
    int n = 0;
    int dim = 0; // 0 when the file holds no queries, keys and values
    FloatValues attention; // layers × heads × n × m, or empty when `halfAttention` holds them
    // The same in float16, for a run too long to keep them in float32 (GPT-2 small at 1,024
    // tokens: 302 MB, not 604): each weight to within 1/2,048 of itself, below 6·10⁻⁸ as 0.
    HalfValues halfAttention;
    // Or none of it, for a run too long to keep even that: each head's computed when asked for.
    std::shared_ptr<const RecomputedAttention> recomputed;
    FloatValues queries; // layers × heads × n × dim, or empty
    FloatValues keys, values; // layers × heads × m × dim, or empty
    // Where the numbers come from, for what the window says of them: a file read, or a model run
    // by QKV Lab itself.
    bool computedHere = false;
    // The heads (layer, head) the run switched off: their attention is the model's, their output
    // zero. Empty for a file read.
    std::set<std::pair<int, int>> switchedOff;
    // A preview of a run still computing: how many layers after these it will have.
    int layersComputing = 0;

    // An encoder-decoder model's decoder self-attention and cross-attention, beside this (its
    // encoder's); null for a model of one stack.
    std::shared_ptr<const ModelAttention> decoder, cross;

    bool isCross() const { return !keyTokens.isEmpty(); }
    int keyCount() const { return isCross() ? int(keyTokens.size()) : n; }
    const QStringList &columnTokens() const { return isCross() ? keyTokens : tokens; }
    bool isEncoderDecoder() const { return decoder && cross; }
    // The attention of `stack`: this one for Encoder, null when the model has no such stack.
    const ModelAttention *stack(AttentionStack s) const
    {
        return s == AttentionStack::Encoder ? this : s == AttentionStack::Decoder ? decoder.get() : cross.get();
    }

    bool hasVectors() const { return dim > 0; }
    bool keepsHalfAttention() const { return !halfAttention.empty(); }
    bool recomputesAttention() const { return recomputed != nullptr; }
    // Head `head` of layer `layer`: n × m weights, widened from float16 when kept so, computed
    // when recomputed.
    FloatMatrix weights(int layer, int head) const;
    // The same for a pass over every head: a recomputed head is not kept (weightsInPassing).
    FloatMatrix weightsInPassing(int layer, int head) const
    {
        return recomputed ? recomputed->weightsInPassing(layer, head) : weights(layer, head);
    }
    // The bytes the attention (all layers and heads) takes as kept: 0 when recomputed.
    qint64 attentionBytes() const;
    View queryVectors(int layer, int head) const { return block(queries, layer, head, n, dim); }
    View keyVectors(int layer, int head) const { return block(keys, layer, head, keyCount(), dim); }
    View valueVectors(int layer, int head) const { return block(values, layer, head, keyCount(), dim); }

private:
    View block(const FloatValues &v, int layer, int head, int rows, int cols) const
    {
        return View(v.data() + (qint64(layer) * heads + head) * rows * cols, rows, cols);
    }
};

// A causal model's self-attention over its first `count` tokens (1 … n): each head's top-left
// count × count weights and its first `count` queries, keys and values, in float32 — exactly what
// the model computes on those tokens alone, since no row sees a later token. A generated text's
// step is one of these. Null for cross-attention or an encoder-decoder model.
std::shared_ptr<ModelAttention> firstTokens(const ModelAttention &all, int count);

// The arrays a model file is searched for; the rest of the file is only listed.
bool isModelArrayName(const QString &name);

// Interprets the arrays read from `where`: "attention" (or "attentions", or the one array of an
// .npy) of shape [n, n], [heads, n, n] or [layers, heads, n, n], each optionally with a batch
// dimension of 1 in front (or after the layers, as torch.stack of a model's batch-1 outputs
// gives); optional "queries", "keys" and "values" [layers, heads, n, d] (all three or none);
// tokens from the file's "tokens" or, failing that, `sideTokens` (read from `sideTokensFile`).
// Every mismatch is refused with a message naming the file and the array.
std::optional<ModelAttention> interpretModelAttention(TensorFile file, const QString &where,
    const std::optional<QStringList> &sideTokens, const QString &sideTokensFile, QString *error);

// The side-car files looked for, in order, when a model file holds no tokens:
// `<file>.tokens.txt`, then `tokens.txt` in the same folder.
QStringList sideCarTokenFiles(const QString &path);

// One token per line (UTF-8; a final newline and \r before newlines are ignored); an empty
// line is refused with its line number.
std::optional<QStringList> readTokenLines(const QString &path, QString *error);

// Reads a .npy, .npz, .safetensors or .json file by its suffix and interprets it.
std::optional<ModelAttention> loadModelAttention(const QString &path, QString *error);

} // namespace qkv
