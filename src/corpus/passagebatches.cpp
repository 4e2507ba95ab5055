#include "corpus/passagebatches.h"

#include "corpus/corpusreader.h"
#include "corpus/headsrun.h"

namespace qkv::corpus {
namespace {

// Rows a batch gathers before it runs: enough that the products' weights are read once for many
// rows (a GPT-2-small passage of 32 tokens: 1.9× faster sixteen at a time than alone).
constexpr std::size_t batchRows = 512;
constexpr std::size_t batchPassages = 64;

} // namespace

BatchResults runPassages(const live::LiveModel &model, const std::vector<Passage> &batch, const std::atomic<bool> *stop)
{
    BatchResults out;
    const transformer::Model &m = model.model();
    if (m.config().family == transformer::Family::T5) { // its encoder, one passage at a time
        for (const Passage &p : batch) {
            transformer::ForwardOptions o;
            o.cancel = stop;
            out.results.push_back(transformer::forward(m, p.tokens.ids, o));
        }
    } else {
        std::vector<std::vector<int>> sequences;
        sequences.reserve(batch.size());
        for (const Passage &p : batch)
            sequences.push_back(p.tokens.ids);
        out.results = transformer::forwardBatch(m, sequences, stop);
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const transformer::ForwardResult &r = out.results[i];
        if (r.status == transformer::ForwardResult::Status::Cancelled) {
            out.cancelled = true;
        } else if (!r.done()) {
            out.error = batch[i].line > 0 ? QStringLiteral("line %1: %2").arg(batch[i].line).arg(r.error) : r.error;
            return out;
        }
    }
    return out;
}

int passageLimit(const live::LiveModel &model, int asked, QStringList &notes)
{
    const int positions = int(std::min<qint64>(model.model().config().positionLimit(), 1 << 20));
    if (asked > positions)
        notes << QStringLiteral("at most %1 tokens a passage: the model's positions").arg(positions);
    return std::min(asked > 0 ? asked : defaultMaxTokens, positions);
}

CorpusRun runCorpus(const live::LiveModel &model, const QString &corpus, int maxTokens, bool windows,
    const std::atomic<bool> *stop,
    const std::function<bool(const std::vector<Passage> &, const std::vector<transformer::ForwardResult> &, double)>
        &take)
{
    CorpusRun run;
    CorpusReader reader(corpus);
    if (!reader.error().isEmpty()) {
        run.error = reader.error();
        return run;
    }
    PassageMaker maker(model, maxTokens, windows);
    std::vector<Passage> batch;
    std::size_t rows = 0;
    bool going = true;
    const auto flush = [&]() {
        if (batch.empty())
            return;
        const BatchResults done = runPassages(model, batch, stop);
        if (!done.error.isEmpty()) {
            run.error = done.error;
            going = false;
        } else if (done.cancelled || !take(batch, done.results, reader.fraction())) {
            run.partial = true;
            going = false;
        } else {
            run.passages += int(batch.size());
        }
        batch.clear();
        rows = 0;
    };
    QString text;
    qint64 line = 0;
    std::vector<Passage> made;
    for (bool more = true; more && going;) {
        more = reader.next(&text, &line);
        if (more)
            maker.addLine(text, line, made);
        else
            maker.finish(made);
        for (Passage &p : made) {
            rows += p.tokens.ids.size();
            batch.push_back(std::move(p));
            if ((rows >= batchRows || batch.size() >= batchPassages) && going)
                flush();
        }
        made.clear();
        if (going && stop && stop->load(std::memory_order_relaxed)) {
            run.partial = true;
            going = false;
        }
    }
    if (going)
        flush();
    if (!run.error.isEmpty())
        return run;
    if (!reader.error().isEmpty()) {
        if (run.passages == 0) {
            run.error = reader.error();
            return run;
        }
        run.partial = true; // a read failing midway: what was run is kept
        run.notes << reader.error();
    }
    run.notes << reader.notes() << maker.notes();
    if (run.passages == 0 && !run.partial)
        run.error = QStringLiteral("%1: no text to run (every line is blank)").arg(corpus);
    return run;
}

} // namespace qkv::corpus
