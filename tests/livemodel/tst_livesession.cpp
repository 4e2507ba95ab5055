#include "livemodel/livesession.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "checkpointfixtures.h"

using namespace qkv;
using namespace qkv::live;
using namespace Qt::StringLiterals;
using Kind = transformer::Intervention::Kind;

namespace {

std::vector<float> lastLayerAttention(const LiveRun &run)
{
    const ModelAttention &a = *run.attention;
    const std::size_t perLayer = std::size_t(a.heads) * a.n * a.n;
    return {a.attention.end() - std::ptrdiff_t(perLayer), a.attention.end()};
}

double largestDifference(const std::vector<float> &a, const std::vector<float> &b)
{
    double most = a.size() == b.size() ? 0 : 1e9;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i)
        most = std::max(most, double(std::abs(a[i] - b[i])));
    return most;
}

} // namespace

// A model in the window computed in the background (issue 14): typing waits for a pause and
// cancels older sentences, interventions recompute from their layer and keep the model's own
// run beside them, refusals come back as messages.
class TstLiveSession : public QObject
{
    Q_OBJECT

private:
    CheckpointFixtures m_fixtures;
    std::shared_ptr<const LiveModel> m_gpt2;

private Q_SLOTS:
    void initTestCase()
    {
        QKV_PREPARE_CHECKPOINTS(m_fixtures);
        QString why;
        m_gpt2 = LiveModel::open(m_fixtures.path(u"gpt2"_s), &why);
        QVERIFY2(m_gpt2, qPrintable(why));
    }

    // A GGUF file as llama.cpp writes it, holding GPT-2's real tokenizer and the weights of a
    // model folder: the same ids and predictions as the folder (safetensors,
    // vocab.json, merges.txt).
    void aGgufFileRunsAsItsFolder()
    {
        QString why;
        const std::shared_ptr<const LiveModel> folder = LiveModel::open(m_fixtures.path(u"gpt2_vocab"_s), &why);
        QVERIFY2(folder, qPrintable(why));
        const std::shared_ptr<const LiveModel> gguf
            = LiveModel::open(m_fixtures.path(u"gpt2_vocab_gguf/model.gguf"_s), &why);
        QVERIFY2(gguf, qPrintable(why));
        QVERIFY(isModelLocation(m_fixtures.path(u"gpt2_vocab_gguf/model.gguf"_s)));
        for (const QString &sentence : {u"The cat sat on the"_s, u"naïve café, 1234 — 日本語 😀"_s}) {
            const LiveRun a = run(*folder, sentence, 5), b = run(*gguf, sentence, 5);
            QVERIFY2(a && b, qPrintable(a.error + b.error));
            QCOMPARE(b.ids, a.ids);
            QCOMPARE(b.predictions.back().top.size(), a.predictions.back().top.size());
            for (std::size_t i = 0; i < a.predictions.back().top.size(); ++i) {
                QCOMPARE(b.predictions.back().top[i].id, a.predictions.back().top[i].id);
                QVERIFY(
                    std::abs(b.predictions.back().top[i].probability - a.predictions.back().top[i].probability) < 1e-5);
            }
        }
    }

    void opensOnASentence()
    {
        LiveSession session;
        QSignalSpy changed(&session, &LiveSession::runChanged);
        session.open(m_gpt2, u"the cat sat"_s);
        QVERIFY(session.isComputing());
        QTRY_COMPARE(changed.count(), 1);
        QVERIFY(!session.isComputing());
        const LiveRun direct = live::run(*m_gpt2, u"the cat sat"_s);
        QCOMPARE(session.run()->ids, direct.ids);
        QCOMPARE(session.run()->attention->tokens, direct.attention->tokens);
        QCOMPARE(session.run()->predictions.front().top.front().id, direct.predictions.front().top.front().id);
        QCOMPARE(session.baseline(), session.run());
    }

    void typingWaitsForAPauseAndOnlyTheNewestCounts()
    {
        LiveSession session;
        session.open(m_gpt2, u"the"_s);
        session.waitForRun();
        QSignalSpy changed(&session, &LiveSession::runChanged);
        QSignalSpy computing(&session, &LiveSession::computingChanged);
        session.setTypingPause(80, 80);
        for (const QString &s : {u"the c"_s, u"the ca"_s, u"the cat"_s, u"the cat ran"_s}) {
            session.setSentence(s);
            QTest::qWait(10); // faster than the pause: nothing is computed yet
        }
        QCOMPARE(changed.count(), 0);
        QVERIFY(session.isComputing());
        QCOMPARE(computing.count(), 1); // started once, for the whole burst
        QTRY_VERIFY(!session.isComputing());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(session.run()->sentence, u"the cat ran"_s);
        QCOMPARE(computing.count(), 2);
        QCOMPARE(computing.last().first().toBool(), false);
    }

