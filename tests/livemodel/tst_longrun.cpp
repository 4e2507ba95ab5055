// A long document's run: past a size its attention is kept in float16 (each weight within
// 1/2,048 of the float32 one), the forward pass's float32 copy released; past another, none is
// kept and each head's is computed again when asked for, bit for bit; a recomputation after an
// edit takes the unchanged layers from the earlier run, bit for bit what a run from scratch
// keeps; runs compared and written to .npz from what is kept. The memory a length needs, said
// before running. A text file read as the sentence (refused, naming the place, when it is not
// text) and cut to a model's positions.
#include "livemodel/livemodel.h"
#include "livemodel/modeldifference.h"
#include "livemodel/sentencefile.h"
#include "modelfiles/modeldocument.h"
#include "modelfiles/npzwriter.h"
#include "transformer/config.h"

#include <QRandomGenerator>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;
using namespace qkv::live;
using namespace Qt::StringLiterals;

class TstLongRun : public QObject
{
    Q_OBJECT

    std::shared_ptr<const LiveModel> m_model;
    const QString m_sentence = u"the cat sat on the mat . the cat sat on the"_s;
    QTemporaryDir m_dir;

    LiveRun runKept(
        qint64 halfAbove, std::vector<transformer::Intervention> interventions = {}, const LiveRun *previous = nullptr)
    {
        RunOptions o;
        o.halfAttentionAbove = halfAbove;
        o.interventions = std::move(interventions);
        o.previous = previous;
        return run(*m_model, m_sentence, o);
    }

    QString written(const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(u"text-%1.txt"_s.arg(QRandomGenerator::global()->generate()));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qWarning("cannot write %s", qPrintable(path));
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_model = LiveModel::open(u"example:induction"_s, &error);
        QVERIFY2(m_model, qPrintable(error));
    }

    void halfKeepsEveryWeightWithinItsPrecision()
    {
        const LiveRun full = runKept(defaultHalfAttentionAbove), half = runKept(0);
        QVERIFY2(full && half, qPrintable(full.error + half.error));
        QVERIFY(!full.attention->keepsHalfAttention());
        QVERIFY(half.attention->keepsHalfAttention());
        QVERIFY(half.attention->attention.empty());
        QCOMPARE(half.attention->attentionBytes() * 2, full.attention->attentionBytes());
        for (int l = 0; l < full.attention->layers; ++l) {
            for (int h = 0; h < full.attention->heads; ++h) {
                const FloatMatrix a = full.attention->weights(l, h), b = half.attention->weights(l, h);
                QCOMPARE(b.rows(), a.rows());
                // float16: 11 significant bits, and subnormal (absolute steps of 2⁻²⁴) below 2⁻¹⁴.
                const Eigen::ArrayXXf allowed = a.array().abs() / 2048 + std::ldexp(1.0f, -24);
                QVERIFY(((a - b).array().abs() <= allowed).all());
                // The released float32 copy: the forward pass keeps only the vectors.
                QCOMPARE(half.forward->layers[std::size_t(l)].heads[std::size_t(h)].attention.size(), 0);
                QCOMPARE(full.forward->layers[std::size_t(l)].heads[std::size_t(h)].attention.size(), a.size());
                QVERIFY(half.attention->queryVectors(l, h) == full.attention->queryVectors(l, h));
            }
        }
    }

