#include "transformer/generation.h"

#include "transformer/forwardsteps.h"
#include "transformer/refusal.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace qkv::transformer {
namespace {

void checkStep(const Model &model, const KvCache &cache, const std::vector<int> &ids, const ForwardOptions &o)
{
    const Config &c = model.config();
    if (!c.causal() || c.family == Family::T5)
        refuse(QStringLiteral("only a causal language model generates: %1 is not one").arg(familyName(c.family)));
    if (!model.hasLanguageHead())
        refuse(QStringLiteral("the checkpoint has no language-model head, so it predicts no tokens"));
    if (ids.empty())
        refuse(QStringLiteral("no tokens to add"));
    std::vector<int> all = cache.ids;
    all.insert(all.end(), ids.begin(), ids.end());
    checkIds(c, all);
    for (const Intervention &i : o.interventions) {
        if (i.kind == Intervention::Kind::Attention || i.stack != Intervention::Stack::Encoder)
            refuse(QStringLiteral("while generating, heads can be switched off and queries, keys and values "
                                  "edited; an attention edit is one sentence's"));
        if (i.layer < 0 || i.layer >= c.layers || i.head < 0 || i.head >= c.heads)
            refuse(QStringLiteral("head %1 of layer %2: the model has %3 layers of %4 heads")
                       .arg(i.head)
                       .arg(i.layer)
                       .arg(c.layers)
                       .arg(c.heads));
        if (i.kind != Intervention::Kind::Ablate
            && (i.values.rows() < 1 || i.values.cols() != c.headDim || !i.values.allFinite()))
            refuse(QStringLiteral("head %1 of layer %2: an edit of 1 or more tokens' %3 finite numbers, got %4 × %5")
                       .arg(i.head)
                       .arg(i.layer)
                       .arg(c.headDim)
                       .arg(i.values.rows())
                       .arg(i.values.cols()));
    }
}

} // namespace

ForwardResult extend(const Model &model, KvCache &cache, const std::vector<int> &ids, const ForwardOptions &options)
{
    const Config &c = model.config();
    const Eigen::Index before = Eigen::Index(cache.ids.size()), m = Eigen::Index(ids.size());
    ForwardResult r = refusedOr([&](ForwardResult &r) {
        checkStep(model, cache, ids, options);
        cache.layers.resize(std::size_t(c.layers));
        r.ids = ids;
        r.interventions = options.interventions;
        r.embeddings = embed(model, ids, before);
        const Rotaries rotaries(c, before, m);
        Eigen::MatrixXf x = r.embeddings;
        for (int layer = 0; layer < c.layers; ++layer) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
                r = ForwardResult();
                r.status = ForwardResult::Status::Cancelled;
                return;
            }
            Interventions here;
            for (const Intervention &i : options.interventions)
                if (i.layer == layer)
                    here.push_back(&i);
            LayerRecord record;
            x = runLayer(
                model, layer, x, rotaries.at(c, layer), here, {&record, 1}, {}, &cache.layers[std::size_t(layer)]);
            if (!x.allFinite())
                refuse(QStringLiteral("layer %1: the residual stream overflowed float32").arg(layer));
            record.residual = x;
            r.layers.push_back(std::move(record));
        }
        r.logitPositions = {int(m - 1)};
        r.logits = logitsAt(model, x, r.logitPositions);
        r.predictions.push_back({int(m - 1), topTokens(r.logits.row(0).transpose(), options.topK)});
        r.status = ForwardResult::Status::Done;
    });
    if (r.done())
        cache.ids.insert(cache.ids.end(), ids.begin(), ids.end());
    else // as it was: the rows past `before` are room again
        for (LayerCache &l : cache.layers)
            l.rows = std::min(l.rows, before);
    return r;
}