    void layersAreCountedAsTheyAreDone()
    {
        // In the window's event loop, layer after layer of the newest request.
        LiveSession session;
        QSignalSpy progress(&session, &LiveSession::progress);
        session.open(m_gpt2, u"the cat sat"_s);
        session.waitForRun();
        QTRY_VERIFY(!progress.isEmpty());
        const int layers = m_gpt2->model().config().layers;
        QCOMPARE(progress.size(), layers);
        for (int i = 0; i < layers; ++i)
            QCOMPARE(progress.at(i), (QList<QVariant> {i + 1, layers}));
        // Straight from the forward pass too, on the computing thread.
        std::vector<std::pair<int, int>> told;
        RunOptions options;
        options.progress = [&told](int done, int all) { told.emplace_back(done, all); };
        QVERIFY(live::run(*m_gpt2, u"the cat"_s, options));
        QCOMPARE(told.size(), std::size_t(layers));
        QCOMPARE(told.back(), std::pair(layers, layers));
    }

    void stopKeepsTheLastRunUntilTheNextRequest()
    {
        LiveSession session;
        session.open(m_gpt2, u"the cat"_s);
        session.waitForRun();
        const std::shared_ptr<const LiveRun> before = session.run();
        QSignalSpy stopped(&session, &LiveSession::stopped);
        QSignalSpy changed(&session, &LiveSession::runChanged);
        session.setTypingPause(200, 200);
        session.setSentence(u"the cat sat on"_s);
        QVERIFY(session.isComputing());
        session.stop();
        QVERIFY(!session.isComputing());
        QTRY_COMPARE(stopped.count(), 1);
        QTest::qWait(300); // past the pause: nothing was computed
        QCOMPARE(changed.count(), 0);
        QCOMPARE(session.run(), before);
        // The next sentence is computed as usual.
        session.setSentence(u"the cat sat"_s);
        session.waitForRun();
        QCOMPARE(session.run()->sentence, u"the cat sat"_s);
        // Stopped while computing: the run under way is given up at its next layer.
        session.setTypingPause(0, 0);
        session.setSentence(u"the dog sat on the mat"_s);
        QTRY_VERIFY(session.isComputing());
        session.stop();
        QTRY_COMPARE(stopped.count(), 2);
        QTRY_VERIFY(!session.isComputing());
        QVERIFY(session.run()->sentence == u"the cat sat"_s || session.run()->sentence == u"the dog sat on the mat"_s);
    }

    void aModelThatAnswersAtOnceIsNotWaitedFor()
    {
        LiveSession session;
        session.open(m_gpt2, u"the"_s);
        session.waitForRun();
        // The tiny model runs in well under the longest pause: the pause is a third of a run.
        QVERIFY(session.lastRunMilliseconds() > 0 && session.lastRunMilliseconds() < 100);
        QCOMPARE(session.typingPause(), int(session.lastRunMilliseconds() / 3));
        session.setTypingPause(0, 0);
        QCOMPARE(session.typingPause(), 0);
        session.setTypingPause(20, 150);
        QCOMPARE(session.typingPause(), std::max(20, int(session.lastRunMilliseconds() / 3)));
    }

    void anInterventionRecomputesFromItsLayerAndKeepsTheModelsOwnRun()
    {
        LiveSession session;
        session.open(m_gpt2, u"the cat sat on the mat"_s);
        session.waitForRun();
        const std::shared_ptr<const LiveRun> own = session.run();
        session.setInterventions({{1, 2, Kind::Ablate, {}}});
        session.waitForRun();
        QCOMPARE(session.baseline(), own); // not computed again
        QVERIFY(session.run() != own);
        QCOMPARE(session.run()->forward->interventions.size(), std::size_t(1));

        // Exactly what a whole forward pass with the ablation gives.
        transformer::ForwardOptions options;
        options.interventions = session.interventions();
        const transformer::ForwardResult full = transformer::forward(m_gpt2->model(), own->ids, options);
        QVERIFY(full.done());
        QVERIFY((session.run()->forward->logits - full.logits).cwiseAbs().maxCoeff() < 1e-5f);
        QVERIFY(largestDifference(lastLayerAttention(*session.run()), lastLayerAttention(*own)) == 0);
        QVERIFY((session.run()->forward->logits - own->forward->logits).cwiseAbs().maxCoeff() > 1e-4f);

        // A new key for a head of layer 0 changes the attention of layer 1 too.
        Eigen::MatrixXf key = own->forward->layers[0].heads[1].key;
        key(3, 0) += 4;
        session.setInterventions({{0, 1, Kind::Key, key}, {1, 2, Kind::Ablate, {}}});
        session.waitForRun();
        QVERIFY(largestDifference(lastLayerAttention(*session.run()), lastLayerAttention(*own)) > 1e-4);
        QCOMPARE(session.baseline(), own);

        // Taking them back gives the model's own numbers again.
        session.setInterventions({});
        session.waitForRun();
        QVERIFY((session.run()->forward->logits - own->forward->logits).cwiseAbs().maxCoeff() < 1e-6f);
    }

