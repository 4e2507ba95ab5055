#include "corpus/headsrun.h"

#include "corpus/corpuspassages.h"
#include "corpus/corpusreader.h"
#include "transformer/forward.h"

#include <algorithm>
#include <random>

namespace qkv::corpus {
namespace {

// Rows a batch gathers before it runs: enough that the products' weights are read once for many
// rows (a GPT-2-small passage of 32 tokens: 1.9× faster sixteen at a time than alone).
constexpr std::size_t batchRows = 512;
constexpr std::size_t batchPassages = 64;

bool stopped(const std::atomic<bool> *stop)
{
    return stop && stop->load(std::memory_order_relaxed);
}

// Runs `batch` and adds each passage to the statistics; false with `error` set when the model
// refused, or when `stop` cut the run short (error empty).
bool runBatch(const live::LiveModel &model, const std::vector<Passage> &batch, int firstIndex,
    const std::atomic<bool> *stop, HeadsReport &report, QString &error)
{
    const transformer::Model &m = model.model();
    std::vector<transformer::ForwardResult> results;
    if (m.config().family == transformer::Family::T5) { // its encoder, one passage at a time
        for (const Passage &p : batch) {
            transformer::ForwardOptions o;
            o.cancel = stop;
            results.push_back(transformer::forward(m, p.tokens.ids, o));
        }
    } else {
        std::vector<std::vector<int>> sequences;
        sequences.reserve(batch.size());
        for (const Passage &p : batch)
            sequences.push_back(p.tokens.ids);
        results = transformer::forwardBatch(m, sequences, stop);
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const transformer::ForwardResult &r = results[i];
        if (r.status == transformer::ForwardResult::Status::Cancelled)
            return false;
        if (!r.done()) {
            error = batch[i].line > 0 ? QStringLiteral("line %1: %2").arg(batch[i].line).arg(r.error) : r.error;
            return false;
        }
        std::vector<const Eigen::MatrixXf *> attention;
        for (const transformer::LayerRecord &layer : r.layers)
            for (const transformer::HeadRecord &head : layer.heads)
                attention.push_back(&head.attention);
        const int index = batch[i].tokens.repeatLength > 0 ? -1 : firstIndex + int(i);
        report.statistics.add(index, batch[i].tokens, attention);
    }
    return true;
}

} // namespace

std::vector<int> HeadsReport::passageIds(int passage) const
{
    if (passage < 0 || std::size_t(passage) + 1 >= offsets.size())
        return {};
    return {ids.begin() + offsets[std::size_t(passage)], ids.begin() + offsets[std::size_t(passage) + 1]};
}

HeadsReport runHeads(const live::LiveModel &model, const HeadsOptions &options, const std::atomic<bool> *stop,
    const std::function<void(const HeadsProgress &)> &progress)
{
    HeadsReport report;
    const transformer::Config &c = model.model().config();
    const int positions = int(std::min<qint64>(c.positionLimit(), 1 << 20));
    report.maxTokens = std::min(options.maxTokens > 0 ? options.maxTokens : defaultMaxTokens, positions);
    if (options.maxTokens > positions)
        report.notes << QStringLiteral("at most %1 tokens a passage: the model's positions").arg(positions);
    if (options.scores.empty()) {
        report.error = QStringLiteral("no scores to compute");
        return report;
    }
    CorpusReader reader(options.corpus);
    if (!reader.error().isEmpty()) {
        report.error = reader.error();
        return report;
    }
    report.statistics = analysis::HeadStatistics(c.layers, c.heads, options.scores, options.topCount);
    PassageMaker maker(model, report.maxTokens, options.windows);
    QString error;
    const auto fail = [&](const QString &why) {
        report.error = why;
        return report;
    };

    // The induction heads' test first, so that a Stop early still has it.
    const bool random = std::find(options.scores.begin(), options.scores.end(), analysis::HeadScore::InductionRandom)
        != options.scores.end();
    if (random && options.randomSequences > 0) {
        report.repeatLength = std::min(maker.repeatLimit(), 50);
        if (report.repeatLength < 2)
            return fail(QStringLiteral("induction-random needs passages of at least %1 tokens").arg(5));
        std::mt19937 generator(options.seed);
        std::vector<Passage> sequences;
        sequences.reserve(std::size_t(options.randomSequences));
        for (int i = 0; i < options.randomSequences; ++i)
            sequences.push_back(maker.repeatedRandom(report.repeatLength, generator));
        if (!runBatch(model, sequences, 0, stop, report, error)) {
            if (!error.isEmpty())
                return fail(error);
            report.partial = true;
            return report;
        }
    }

    std::vector<Passage> batch;
    std::size_t rows = 0;
    int first = 0;
    const auto flush = [&]() {
        if (batch.empty())
            return true;
        if (!runBatch(model, batch, first, stop, report, error))
            return false;
        for (const Passage &p : batch) {
            report.ids.insert(report.ids.end(), p.tokens.ids.begin(), p.tokens.ids.end());
            report.offsets.push_back(qint64(report.ids.size()));
            report.lines.push_back(p.line);
            report.tokens += qint64(p.tokens.ids.size());
        }
        report.passages += int(batch.size());
        first += int(batch.size());
        batch.clear();
        rows = 0;
        if (progress)
            progress({reader.fraction(), report.passages, report.tokens});
        return true;
    };
    QString text;
    qint64 line = 0;
    std::vector<Passage> made;
    bool more = true;
    while (more) {
        more = reader.next(&text, &line);
        if (more)
            maker.addLine(text, line, made);
        else
            maker.finish(made);
        for (Passage &p : made) {
            rows += p.tokens.ids.size();
            batch.push_back(std::move(p));
            if ((rows >= batchRows || batch.size() >= batchPassages) && !flush())
                break;
        }
        made.clear();
        if (!error.isEmpty())
            break;
        if (stopped(stop)) {
            report.partial = true;
            break;
        }
    }
    if (error.isEmpty() && !report.partial && !flush() && error.isEmpty())
        report.partial = true;
    if (!error.isEmpty())
        return fail(error);
    if (!reader.error().isEmpty() && report.passages == 0)
        return fail(reader.error());
    if (!reader.error().isEmpty()) { // a read failing midway: what was run is kept
        report.partial = true;
        report.notes << reader.error();
    }
    report.notes << reader.notes() << maker.notes();
    if (report.passages == 0 && !report.partial)
        return fail(QStringLiteral("%1: no text to run (every line is blank)").arg(options.corpus));
    return report;
}

} // namespace qkv::corpus
