#include "transformer/forwardsteps.h"
#include "transformer/refusal.h"

#include <new>

namespace qkv::transformer {
namespace {

void runBatch(const Model &model, const std::vector<std::vector<int>> &sequences, const std::atomic<bool> *cancel,
    std::vector<ForwardResult> &results)
{
    const Config &c = model.config();
    if (c.family == Family::T5)
        refuse(QStringLiteral("an encoder-decoder model runs one sequence at a time"));
    std::vector<Eigen::Index> lengths;
    Eigen::Index rows = 0;
    for (std::size_t s = 0; s < sequences.size(); ++s) {
        try {
            checkIds(c, sequences[s]);
        } catch (const Refusal &e) {
            refuse(QStringLiteral("sequence %1: %2").arg(s + 1).arg(e.message));
        }
        lengths.push_back(Eigen::Index(sequences[s].size()));
        rows += lengths.back();
    }
    Eigen::MatrixXf x(rows, c.hidden);
    for (std::size_t s = 0, at = 0; s < sequences.size(); at += std::size_t(lengths[s]), ++s) {
        results[s].ids = sequences[s];
        results[s].embeddings = embed(model, sequences[s]);
        x.middleRows(Eigen::Index(at), lengths[s]) = results[s].embeddings;
    }
    const Rotaries rotaries(c, lengths);
    std::vector<LayerRecord> records(sequences.size());
    for (int layer = 0; layer < c.layers; ++layer) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            for (ForwardResult &r : results)
                r.status = ForwardResult::Status::Cancelled;
            return;
        }
        x = runLayer(model, layer, x, rotaries.at(c, layer), {}, records, lengths);
        if (!x.allFinite())
            refuse(QStringLiteral("layer %1: the residual stream overflowed float32").arg(layer));
        for (std::size_t s = 0, at = 0; s < sequences.size(); at += std::size_t(lengths[s]), ++s) {
            records[s].residual = x.middleRows(Eigen::Index(at), lengths[s]);
            results[s].layers.push_back(std::move(records[s]));
            records[s] = {};
        }
    }
    for (ForwardResult &r : results)
        r.status = ForwardResult::Status::Done;
}

} // namespace

std::vector<ForwardResult> forwardBatch(
    const Model &model, const std::vector<std::vector<int>> &sequences, const std::atomic<bool> *cancel)
{
    std::vector<ForwardResult> results(sequences.size());
    QString error;
    try {
        runBatch(model, sequences, cancel, results);
        return results;
    } catch (const Refusal &e) {
        error = e.message;
    } catch (const std::bad_alloc &) {
        error = QStringLiteral("out of memory while computing");
    }
    results.assign(sequences.size(), ForwardResult());
    for (ForwardResult &r : results)
        r.error = error;
    return results;
}

} // namespace qkv::transformer