    void predictionsCompareBeforeAndAfter()
    {
        LiveSession session;
        session.open(m_gpt2, u"the cat sat on the"_s);
        session.waitForRun();
        session.setInterventions({{0, 0, Kind::Ablate, {}}, {0, 1, Kind::Ablate, {}}, {1, 0, Kind::Ablate, {}}});
        session.waitForRun();
        const std::vector<ComparedToken> c = compare(*m_gpt2, *session.baseline(), *session.run(), 0, 5);
        QVERIFY(c.size() >= 5 && c.size() <= 10);
        // Each number is the token's probability in that run, also for tokens outside its top 5.
        const auto probabilityIn = [](const LiveRun &run, int id) {
            const Eigen::VectorXd l = run.forward->logits.row(0).transpose().cast<double>();
            return std::exp(l[id] - l.maxCoeff()) / (l.array() - l.maxCoeff()).exp().sum();
        };
        for (const ComparedToken &t : c) {
            QVERIFY(std::abs(t.before - probabilityIn(*session.baseline(), t.id)) < 1e-9);
            QVERIFY(std::abs(t.after - probabilityIn(*session.run(), t.id)) < 1e-9);
            QCOMPARE(t.token, m_gpt2->tokenizer().display(t.id));
        }
        QCOMPARE(c.front().id, session.run()->predictions.front().top.front().id);
        for (std::size_t i = 1; i < c.size(); ++i)
            QVERIFY(c[i - 1].after >= c[i].after);
        QVERIFY(std::any_of(
            c.begin(), c.end(), [](const ComparedToken &t) { return std::abs(t.after - t.before) > 1e-4; }));
        QVERIFY(compare(*m_gpt2, *session.baseline(), *session.run(), 1, 5).empty()); // no such prediction
    }

    void aNewSentenceKeepsAblationsOnly()
    {
        LiveSession session;
        session.open(m_gpt2, u"the cat sat"_s);
        session.waitForRun();
        const Eigen::MatrixXf value = session.run()->forward->layers[0].heads[0].value;
        session.setInterventions({{0, 0, Kind::Value, value}, {1, 3, Kind::Ablate, {}}});
        session.waitForRun();
        session.setSentence(u"the dog ran on the mat"_s);
        QCOMPARE(session.interventions().size(), std::size_t(1));
        QCOMPARE(session.interventions().front().kind, Kind::Ablate);
        session.waitForRun();
        QCOMPARE(session.run()->sentence, u"the dog ran on the mat"_s);
        QCOMPARE(session.baseline()->sentence, u"the dog ran on the mat"_s);
        QVERIFY(session.baseline()->forward->interventions.empty());
        QCOMPARE(session.run()->forward->interventions.size(), std::size_t(1));
    }

    void manyQuickEditsEndOnTheNewest()
    {
        LiveSession session;
        session.open(m_gpt2, u"the cat sat on the mat . the dog ran"_s);
        Eigen::MatrixXf query
            = live::run(*m_gpt2, u"the cat sat on the mat . the dog ran"_s).forward->layers[0].heads[0].query;
        for (int i = 0; i < 20; ++i) {
            query(1, 1) = float(i);
            session.setInterventions({{0, 0, Kind::Query, query}});
        }
        QTRY_VERIFY(!session.isComputing());
        QCOMPARE(session.run()->forward->interventions.size(), std::size_t(1));
        QCOMPARE(session.run()->forward->interventions.front().values(1, 1), 19.f);
    }