    // A long run hands on its layers up to the one in view before it computes the next: the
    // same numbers the finished run keeps (float16 when it keeps float16), no predictions yet.
    // Not when nothing later is left to wait for, nor for an edit or a recomputation.
    void aRunPreviewsTheLayerInView()
    {
        for (const qint64 halfAbove : {defaultHalfAttentionAbove, qint64(0)}) {
            std::vector<std::shared_ptr<const LiveRun>> previews;
            int doneAtPreview = -1, done = 0;
            RunOptions o;
            o.halfAttentionAbove = halfAbove;
            o.previewLayer = 0;
            o.previewAfterMs = 0;
            o.progress = [&](int layersDone, int) { done = layersDone; };
            o.preview = [&](std::shared_ptr<const LiveRun> p) {
                previews.push_back(std::move(p));
                doneAtPreview = done;
            };
            const LiveRun full = run(*m_model, m_sentence, o);
            QVERIFY2(full, qPrintable(full.error));
            QVERIFY(!full.preview);
            QCOMPARE(previews.size(), std::size_t(1));
            QCOMPARE(doneAtPreview, 0); // before the layer after it
            const LiveRun &p = *previews.front();
            QVERIFY(p && p.preview);
            QCOMPARE(p.sentence, m_sentence);
            QCOMPARE(p.ids, full.ids);
            QVERIFY(p.predictions.empty());
            QCOMPARE(p.attention->layers, 1);
            QCOMPARE(p.attention->layersComputing, full.attention->layers - 1);
            QCOMPARE(full.attention->layersComputing, 0);
            QCOMPARE(p.forward->layers.size(), std::size_t(1));
            QCOMPARE(p.attention->tokens, full.attention->tokens);
            QCOMPARE(p.attention->keepsHalfAttention(), full.attention->keepsHalfAttention());
            for (int h = 0; h < full.attention->heads; ++h) {
                QVERIFY(p.attention->weights(0, h) == full.attention->weights(0, h));
                QVERIFY(p.attention->queryVectors(0, h) == full.attention->queryVectors(0, h));
                QVERIFY(p.forward->layers[0].heads[std::size_t(h)].key
                    == full.forward->layers[0].heads[std::size_t(h)].key);
            }
            QVERIFY(p.forward->layers[0].residual == full.forward->layers[0].residual);
        }
        std::vector<std::shared_ptr<const LiveRun>> previews;
        RunOptions o;
        o.previewAfterMs = 0;
        o.preview = [&](std::shared_ptr<const LiveRun> p) { previews.push_back(std::move(p)); };
        const LiveRun full = run(*m_model, m_sentence, o); // no layer in view
        o.previewLayer = m_model->model().config().layers - 1; // the last: the run is as quick
        QVERIFY(run(*m_model, m_sentence, o));
        o.previewLayer = 0;
        o.previewAfterMs = 1e9; // the rest is quicker than that
        QVERIFY(run(*m_model, m_sentence, o));
        o.previewAfterMs = 0;
        o.previous = &full; // recomputed from an earlier run
        QVERIFY(run(*m_model, m_sentence, o));
        o.previous = nullptr;
        transformer::Intervention off;
        off.kind = transformer::Intervention::Kind::Ablate;
        o.interventions = {off}; // an edit: its baseline is the one to show first
        QVERIFY(run(*m_model, m_sentence, o));
        QVERIFY(previews.empty());
    }

