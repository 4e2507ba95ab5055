#include "kernels/matmul.h"
#include "platform/cores.h"
#include "transformer/forwardsteps.h"
#include "transformer/tensormath.h"

#include <algorithm>
#include <cmath>

namespace qkv::transformer {
namespace {

// A·B, or A·Bᵀ, of column-major floats through the BLAS (single-threaded: the heads are the
// parts): at 1,024 tokens a pass's heads multiply 39 GFLOP, which Eigen's portable (SSE2) build
// ran at a fraction of what the CPU's own kernels reach.
Eigen::MatrixXf product(const Eigen::MatrixXf &a, const Eigen::MatrixXf &b, bool transposeB)
{
    const Eigen::Index m = a.rows(), n = transposeB ? b.rows() : b.cols(), k = a.cols();
    Eigen::MatrixXf c(m, n);
    if (k == 0)
        c.setZero();
    else if (m > 0 && n > 0)
        kernels::multiply({a.data(), m, false}, {b.data(), b.rows(), transposeB}, m, n, k, c.data(), m);
    return c;
}

const Intervention *find(const Interventions &here, int head, Intervention::Kind kind)
{
    const Intervention *found = nullptr;
    for (const Intervention *i : here) {
        if (i->head == head && i->kind == kind)
            found = i; // the last one given wins
    }
    return found;
}

// softmax(query·keyᵀ/√head_dim) of one head under `rule` (with T5's position biases and Gemma 2's
// soft-capping): the one computation of a head's weights, in the forward pass and when a long run's
// released weights are asked for again (headWeights), so that both give the same bits.
Eigen::MatrixXf weightsOf(
    const Config &c, int h, const Eigen::MatrixXf &query, const Eigen::MatrixXf &key, const AttentionRule &rule)
{
    Eigen::MatrixXf scores = product(query, key, true);
    scores /= std::sqrt(float(c.headDim));
    if (rule.bias) // T5: the scores the softmax sees carry the positions
        scores += (*rule.bias)[std::size_t(h)];
    if (c.attentionSoftcap > 0) // Gemma 2: the softmax sees the scores squeezed into ±cap
        scores = (scores.array() / c.attentionSoftcap).tanh() * c.attentionSoftcap;
    return softmaxRows(std::move(scores), rule.causal, rule.window, rule.firstQuery);
}

void attendHead(const Config &c, int h, const MatrixRef &q, const MatrixRef &k, const MatrixRef &v,
    const AttentionRule &rule, const Interventions &here, HeadRecord &r)
{
    using Kind = Intervention::Kind;
    const Eigen::Index hd = c.headDim;
    const Eigen::Index kvHead = Eigen::Index(h) * c.kvHeads / c.heads; // grouped-query attention
    // An edit's rows are the sequence's first tokens (all of them, or a prompt's): a key-value
    // cache's step computes the queries from rule.firstQuery on, the keys and values from 0.
    const auto replaced = [&](Kind kind, Eigen::MatrixXf computed, Eigen::Index first) {
        if (const Intervention *i = find(here, h, kind)) {
            const Eigen::Index rows = std::clamp<Eigen::Index>(i->values.rows() - first, 0, computed.rows());
            if (rows > 0)
                computed.topRows(rows) = i->values.middleRows(first, rows);
        }
        return computed;
    };
    // Gemma scales q·k by query_pre_attn_scalar^−½ rather than head_dim^−½, T5 not at all (a
    // scalar of 1): the query kept (and shown, and replaced by an intervention) carries the
    // difference, so that scores are Q·Kᵀ/√d for every family.
    const float fold = c.queryPreAttnScalar > 0 ? float(std::sqrt(double(hd) / c.queryPreAttnScalar)) : 1.0f;
    r.query = replaced(Kind::Query,
        fold == 1.0f ? Eigen::MatrixXf(q.middleCols(h * hd, hd)) : q.middleCols(h * hd, hd) * fold, rule.firstQuery);
    r.key = replaced(Kind::Key, k.middleCols(kvHead * hd, hd), 0);
    r.value = replaced(Kind::Value, v.middleCols(kvHead * hd, hd), 0);
    const Intervention *attention = find(here, h, Kind::Attention);
    if (attention) {
        r.attention = attention->values;
    } else {
        r.attention = weightsOf(c, h, r.query, r.key, rule);
    }
    if (find(here, h, Kind::Ablate))
        r.output = Eigen::MatrixXf::Zero(q.rows(), hd);
    else
        r.output = product(r.attention, r.value, false);
}

} // namespace

Eigen::MatrixXf attendHeads(const Config &c, const MatrixRef &q, const MatrixRef &k, const MatrixRef &v,
    const AttentionRule &rule, const Interventions &here, LayerRecord &record)
{
    const Eigen::Index m = q.rows(), n = k.rows(), hd = c.headDim;
    record.heads.resize(std::size_t(c.heads));
    Eigen::MatrixXf out(m, Eigen::Index(c.heads) * hd);
    // Heads spread over the cores, a part worth about 256 k multiply-adds (m · n · head_dim a head,
    // with its softmax): at 32 tokens GPT-2's twelve heads make three parts.
    inParts(partsFor(double(m) * double(n) * double(hd) * c.heads, 256 * 1024, c.heads), [&](int part, int parts) {
        const auto [begin, end] = partOf(c.heads, part, parts);
        for (auto h = int(begin); h < int(end); ++h) {
            HeadRecord &r = record.heads[std::size_t(h)];
            attendHead(c, h, q, k, v, rule, here, r);
            out.middleCols(h * hd, hd) = r.output;
        }
    });
    return out;
}

Eigen::MatrixXf headWeights(const Config &c, const ForwardResult &result, int layer, int head)
{
    if (c.family == Family::T5 || layer < 0 || std::size_t(layer) >= result.layers.size() || head < 0
        || std::size_t(head) >= result.layers[std::size_t(layer)].heads.size())
        return {};
    const Intervention *replaced = nullptr; // the last one given wins, as in the forward pass
    for (const Intervention &i : result.interventions)
        if (i.layer == layer && i.head == head && i.kind == Intervention::Kind::Attention)
            replaced = &i;
    if (replaced)
        return replaced->values;
    const HeadRecord &r = result.layers[std::size_t(layer)].heads[std::size_t(head)];
    return weightsOf(c, head, r.query, r.key, AttentionRule {c.causal(), c.windowAt(layer)});
}

} // namespace qkv::transformer
