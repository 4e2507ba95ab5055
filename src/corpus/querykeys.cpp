#include "corpus/querykeys.h"

#include "corpus/passagebatches.h"

namespace qkv::corpus {

QueryKeys collectQueryKeys(const live::LiveModel &model, const HeadsOptions &options, int layer, int head,
    qint64 maxTokens, const std::atomic<bool> *stop, const std::function<void(qint64)> &progress)
{
    QueryKeys out;
    out.layer = layer;
    out.head = head;
    const transformer::Config &c = model.model().config();
    if (layer < 0 || layer >= c.layers || head < 0 || head >= c.heads) {
        out.error = QStringLiteral("the model has %1 layers of %2 heads: no layer %3, head %4")
                        .arg(c.layers)
                        .arg(c.heads)
                        .arg(layer + 1)
                        .arg(head + 1);
        return out;
    }
    const int limit = passageLimit(model, options.maxTokens, out.notes);
    std::vector<Eigen::MatrixXf> queries, keys; // a block a passage, joined at the end
    qint64 rows = 0;
    const CorpusRun run = runCorpus(model, options.corpus, limit, options.windows, stop,
        [&](const std::vector<Passage> &batch, const std::vector<transformer::ForwardResult> &results, double) {
            for (std::size_t i = 0; i < batch.size() && rows < maxTokens; ++i) {
                const transformer::HeadRecord &h = results[i].layers[std::size_t(layer)].heads[std::size_t(head)];
                const Eigen::Index n = std::min<Eigen::Index>(h.query.rows(), maxTokens - rows);
                queries.push_back(h.query.topRows(n));
                keys.push_back(h.key.topRows(n));
                const int index = int(out.passageLines.size());
                for (Eigen::Index t = 0; t < n; ++t) {
                    out.passage.push_back(index);
                    out.position.push_back(int(t));
                    out.ids.push_back(batch[i].tokens.ids[std::size_t(t)]);
                }
                out.passageLines.push_back(batch[i].line);
                rows += n;
                out.passageStarts.push_back(rows);
            }
            if (progress)
                progress(rows);
            return rows < maxTokens;
        });
    if (!run.error.isEmpty()) {
        out.error = run.error;
        return out;
    }
    out.partial = run.partial;
    out.notes << run.notes;
    if (rows == 0) {
        out.error = QStringLiteral("%1: no tokens were run").arg(options.corpus);
        return out;
    }
    out.queries.resize(rows, queries.front().cols());
    out.keys.resize(rows, keys.front().cols());
    Eigen::Index at = 0;
    for (std::size_t b = 0; b < queries.size(); ++b) {
        out.queries.middleRows(at, queries[b].rows()) = queries[b];
        out.keys.middleRows(at, keys[b].rows()) = keys[b];
        at += queries[b].rows();
    }
    return out;
}

} // namespace qkv::corpus