    // Longer still, a run keeps no attention: each head's is computed again from the query and key
    // it kept when asked for, the bits a run that keeps them holds, edits and previews included.
    void recomputedWhenAskedForBitForBit()
    {
        using Kind = transformer::Intervention::Kind;
        RunOptions o;
        o.recomputeAttentionAbove = 0;
        std::vector<std::shared_ptr<const LiveRun>> previews;
        o.previewLayer = 0;
        o.previewAfterMs = 0;
        o.preview = [&](std::shared_ptr<const LiveRun> p) { previews.push_back(std::move(p)); };
        const LiveRun full = runKept(defaultHalfAttentionAbove), rec = run(*m_model, m_sentence, o);
        QVERIFY2(full && rec, qPrintable(full.error + rec.error));
        const ModelAttention &a = *rec.attention;
        QVERIFY(a.recomputesAttention() && !full.attention->recomputesAttention());
        QVERIFY(a.attention.empty() && a.halfAttention.empty());
        QCOMPARE(a.attentionBytes(), 0);
        QCOMPARE(previews.size(), std::size_t(1));
        QVERIFY(previews.front()->attention->recomputesAttention());
        for (int h = 0; h < a.heads; ++h)
            QVERIFY(previews.front()->attention->weights(0, h) == full.attention->weights(0, h));
        for (int l = 0; l < a.layers; ++l)
            for (int h = 0; h < a.heads; ++h) {
                QVERIFY(a.weights(l, h) == full.attention->weights(l, h));
                QCOMPARE(rec.forward->layers[std::size_t(l)].heads[std::size_t(h)].attention.size(), 0);
            }
        // The views ask for a head again and again: computed once while it fits the cache. The
        // layer's document reads every head, computed at once: each once.
        const auto counted
            = std::make_shared<const RecomputedAttention>([&](int l, int h) { return full.attention->weights(l, h); });
        ModelAttention shown = a;
        shown.recomputed = counted;
        ModelView view;
        view.layer = 1;
        const std::optional<ModelDocument> doc = modelDocument(shown, view, u"induction"_s),
                                           keptDoc = modelDocument(*full.attention, view, u"induction"_s);
        QVERIFY(doc && keptDoc && doc->result && keptDoc->result);
        QCOMPARE(counted->computedCount(), a.heads);
        // A pass over every head (the heads grid, an export) keeps none: the layer in view stays.
        QVERIFY(shown.weightsInPassing(0, 0) == full.attention->weights(0, 0));
        QVERIFY(shown.weightsInPassing(0, 0) == full.attention->weights(0, 0));
        QVERIFY(shown.weightsInPassing(1, 0) == full.attention->weights(1, 0));
        QCOMPARE(counted->computedCount(), a.heads + 2);
        QCOMPARE(doc->recomputeError, keptDoc->recomputeError);
        QVERIFY(doc->document.settings().mask == keptDoc->document.settings().mask);
        for (int h = 0; h < a.heads; ++h)
            QVERIFY(doc->result->heads[std::size_t(h)].weights == keptDoc->result->heads[std::size_t(h)].weights);
        // A generated text's step (its first tokens) of a recomputed run is recomputed too.
        const std::shared_ptr<ModelAttention> step = firstTokens(a, 5), keptStep = firstTokens(*full.attention, 5);
        QVERIFY(step && keptStep && step->recomputesAttention() && step->attention.empty());
        for (int l = 0; l < a.layers; ++l)
            for (int h = 0; h < a.heads; ++h)
                QVERIFY(step->weights(l, h) == keptStep->weights(l, h));
        const int computed = a.recomputed->computedCount();
        QVERIFY(a.weights(1, 0) == a.weights(1, 0));
        QCOMPARE(a.recomputed->computedCount(), computed);
        QCOMPARE(rec.predictions.front().top.front().id, full.predictions.front().top.front().id);

        // An edit recomputed from the run, against a run that keeps everything with the same edit.
        const auto n = Eigen::Index(rec.ids.size());
        const std::vector<transformer::Intervention> edits {
            {1, 0, Kind::Attention, Eigen::MatrixXf::Constant(n, n, 1.0f / float(n)), {}},
            {1, 1, Kind::Query, 2 * rec.forward->layers[1].heads[1].query, {}}};
        RunOptions again = o;
        again.preview = {};
        again.interventions = edits;
        again.previous = &rec;
        const LiveRun edited = run(*m_model, m_sentence, again), fresh = runKept(defaultHalfAttentionAbove, edits);
        QVERIFY2(edited && fresh, qPrintable(edited.error + fresh.error));
        QVERIFY(edited.attention->recomputesAttention());
        QVERIFY(edited.attention->weights(1, 1) != full.attention->weights(1, 1));
        for (int l = 0; l < a.layers; ++l)
            for (int h = 0; h < a.heads; ++h)
                QVERIFY(edited.attention->weights(l, h) == fresh.attention->weights(l, h));
        QCOMPARE(edited.forward->layers[1].heads[0].attention.size(), 0);

        // Written to .npz in float16, head by head: the bits a float16 run keeps.
        const LiveRun half = runKept(0);
        QString error;
        const QByteArray npz = modelAttentionToNpz(a, &error);
        QVERIFY2(npz.contains("'descr': '<f2'"), qPrintable(error));
        QFile f(m_dir.filePath(u"recomputed.npz"_s));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(npz) == npz.size());
        f.close();
        const std::optional<ModelAttention> back = loadModelAttention(f.fileName(), &error);
        QVERIFY2(back, qPrintable(error));
        for (int l = 0; l < a.layers; ++l)
            for (int h = 0; h < a.heads; ++h)
                QVERIFY(back->weights(l, h) == half.attention->weights(l, h));
    }

    void recomputationTakesUnchangedLayersFromTheEarlierRun()
    {
        const LiveRun first = runKept(0);
        QVERIFY(first);
        const std::vector<transformer::Intervention> off {{1, 2, transformer::Intervention::Kind::Ablate, {}}};
        const LiveRun edited = runKept(0, off, &first), fresh = runKept(0, off);
        QVERIFY2(edited && fresh, qPrintable(edited.error + fresh.error));
        QVERIFY(edited.attention->halfAttention.size() == fresh.attention->halfAttention.size());
        QVERIFY(std::equal(edited.attention->halfAttention.begin(), edited.attention->halfAttention.end(),
            fresh.attention->halfAttention.begin(), [](qfloat16 x, qfloat16 y) { return x == y; }));
        QVERIFY(edited.attention->weights(0, 1) == first.attention->weights(0, 1));
        // Layer 0 came from the first run, whose float32 copy was released: still released.
        QCOMPARE(edited.forward->layers[0].heads[0].attention.size(), 0);
        QCOMPARE(edited.attention->switchedOff.count({1, 2}), std::size_t(1));
        QCOMPARE(edited.predictions.front().top.front().id, fresh.predictions.front().top.front().id);
    }

    void comparedFromWhatIsKept()
    {
        const std::vector<transformer::Intervention> off {{0, 1, transformer::Intervention::Kind::Ablate, {}}};
        const LiveRun a = runKept(0), b = runKept(0, off);
        const LiveRun a32 = runKept(defaultHalfAttentionAbove), b32 = runKept(defaultHalfAttentionAbove, off);
        const ModelDifference half = compareRuns(*m_model, a, b), full = compareRuns(*m_model, a32, b32);
        QVERIFY2(half && full, qPrintable(half.error + full.error));
        QCOMPARE(half.heads.size(), full.heads.size());
        QVERIFY(full.largest > 0.01); // the edit moved layer 1's attention
        QVERIFY(std::abs(half.largest - full.largest) < 1e-3);
        QCOMPARE(compareRuns(*m_model, a, a).largest, 0.0);
    }

    void npzKeepsFloat16()
    {
        const LiveRun half = runKept(0);
        QString error;
        const QByteArray npz = modelAttentionToNpz(*half.attention, &error);
        QVERIFY2(!npz.isEmpty(), qPrintable(error));
        QVERIFY(npz.contains("'descr': '<f2'"));
        QFile f(m_dir.filePath(u"half.npz"_s));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(npz) == npz.size());
        f.close();
        const std::optional<ModelAttention> back = loadModelAttention(f.fileName(), &error);
        QVERIFY2(back, qPrintable(error));
        for (int l = 0; l < half.attention->layers; ++l)
            for (int h = 0; h < half.attention->heads; ++h)
                QVERIFY(back->weights(l, h) == half.attention->weights(l, h));
    }

    void memorySaidBeforeRunning()
    {
        transformer::Config gpt2;
        gpt2.layers = 12;
        gpt2.heads = 12;
        // The figure: 144 heads × 1,024² = 151 M weights, 302 MB in float16.
        const AttentionMemory long1024 = attentionMemory(gpt2, 1024);
        QCOMPARE(long1024.weights, qint64(150994944));
        QVERIFY(long1024.half);
        QCOMPARE(long1024.bytes, qint64(301989888));
        const AttentionMemory sentence = attentionMemory(gpt2, 32);
        QVERIFY(!sentence.half);
        QCOMPARE(sentence.bytes, qint64(144 * 32 * 32 * 4));
        // Where float16 starts for GPT-2 small: the last length within 128 MiB stays float32.
        QVERIFY(!attentionMemory(gpt2, 482).half);
        QVERIFY(attentionMemory(gpt2, 483).half);
        QVERIFY(!long1024.recomputed);
        // A SmolLM2-135M's 30 layers of 9 heads: 2,048 tokens would keep 2.3 GB in float16, 4,096
        // tokens 9.1 GB; past 1 GiB none is kept.
        transformer::Config smol;
        smol.family = transformer::Family::Llama;
        smol.layers = 30;
        smol.heads = 9;
        QVERIFY(attentionMemory(smol, 1024).half && !attentionMemory(smol, 1024).recomputed);
        const AttentionMemory long4096 = attentionMemory(smol, 4096);
        QVERIFY(long4096.recomputed);
        QCOMPARE(long4096.bytes, qint64(30) * 9 * 4096 * 4096 * 2);
        smol.family = transformer::Family::T5; // whose position biases are not kept: never recomputed
        QVERIFY(!attentionMemory(smol, 4096).recomputed);
    }

    void textFileRead()
    {
        QString error;
        QCOMPARE(readSentenceFile(written("\xEF\xBB\xBFone line\r\ntwo lines\r\n"), &error), u"one line\ntwo lines"_s);
        QCOMPARE(readSentenceFile(written("caf\xC3\xA9 \xF0\x9F\x98\x80\n\n"), &error), u"café 😀\n"_s);
        const struct {
            QByteArray bytes;
            QString says;
        } bad[] = {
            {QByteArray("ab\ncd\0ef", 8), u"a zero byte at line 2, byte 3: a binary file, not text"_s},
            {"ok\nx\xC0\xAF", u"not UTF-8 text at line 2, byte 2 (byte 0xc0)"_s}, // overlong "/"
            {"\xED\xA0\x80", u"not UTF-8 text at line 1, byte 1 (byte 0xed)"_s}, // a surrogate
            {"abc\xF4\x90\x80\x80", u"not UTF-8 text at line 1, byte 4 (byte 0xf4)"_s}, // past U+10FFFF
            {"euro \xE2\x82", u"not UTF-8 text at line 1, byte 6 (byte 0xe2)"_s}, // cut short
            {"\xFF", u"not UTF-8 text at line 1, byte 1 (byte 0xff)"_s},
            {" \n\t\n", u"no text in it"_s},
        };
        for (const auto &b : bad) {
            const QString path = written(b.bytes);
            QVERIFY(!readSentenceFile(path, &error));
            QCOMPARE(error, QFileInfo(path).fileName() + u": "_s + b.says);
        }
        QVERIFY(!readSentenceFile(written(QByteArray(sentenceFileMaxBytes + 1, 'a')), &error));
        QVERIFY2(error.contains(u"larger than 4 MiB"_s), qPrintable(error));
        QVERIFY(!readSentenceFile(m_dir.filePath(u"missing.txt"_s), &error));
        QVERIFY2(error.startsWith(u"missing.txt: "_s), qPrintable(error));
    }

    // Against Qt's own decoder, which refuses the same overlong forms, surrogates and code points.
    void utf8CheckAgreesWithQt()
    {
        QRandomGenerator random(7);
        for (int i = 0; i < 20000; ++i) {
            QByteArray bytes(random.bounded(1, 9), Qt::Uninitialized);
            for (char &c : bytes)
                c = char(random.bounded(4) == 0 ? random.bounded(0x80) : 0x80 + random.bounded(0x80));
            QStringDecoder decode(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
            const QString text = decode(bytes);
            QVERIFY2((firstInvalidUtf8(bytes) < 0) == !decode.hasError(), bytes.toHex().constData());
        }
    }

    void documentCutToThePositions()
    {
        const qint64 positions = m_model->model().config().positionLimit();
        QString text;
        for (int i = 0; i < 100; ++i)
            text += u"the cat sat on the mat . "_s;
        QVERIFY(qint64(m_model->encode(text).ids.size()) > positions);
        const QString cut = leadingTokens(*m_model, text, positions);
        QVERIFY(text.startsWith(cut));
        QVERIFY(qint64(m_model->encode(cut).ids.size()) <= positions);
        // As much as fits: the next word would not.
        const qsizetype next = text.indexOf(u' ', cut.size() + 1);
        QVERIFY(qint64(m_model->encode(text.left(next)).ids.size()) > positions);
        QCOMPARE(leadingTokens(*m_model, u"the cat"_s, positions), u"the cat"_s);
    }
};

QTEST_GUILESS_MAIN(TstLongRun)
#include "tst_longrun.moc"
