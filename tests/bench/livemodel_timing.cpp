// Times a model folder the way the specification states its targets: open, a 32-token forward
// pass, an intervention at the middle layer, peak memory, and the forward pass's GFLOP/s against
// the faster of Eigen's float32 products and the BLAS's (on every core) of the same products, and
// the forward pass's speed-up from one thread to every core. Prints JSON; qkvbench's
// live_model section runs it on make_large_checkpoints.py's folders, one process per model.
#include "corpus/headsrun.h"
#include "kernels/matmul.h"
#include "platform/cores.h"
#include "platform/memorytuning.h"
#include "transformer/forward.h"
#include "transformer/generation.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace qkv::transformer;

namespace {

double peakResidentMiB()
{
    QFile f(u"/proc/self/status"_qs);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024;
    }
    return 0;
}

template<class F>
double medianMs(int repeats, F &&run)
{
    std::vector<double> ms;
    for (int i = 0; i < repeats; ++i) {
        QElapsedTimer t;
        t.start();
        run();
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

struct Shape {
    Eigen::Index rows, in, out; // x (rows × in) times a weight (in × out)
};

struct Product {
    Eigen::Index rows; // of x: tokens, or the one row the head predicts from
    Eigen::MatrixXf weight; // in × out
};

// qkvlab heads' work: `passages` lines of text, each cut to `tokens` tokens, every score of every
// head over them (corpus::runHeads, passages batched) on every core. The text is the tokenizer's
// own pieces decoded, so that every line makes at least `tokens` tokens. Seconds, or −1 when the
// folder has no tokenizer.
double corpusSeconds(const QString &location, int passages, int tokens)
{
    QString error;
    const auto model = qkv::live::LiveModel::open(location, &error);
    if (!model)
        return -1;
    QTemporaryDir dir;
    QFile corpus(dir.filePath(u"corpus.txt"_qs));
    if (!corpus.open(QIODevice::WriteOnly))
        return -1;
    const int vocab = model->tokenizer().vocabSize();
    for (int p = 0; p < passages; ++p) {
        std::vector<int> ids;
        for (int i = 0; i < tokens + 8; ++i)
            ids.push_back(int((p * 131071LL + i * 7919LL + 11) % vocab));
        QString line = model->tokenizer().decode(ids);
        line.replace(u'\n', u' ').replace(u'\r', u' ');
        corpus.write(line.toUtf8() + "\n");
    }
    corpus.close();
    qkv::corpus::HeadsOptions options;
    options.corpus = corpus.fileName();
    options.maxTokens = tokens;
    QElapsedTimer t;
    t.start();
    const qkv::corpus::HeadsReport report = qkv::corpus::runHeads(*model, options);
    const double seconds = double(t.nsecsElapsed()) / 1e9;
    return report.error.isEmpty() && report.passages == passages ? seconds : -1;
}

} // namespace

int main(int argc, char **argv)
{
    qkv::tuneAllocatorForRecompute(); // as the program does
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: qkvlivemodel_timing MODEL [TOKENS [--corpus PASSAGES] [--generate TOKENS]]\n");
        return 2;
    }
    QElapsedTimer t;
    t.start();
    const OpenResult opened = Model::open(QString::fromLocal8Bit(argv[1]));
    const double openMs = double(t.nsecsElapsed()) / 1e6;
    if (!opened.model) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error));
        return 1;
    }
    const Model &m = *opened.model;
    const Config &c = m.config();
    const bool t5 = c.family == Family::T5;
    const int n = argc > 2 ? std::atoi(argv[2]) : 32;
    ForwardOptions options; // T5: a target of half as many tokens as the source
    std::vector<int> ids;
    for (int i = 0; i < n; ++i)
        ids.push_back(int((i * 7919LL + 11) % c.vocab));
    if (t5)
        options.targetIds.assign(ids.begin(), ids.begin() + n / 2);
    ForwardResult base;
    // A model whose forward pass takes seconds (an 8B) is timed fewer times: its spread is small.
    const double firstMs = medianMs(1, [&] { base = forward(m, ids, options); });
    const int repeats = firstMs > 3000 ? 1 : 5;
    const double forwardMs = repeats == 1 ? firstMs : medianMs(repeats, [&] { base = forward(m, ids, options); });
    // One thread against every core, alternating.
    std::vector<double> oneThread, allCores;
    for (int i = 0; i < repeats; ++i) {
        qkv::setThreadLimit(1);
        oneThread.push_back(medianMs(1, [&] { (void)forward(m, ids, options); }));
        qkv::setThreadLimit(0);
        allCores.push_back(medianMs(1, [&] { (void)forward(m, ids, options); }));
    }
    std::sort(oneThread.begin(), oneThread.end());
    std::sort(allCores.begin(), allCores.end());
    const double oneThreadMs = oneThread[oneThread.size() / 2], allCoresMs = allCores[allCores.size() / 2];
    ForwardOptions o = options; // T5: the middle layer of the encoder, whose change reaches every layer after
    o.interventions.push_back({c.layers / 2, 0, Intervention::Kind::Ablate, {}});
    const double interventionMs = medianMs(repeats, [&] { (void)recompute(m, base, c.layers / 2, o); });
    // The sentence's runs (the figure SPEC and issue 49 set), before the corpus's batch of sixteen,
    // which keeps sixteen passages' every head at once (1 GB more for an 8B).
    const double peakMiB = peakResidentMiB();
    // A corpus's passages run sixteen at a time (forwardBatch): the time a passage takes.
    double batchPassageMs = 0;
    if (!t5) {
        std::vector<std::vector<int>> batch(16, ids);
        for (std::size_t s = 0; s < batch.size(); ++s)
            for (int &id : batch[s])
                id = int((id + s * 101) % std::size_t(c.vocab));
        batchPassageMs = medianMs(repeats, [&] { (void)forwardBatch(m, batch); }) / double(batch.size());
    }
    qint64 heads = 0; // whose attention the run kept
    for (const LayerRecord &layer : base.layers)
        for (const HeadRecord &head : layer.heads)
            heads += head.attention.size() > 0 ? 1 : 0;

    const double peakWithBatchMiB = peakResidentMiB(); // before the peers' own matrices

    // The same matrix products as the forward pass, each layer with weights of its own as in the
    // model (reused weights would stay in the CPU's cache, which the model's hundreds of MB
    // cannot), and the output head's one row: Eigen's product, and the BLAS the forward pass uses
    // split over the cores as it splits them. The faster is the machine's float32 GEMM
    // throughput for these products, the bar the forward pass is held to. Of a model larger than
    // 2 GiB of float32 matrices (a 1B, an 8B), as many layers as fit are timed and their throughput
    // stands for the model's.
    const Eigen::Index d = c.hidden, q = Eigen::Index(c.heads) * c.headDim, kv = Eigen::Index(c.kvHeads) * c.headDim;
    const bool gated = c.family == Family::Llama || c.gatedMlp;
    const auto feedForward = [&](Eigen::Index rows) {
        std::vector<Shape> f {{rows, d, c.intermediate}, {rows, c.intermediate, d}};
        if (gated)
            f.push_back({rows, d, c.intermediate});
        return f;
    };
    // Each layer's products: its attention's, then its feed-forward's. T5's decoder layers run on
    // the target's rows (with a start token), their cross-attention's keys and values on the source's.
    std::vector<std::vector<Shape>> layerShapes;
    for (int l = 0; l < c.layers; ++l) {
        std::vector<Shape> layer {{n, d, q + 2 * kv}, {n, q, d}};
        const std::vector<Shape> f = feedForward(n);
        layer.insert(layer.end(), f.begin(), f.end());
        layerShapes.push_back(layer);
    }
    const Eigen::Index targetRows = Eigen::Index(options.targetIds.size()) + 1;
    for (int l = 0; t5 && l < c.decoderLayers; ++l) {
        std::vector<Shape> layer {
            {targetRows, d, 3 * q}, {targetRows, q, d}, {targetRows, d, q}, {n, d, 2 * q}, {targetRows, q, d}};
        const std::vector<Shape> f = feedForward(targetRows);
        layer.insert(layer.end(), f.begin(), f.end());
        layerShapes.push_back(layer);
    }
    std::vector<Product> products;
    double modelFlops = 2.0 * double(d) * double(c.vocab); // the head's one row
    double timedValues = 0;
    int peerLayers = 0;
    bool full = false;
    for (const std::vector<Shape> &layer : layerShapes) {
        double values = 0;
        for (const Shape &s : layer) {
            modelFlops += 2.0 * double(s.rows) * double(s.in) * double(s.out);
            values += double(s.in) * double(s.out);
        }
        full = full || (peerLayers > 0 && timedValues + values > double(1 << 29));
        if (full)
            continue;
        ++peerLayers;
        timedValues += values;
        for (const Shape &s : layer)
            products.push_back({s.rows, Eigen::MatrixXf::Random(s.in, s.out)});
    }
    if (peerLayers == int(layerShapes.size()))
        products.push_back({1, Eigen::MatrixXf::Random(d, c.vocab)});
    double flops = 0; // of the products timed
    for (const Product &p : products)
        flops += 2.0 * double(p.rows) * double(p.weight.rows()) * double(p.weight.cols());
    const Eigen::MatrixXf x = Eigen::MatrixXf::Random(n, std::max({d, q, Eigen::Index(c.intermediate)}));
    Eigen::MatrixXf y;
    const double gemmMs = medianMs(3, [&] {
        for (const Product &p : products)
            y.noalias() = x.topLeftCorner(p.rows, p.weight.rows()) * p.weight;
    });
    const double blasMs = medianMs(3, [&] {
        for (const Product &p : products) {
            const Eigen::MatrixXf &w = p.weight;
            y.resize(p.rows, w.cols());
            const int columnParts
                = qkv::partsFor(double(p.rows) * double(w.rows()) * double(w.cols()), 1e6, int(w.cols() / 64));
            qkv::inParts(columnParts, [&](int part, int parts) {
                const auto [begin, end] = qkv::partOf(w.cols(), part, parts);
                qkv::kernels::multiply({x.data(), x.rows(), false}, {w.data() + begin * w.rows(), w.rows(), false},
                    p.rows, end - begin, w.rows(), y.data() + begin * p.rows, p.rows);
            });
        }
    });
    const double bestGemmMs = std::min(gemmMs, blasMs);
    const double forwardGflops = modelFlops / forwardMs / 1e6, gemmGflops = flops / bestGemmMs / 1e6;
    QJsonArray idList;
    for (int id : ids)
        idList.append(id);
    QJsonObject out {{u"model"_qs, QString::fromLocal8Bit(argv[1])}, {u"tokens"_qs, n}, {u"ids"_qs, idList},
        {u"open_ms"_qs, openMs}, {u"forward_ms"_qs, forwardMs}, {u"heads_kept"_qs, heads},
        {u"threads"_qs, qkv::threadLimit()}, {u"forward_one_thread_ms"_qs, oneThreadMs},
        {u"forward_speedup"_qs, oneThreadMs / allCoresMs}, {u"intervention_middle_layer_ms"_qs, interventionMs},
        {u"batch_passage_ms"_qs, batchPassageMs}, {u"peak_resident_mib"_qs, peakMiB},
        {u"peak_resident_with_batch_mib"_qs, peakWithBatchMiB},
        {u"weights_in_memory_mib"_qs, double(m.weightBytes()) / (1 << 20)}, {u"forward_gflops"_qs, forwardGflops},
        {u"eigen_gemm_gflops"_qs, flops / gemmMs / 1e6}, {u"blas_gemm_gflops"_qs, flops / blasMs / 1e6},
        {u"gemm_layers_timed"_qs, peerLayers}, {u"forward_over_gemm"_qs, forwardGflops / gemmGflops}};
    // qkvlab heads over a corpus of PASSAGES lines of TOKENS tokens; its throughput counts the
    // forward pass's products without the output head, which heads does not run.
    if (argc > 4 && QByteArray(argv[3]) == "--corpus") {
        const int passages = std::atoi(argv[4]);
        const double seconds = corpusSeconds(QString::fromLocal8Bit(argv[1]), passages, n);
        const double gflops = (modelFlops - 2.0 * double(d) * double(c.vocab)) * passages / seconds / 1e9;
        out.insert(u"corpus"_qs,
            seconds < 0 ? QJsonValue(u"not run: no tokenizer in the folder"_qs)
                        : QJsonValue(QJsonObject {{u"passages"_qs, passages}, {u"tokens_each"_qs, n},
                            {u"seconds"_qs, seconds}, {u"gflops"_qs, gflops}, {u"over_gemm"_qs, gflops / gemmGflops},
                            {u"meets_spec"_qs, seconds <= 60 * passages / 1000.0 && gflops / gemmGflops >= 0.5}}));
    }
    // Generation: TOKENS after the n-token prompt, greedy, with the key-value cache, against a
    // full forward pass over the whole sequence for every token (what it costs without a cache).
    for (int a = 3; a + 1 < argc; ++a) {
        if (QByteArray(argv[a]) != "--generate")
            continue;
        const int tokens = std::atoi(argv[a + 1]);
        Generated g;
        const double cachedMs = medianMs(3, [&] { g = generate(m, ids, tokens, {}); });
        std::vector<int> sequence = ids;
        QElapsedTimer full;
        full.start();
        bool same = true;
        for (const int token : g.ids) {
            const ForwardResult r = forward(m, sequence);
            Eigen::Index best = 0;
            r.logits.row(0).maxCoeff(&best);
            same = same && int(best) == token;
            sequence.push_back(token);
        }
        const double fullMs = double(full.nsecsElapsed()) / 1e6;
        // A cached step reads every weight once: a buffer of the weights' size read over every
        // core is the least a step can take on this machine's memory, and a full recompute per
        // step over that the most a cache can gain here.
        const Eigen::ArrayXf weights = Eigen::ArrayXf::Ones(Eigen::Index(m.weightBytes() / sizeof(float)));
        std::vector<float> sums(std::size_t(qkv::maxParts));
        const double readMs = medianMs(5, [&] {
            qkv::inParts(std::min(qkv::threadLimit(), qkv::maxParts), [&](int part, int parts) {
                const auto [begin, end] = qkv::partOf(weights.size(), part, parts);
                sums[std::size_t(part)] = weights.segment(begin, end - begin).sum();
            });
        });
        const double perToken = cachedMs / double(g.ids.size()), fullPerToken = fullMs / double(g.ids.size());
        out.insert(u"generation"_qs,
            QJsonObject {{u"prompt_tokens"_qs, n}, {u"tokens"_qs, int(g.ids.size())},
                {u"ms_per_token"_qs, cachedMs / double(g.ids.size())},
                {u"full_recompute_ms_per_token"_qs, fullMs / double(g.ids.size())},
                {u"speedup_over_recompute"_qs, fullMs / cachedMs}, {u"same_tokens_as_recompute"_qs, same},
                {u"weights_read_once_ms"_qs, readMs}, {u"ms_per_token_over_weights_read"_qs, perToken / readMs},
                {u"most_speedup_over_recompute_here"_qs, fullPerToken / readMs},
                {u"meets_spec"_qs, cachedMs / double(g.ids.size()) <= 40 && fullMs / cachedMs >= 10 && same}});
    }
    std::printf("%s", QJsonDocument(out).toJson().constData());
    return 0;
}