    void refusalsComeBackAsMessages()
    {
        LiveSession session;
        QSignalSpy failed(&session, &LiveSession::failed);
        session.open(m_gpt2, u"the"_s);
        session.waitForRun();
        QString tooLong;
        for (int i = 0; i < 40; ++i) // more tokens than the tiny model's 16 positions
            tooLong += u"cat "_s;
        session.setSentence(tooLong);
        session.waitForRun();
        QCOMPARE(failed.count(), 1);
        QVERIFY2(session.error().contains(u"position"_s), qPrintable(session.error()));
        QCOMPARE(session.run()->sentence, u"the"_s); // the last good run stays shown
        session.setSentence(u"the cat"_s);
        session.waitForRun();
        QVERIFY(session.error().isEmpty());
        QCOMPARE(session.run()->sentence, u"the cat"_s);
    }

    void aSentenceTheTokenizerCannotReadIsSaidSo()
    {
        // The tiny GPT-2 with a byte-level BPE tokenizer whose vocabulary is empty.
        QTemporaryDir dir;
        for (const QString &file : {u"config.json"_s, u"model.safetensors"_s})
            QVERIFY(QFile::copy(m_fixtures.path(u"gpt2/"_s + file), dir.filePath(file)));
        QFile tokenizer(dir.filePath(u"tokenizer.json"_s));
        QVERIFY(tokenizer.open(QIODevice::WriteOnly));
        tokenizer.write(R"({"model": {"type": "BPE", "vocab": {}, "merges": []},
            "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true}})");
        tokenizer.close();
        QString why;
        const std::shared_ptr<const LiveModel> empty = LiveModel::open(dir.path(), &why);
        QVERIFY2(empty, qPrintable(why));
        const LiveRun run = live::run(*empty, u"the cat"_s);
        QVERIFY(!run);
        QVERIFY2(run.error.contains(u"no tokens"_s) && run.error.contains(dir.path()), qPrintable(run.error));
    }

    // A long run keeps each layer's attention in float16 as soon as the layer is done (its
    // float32 released at once): the same weights as kept at the end, within float16's precision
    // of the float32 run. A preview of a later layer takes the layers before it from there.
    void aLongRunKeepsEachLayerInHalfAsItGoes()
    {
        writeVocab(m_fixtures.path(u"gpt2_f16_shards"_s), 61); // three layers
        QString why;
        const std::shared_ptr<const LiveModel> model = LiveModel::open(m_fixtures.path(u"gpt2_f16_shards"_s), &why);
        QVERIFY2(model, qPrintable(why));
        QCOMPARE(model->model().config().layers, 3);
        const QString sentence = u"the cat sat on the mat . the dog ran"_s;
        std::shared_ptr<const LiveRun> preview;
        RunOptions o;
        o.halfAttentionAbove = 0;
        o.previewLayer = 1;
        o.previewAfterMs = 0;
        o.preview = [&](std::shared_ptr<const LiveRun> p) { preview = std::move(p); };
        const LiveRun half = run(*model, sentence, o);
        const LiveRun full = run(*model, sentence, 10);
        QVERIFY2(half && full, qPrintable(half.error + full.error));
        QVERIFY(half.attention->keepsHalfAttention() && !full.attention->keepsHalfAttention());
        QVERIFY(preview && preview->attention->keepsHalfAttention());
        QCOMPARE(preview->attention->layers, 2);
        const auto &a = *full.attention;
        for (int l = 0; l < a.layers; ++l) {
            for (int h = 0; h < a.heads; ++h) {
                const FloatMatrix f = a.weights(l, h), k = half.attention->weights(l, h);
                const Eigen::ArrayXXf allowed = f.array().abs() / 2048 + std::ldexp(1.0f, -24);
                QVERIFY(((f - k).array().abs() <= allowed).all());
                QCOMPARE(half.forward->layers[std::size_t(l)].heads[std::size_t(h)].attention.size(), 0);
                if (l < 2)
                    QVERIFY(preview->attention->weights(l, h) == k);
            }
        }
        QCOMPARE(half.predictions.back().top.front().id, full.predictions.back().top.front().id);
    }

    void closingDropsWhatIsUnderWay()
    {
        LiveSession session;
        QSignalSpy changed(&session, &LiveSession::runChanged);
        session.open(m_gpt2, u"the cat sat"_s);
        session.close();
        QVERIFY(!session.isOpen());
        QTest::qWait(100);
        QCOMPARE(changed.count(), 0);
        QVERIFY(!session.run());
        QVERIFY(!session.isComputing());
    }
};

QTEST_GUILESS_MAIN(TstLiveSession)
#include "tst_livesession.moc"