QString checkSampling(const Sampling &s)
{
    if (!(s.temperature >= 0) || !std::isfinite(s.temperature))
        return QStringLiteral("the temperature must be a number from 0 (the likeliest token) up, not %1")
            .arg(s.temperature);
    if (!(s.topP > 0 && s.topP <= 1))
        return QStringLiteral("top-p must be above 0 and at most 1, not %1").arg(s.topP);
    if (s.topK < 0)
        return QStringLiteral("top-k must be 0 (every token) or more, not %1").arg(s.topK);
    return {};
}

int pickToken(const Eigen::VectorXf &logits, const Sampling &s, double draw)
{
    const auto n = int(logits.size());
    if (s.temperature == 0) { // the likeliest; of equals the first
        Eigen::Index best = 0;
        logits.maxCoeff(&best);
        return int(best);
    }
    // The softmax of logits / T in double, likeliest first (of equals the lower id first).
    const double top = double(logits.maxCoeff());
    std::vector<double> p(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        p[std::size_t(i)] = std::exp((double(logits[i]) - top) / s.temperature);
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return p[std::size_t(a)] > p[std::size_t(b)]; });
    std::size_t kept = s.topK > 0 ? std::min<std::size_t>(std::size_t(s.topK), order.size()) : order.size();
    double total = 0;
    for (std::size_t i = 0; i < kept; ++i)
        total += p[std::size_t(order[i])];
    if (s.topP < 1) { // the fewest likeliest whose share reaches top-p
        double share = 0;
        for (std::size_t i = 0; i < kept; ++i) {
            share += p[std::size_t(order[i])] / total;
            if (share >= s.topP) {
                kept = i + 1;
                break;
            }
        }
        total = 0;
        for (std::size_t i = 0; i < kept; ++i)
            total += p[std::size_t(order[i])];
    }
    double target = draw * total;
    for (std::size_t i = 0; i < kept; ++i) {
        target -= p[std::size_t(order[i])];
        if (target < 0)
            return order[i];
    }
    return order[kept - 1];
}

Generated generate(
    const Model &model, const std::vector<int> &prompt, int tokens, const Sampling &sampling, const GenerateRun &run)
{
    const bool keepSteps = run.keepSteps;
    const std::atomic<bool> *cancel = run.cancel;
    Generated g;
    if (QString why = checkSampling(sampling); !why.isEmpty()) {
        g.error = why;
        return g;
    }
    if (tokens < 1) {
        g.error = QStringLiteral("no tokens to generate: ask for 1 or more");
        return g;
    }
    KvCache cache;
    ForwardOptions options;
    options.cancel = cancel;
    // An edit of queries, keys or values holds to the prompt's tokens: the tokens written after
    // them are new ones, whatever the edit's text had there.
    options.interventions = run.interventions;
    for (Intervention &i : options.interventions)
        if (i.kind != Intervention::Kind::Ablate && i.values.rows() > Eigen::Index(prompt.size()))
            i.values.conservativeResize(Eigen::Index(prompt.size()), i.values.cols());
    ForwardResult last = extend(model, cache, prompt, options);
    std::mt19937_64 random(sampling.seed);
    const qint64 positions = model.config().positionLimit();
    for (int i = 0; i < tokens; ++i) {
        if (last.status == ForwardResult::Status::Cancelled) {
            g.cancelled = true;
            return g;
        }
        if (!last.done()) {
            g.error = last.error;
            return g;
        }
        if (qint64(cache.ids.size()) >= positions) // the model's positions end here
            return g;
        const double draw = double(random() >> 11) * 0x1.0p-53; // uniform in [0, 1), the same everywhere
        const int token = pickToken(last.logits.row(0).transpose(), sampling, draw);
        g.ids.push_back(token);
        g.choices.push_back(last.predictions.front());
        if (keepSteps) {
            g.steps.push_back(std::move(last));
            last = ForwardResult(); // the next step's, below
        }
        if (run.step)
            run.step(token, i);
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            g.cancelled = true;
            return g;
        }
        if (keepSteps || i + 1 < tokens)
            last = extend(model, cache, {token}, options);
    }
    if (keepSteps && last.done())
        g.steps.push_back(std::move(last));
    return g;
}

} // namespace qkv::transformer
