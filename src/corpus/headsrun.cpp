#include "corpus/headsrun.h"

#include "corpus/corpusreader.h"
#include "corpus/passagebatches.h"

#include <algorithm>
#include <random>
#include <set>

namespace qkv::corpus {
namespace {

// Each passage's attention added to the statistics (generated sequences under no index).
void addScores(const std::vector<Passage> &batch, const std::vector<transformer::ForwardResult> &results,
    int firstIndex, analysis::HeadStatistics &statistics)
{
    for (std::size_t i = 0; i < batch.size(); ++i) {
        std::vector<const Eigen::MatrixXf *> attention;
        for (const transformer::LayerRecord &layer : results[i].layers)
            for (const transformer::HeadRecord &head : layer.heads)
                attention.push_back(&head.attention);
        const int index = batch[i].tokens.repeatLength > 0 ? -1 : firstIndex + int(i);
        statistics.add(index, batch[i].tokens, attention);
    }
}

} // namespace

std::vector<int> HeadsReport::passageIds(int passage) const
{
    const auto at = kept.find(passage);
    return at == kept.end() ? std::vector<int>() : at->second.ids;
}

qint64 HeadsReport::passageLine(int passage) const
{
    const auto at = kept.find(passage);
    return at == kept.end() ? 0 : at->second.line;
}

HeadsReport runHeads(const live::LiveModel &model, const HeadsOptions &options, const std::atomic<bool> *stop,
    const std::function<void(const HeadsProgress &)> &progress)
{
    HeadsReport report;
    const transformer::Config &c = model.model().config();
    report.maxTokens = passageLimit(model, options.maxTokens, report.notes);
    const auto fail = [&](const QString &why) {
        report.error = why;
        return report;
    };
    if (options.scores.empty())
        return fail(QStringLiteral("no scores to compute"));
    report.statistics = analysis::HeadStatistics(c.layers, c.heads, options.scores, options.topCount);
    // A corpus that cannot be read is said at once, before the generated sequences run.
    if (const CorpusReader probe(options.corpus); !probe.error().isEmpty())
        return fail(probe.error());

    // The induction heads' test first, so that a Stop early still has it.
    const bool random = std::find(options.scores.begin(), options.scores.end(), analysis::HeadScore::InductionRandom)
        != options.scores.end();
    if (random && options.randomSequences > 0) {
        const PassageMaker maker(model, report.maxTokens, false);
        report.repeatLength = std::min(maker.repeatLimit(), 50);
        if (report.repeatLength < 2)
            return fail(QStringLiteral("induction-random needs passages of at least %1 tokens").arg(5));
        std::mt19937 generator(options.seed);
        std::vector<Passage> sequences;
        sequences.reserve(std::size_t(options.randomSequences));
        for (int i = 0; i < options.randomSequences; ++i)
            sequences.push_back(maker.repeatedRandom(report.repeatLength, generator));
        const BatchResults done = runPassages(model, sequences, stop);
        if (!done.error.isEmpty())
            return fail(done.error);
        if (done.cancelled) {
            report.partial = true;
            return report;
        }
        addScores(sequences, done.results, 0, report.statistics);
    }

    const CorpusRun run = runCorpus(model, options.corpus, report.maxTokens, options.windows, stop,
        [&](const std::vector<Passage> &batch, const std::vector<transformer::ForwardResult> &results, double read) {
            addScores(batch, results, report.passages, report.statistics);
            for (std::size_t i = 0; i < batch.size(); ++i) {
                report.kept[report.passages + int(i)] = {batch[i].tokens.ids, batch[i].line};
                report.tokens += qint64(batch[i].tokens.ids.size());
            }
            report.passages += int(batch.size());
            if (!options.keepAllPassages) { // only what some head's top list names
                const std::set<int> named = report.statistics.topPassages();
                std::erase_if(report.kept, [&](const auto &entry) { return !named.contains(entry.first); });
            }
            if (progress)
                progress({read, report.passages, report.tokens});
            return true;
        });
    if (!run.error.isEmpty())
        return fail(run.error);
    report.partial = run.partial;
    report.notes << run.notes;
    return report;
}

} // namespace qkv::corpus
