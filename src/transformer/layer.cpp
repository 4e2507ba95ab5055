#include "transformer/forwardsteps.h"
#include "transformer/tensormath.h"

namespace qkv::transformer {
namespace {

// Each head's columns (`size` apart) normalized as rows of their own.
void normalizeHeads(Eigen::MatrixXf &x, const Norm &norm, float eps, Eigen::Index size)
{
    for (Eigen::Index h = 0; h + size <= x.cols(); h += size) {
        Eigen::MatrixXf head = x.middleCols(h, size);
        normalizeRows(head, norm, eps);
        x.middleCols(h, size) = head;
    }
}

} // namespace

// Gemma 3's sliding layers turn by a base of their own, unscaled.
static Config localRope(const Config &c)
{
    Config local = c;
    local.ropeTheta = c.localRopeTheta;
    local.ropeScaling = {};
    local.ropeFactors.clear();
    return local;
}

Rotaries::Rotaries(const Config &c, const std::vector<Eigen::Index> &passages)
{
    if (c.rotary())
        global.emplace(c, passages);
    if (c.rotary() && c.localRopeTheta > 0)
        local.emplace(localRope(c), passages);
}

Rotaries::Rotaries(const Config &c, Eigen::Index first, Eigen::Index count)
{
    if (c.rotary())
        global.emplace(c, first, count);
    if (c.rotary() && c.localRopeTheta > 0)
        local.emplace(localRope(c), first, count);
}

const Rotary *Rotaries::at(const Config &c, int layer) const
{
    if (local && c.windowAt(layer) > 0)
        return &*local;
    return global ? &*global : nullptr;
}

// down(act(up(m))), or down(silu(gate(m)) ⊙ up(m)) for SwiGLU (gate and up fused for Phi-3).
Eigen::MatrixXf feedForward(const LayerWeights &w, const Config &c, const Eigen::MatrixXf &m)
{
    if (w.gateUp) {
        const Eigen::MatrixXf both = applyLinear(w.gateUp, m);
        Eigen::MatrixXf gate = both.leftCols(c.intermediate);
        activate(gate, c.activation);
        return applyLinear(w.down, (gate.array() * both.rightCols(c.intermediate).array()).matrix());
    }
    Eigen::MatrixXf up = applyLinear(w.up, m);
    if (w.gate) {
        Eigen::MatrixXf gate = applyLinear(w.gate, m);
        activate(gate, c.activation);
        up.array() *= gate.array();
    } else {
        activate(up, c.activation);
    }
    return applyLinear(w.down, up);
}

Eigen::MatrixXf runLayer(const Model &model, int layer, const Eigen::MatrixXf &x, const Rotary *rotary,
    const Interventions &here, std::span<LayerRecord> records, std::span<const Eigen::Index> passages,
    LayerCache *cache)
{
    const Config &c = model.config();
    const LayerWeights &w = model.weights().layers[std::size_t(layer)];
    // GPT-2, Llama and GPT-NeoX normalize before each sublayer; BERT after each residual sum.
    const bool preNorm = c.family != Family::Bert && c.family != Family::DistilBert;
    const Eigen::MatrixXf a = preNorm ? normalized(x, w.attentionNorm, c.eps) : x; // OLMo 2 has none
    Eigen::MatrixXf q, k, v;
    if (w.qkvByHead) {
        // Each head's query, key and value columns in turn (GPT-NeoX's query_key_value).
        const Eigen::MatrixXf all = applyLinear(w.qkv, a);
        const Eigen::Index hd = c.headDim;
        q.resize(all.rows(), c.heads * hd);
        k.resize(all.rows(), c.heads * hd);
        v.resize(all.rows(), c.heads * hd);
        for (Eigen::Index h = 0; h < c.heads; ++h) {
            q.middleCols(h * hd, hd) = all.middleCols(3 * h * hd, hd);
            k.middleCols(h * hd, hd) = all.middleCols((3 * h + 1) * hd, hd);
            v.middleCols(h * hd, hd) = all.middleCols((3 * h + 2) * hd, hd);
        }
    } else if (w.qkv) {
        // Query, key and value columns one after the other (GPT-2's c_attn, Phi-3's qkv_proj).
        const Eigen::MatrixXf all = applyLinear(w.qkv, a);
        const Eigen::Index qs = Eigen::Index(c.heads) * c.headDim, kvs = Eigen::Index(c.kvHeads) * c.headDim;
        q = all.leftCols(qs);
        k = all.middleCols(qs, kvs);
        v = all.rightCols(kvs);
    } else {
        q = applyLinear(w.query, a);
        k = applyLinear(w.key, a);
        v = applyLinear(w.value, a);
    }
    if (w.queryNormWhole) { // OLMo 2: the whole projections normalized
        normalizeRows(q, w.queryNorm, c.eps);
        normalizeRows(k, w.keyNorm, c.eps);
    } else if (w.queryNorm) { // Qwen3, Gemma 3: each head's query and key normalized first
        normalizeHeads(q, w.queryNorm, c.eps, c.headDim);
        normalizeHeads(k, w.keyNorm, c.eps, c.headDim);
    }
    if (rotary) {
        rotary->apply(q);
        rotary->apply(k);
    }
    AttentionRule rule {c.causal(), c.windowAt(layer)};
    Eigen::MatrixXf heads;
    if (cache) { // the new rows after the cached ones: their keys and values join the cache
        rule.firstQuery = cache->rows;
        const Eigen::Index rows = cache->rows + k.rows();
        if (cache->keys.rows() < rows) { // room for as many again, so that a token at a time copies rarely
            Eigen::MatrixXf keys(2 * rows, k.cols()), values(2 * rows, v.cols());
            if (cache->rows > 0) {
                keys.topRows(cache->rows) = cache->keys.topRows(cache->rows);
                values.topRows(cache->rows) = cache->values.topRows(cache->rows);
            }
            cache->keys.swap(keys);
            cache->values.swap(values);
        }
        cache->keys.middleRows(cache->rows, k.rows()) = k;
        cache->values.middleRows(cache->rows, v.rows()) = v;
        cache->rows = rows;
        heads = attendHeads(c, q, cache->keys.topRows(rows), cache->values.topRows(rows), rule, here, records[0]);
    } else if (passages.empty()) {
        heads = attendHeads(c, q, k, v, rule, here, records[0]);
    } else {
        heads.resize(q.rows(), Eigen::Index(c.heads) * c.headDim);
        Eigen::Index at = 0;
        for (std::size_t p = 0; p < passages.size(); ++p) {
            const Eigen::Index n = passages[p];
            heads.middleRows(at, n)
                = attendHeads(c, q.middleRows(at, n), k.middleRows(at, n), v.middleRows(at, n), rule, here, records[p]);
            at += n;
        }
    }
    const Eigen::MatrixXf attended = normalized(applyLinear(w.output, heads), w.postAttentionNorm, c.eps);
    if (c.parallelResidual) // both sublayers read the stream entering the layer
        return x + attended + feedForward(w, c, normalized(x, w.mlpNorm, c.eps));
    if (preNorm) {
        Eigen::MatrixXf h = x + attended;
        h += normalized(feedForward(w, c, normalized(h, w.mlpNorm, c.eps)), w.postMlpNorm, c.eps);
        return h;
    }
    const Eigen::MatrixXf h = normalized(x + attended, w.attentionNorm, c.eps);
    return normalized(h + feedForward(w, c, h), w.mlpNorm, c.eps);
}

} // namespace qkv::transformer
