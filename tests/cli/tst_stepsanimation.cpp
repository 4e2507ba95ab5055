// qkvlab export MODEL --animate steps (issue 52): a text the model writes (or reads) a token a
// frame. Each frame's attention is the model's on the text up to its token, its row the one that
// chose the token with the probability it was drawn with; the tokens are generate's; the same
// seed draws the same animation; wrong combinations are refused by name.
#include "cli/stepsanimation.h"
#include "commandrun.h"
#include "transformer/generation.h"

#include <QFile>
#include <QImageReader>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

class TestStepsAnimation : public QObject
{
    Q_OBJECT

    const QString m_sentence = u"The cat sat on the mat. The cat"_qs;
    std::shared_ptr<const live::LiveModel> m_model;
    QTemporaryDir m_dir;

    cli::ExportOptions options(int tokens) const
    {
        cli::ExportOptions o;
        o.file = u"example:induction"_qs;
        o.animate = u"steps"_qs;
        o.model.sentence = m_sentence;
        o.steps.tokens = tokens;
        return o;
    }

    QStringList command(const QString &out) const
    {
        return {u"export"_qs, u"example:induction"_qs, u"--sentence"_qs, m_sentence, u"--animate"_qs, u"steps"_qs,
            u"--view"_qs, u"heatmap"_qs, u"--size"_qs, u"500x400"_qs, u"-o"_qs, out};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_model = live::LiveModel::open(u"example:induction"_qs, &error);
        QVERIFY2(m_model, qPrintable(error));
    }

    void framesAreTheModelOnEachPrefix()
    {
        QString error;
        bool usage = false;
        const std::vector<cli::StepFrame> frames = cli::stepFrames(*m_model, options(5), &error, &usage);
        QVERIFY2(!frames.empty(), qPrintable(error));
        const std::vector<int> prompt = m_model->encode(m_sentence).ids;
        const transformer::Generated g = transformer::generate(m_model->model(), prompt, 5, {});
        QCOMPARE(frames.size(), g.ids.size());
        std::vector<int> text = prompt;
        text.insert(text.end(), g.ids.begin(), g.ids.end());
        for (std::size_t k = 0; k < frames.size(); ++k) {
            const cli::StepFrame &f = frames[k];
            QCOMPARE(f.written, int(prompt.size() + k));
            QCOMPARE(f.chooser, f.written - 1);
            QCOMPARE(f.id, g.ids[k]);
            // The frame's numbers: the model run on the text up to the written token alone.
            const std::vector<int> prefix(text.begin(), text.begin() + f.written + 1);
            const transformer::ForwardResult alone = transformer::forward(m_model->model(), prefix);
            QVERIFY(alone.done());
            QCOMPARE(f.attention->n, f.written + 1);
            for (int l = 0; l < f.attention->layers; ++l)
                for (int h = 0; h < f.attention->heads; ++h) {
                    const auto &head = alone.layers[std::size_t(l)].heads[std::size_t(h)];
                    QVERIFY((f.attention->weights(l, h) - FloatMatrix(head.attention)).cwiseAbs().maxCoeff() < 1e-5);
                    QVERIFY((f.attention->queryVectors(l, h) - head.query).cwiseAbs().maxCoeff() < 1e-4);
                }
            // Its probability: the chooser's distribution, the same as generation drew from.
            const std::vector<int> upToChooser(text.begin(), text.begin() + f.chooser + 1);
            const transformer::ForwardResult before = transformer::forward(m_model->model(), upToChooser);
            QVERIFY(std::abs(f.probability - live::softmax(before.logits.row(0).transpose())[f.id]) < 1e-5);
            QVERIFY(
                f.caption.startsWith(u"step %1 of 5: “%2” ("_qs.arg(k + 1).arg(m_model->tokenizer().display(f.id))));
        }
        // The induction model is sure of the phrase it saw: "sat" after "cat".
        QCOMPARE(m_model->tokenizer().display(frames.front().id), u"sat"_qs);
        QVERIFY(frames.front().probability > 0.9);
    }

    void withoutTokensTheSentenceItself()
    {
        QString error;
        bool usage = false;
        const std::vector<cli::StepFrame> frames = cli::stepFrames(*m_model, options(0), &error, &usage);
        const std::vector<int> ids = m_model->encode(m_sentence).ids;
        QCOMPARE(frames.size(), ids.size() - 1);
        QCOMPARE(frames.front().written, 1);
        QCOMPARE(frames.back().written, int(ids.size()) - 1);
        QCOMPARE(frames.back().id, ids.back());
    }

    void writesAGifAFrameAStep()
    {
        const QString gif = m_dir.filePath(u"steps.gif"_qs);
        auto r = test::runCommand(command(gif) << u"--tokens"_qs << u"4"_qs << u"--fps"_qs << u"5"_qs);
        QVERIFY2(r.status == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QImageReader reader(gif);
        QCOMPARE(reader.imageCount(), 4);
        std::vector<QImage> frames;
        while (reader.canRead())
            frames.push_back(reader.read().convertToFormat(QImage::Format_RGB32));
        QCOMPARE(reader.nextImageDelay(), 200);
        QCOMPARE(frames.size(), std::size_t(4));
        for (const QImage &f : frames)
            QCOMPARE(f.size(), QSize(500, 400));
        // The text grows a token a frame: no two frames alike.
        for (std::size_t k = 1; k < frames.size(); ++k)
            QVERIFY(frames[k] != frames[k - 1]);
        // Sampled: the same seed, the same animation; WebP as well.
        const QString a = m_dir.filePath(u"a.webp"_qs), b = m_dir.filePath(u"b.webp"_qs);
        for (const QString &out : {a, b}) {
            r = test::runCommand(command(out) << u"--tokens"_qs << u"3"_qs << u"--temperature"_qs << u"1.5"_qs
                                              << u"--top-p"_qs << u"0.9"_qs << u"--seed"_qs << u"7"_qs);
            QVERIFY2(r.status == 0, r.err.constData());
        }
        QFile fa(a), fb(b);
        QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
        const QByteArray bytes = fa.readAll();
        QVERIFY(bytes.startsWith("RIFF") && bytes.mid(8, 4) == "WEBP" && bytes.contains("ANIM"));
        QCOMPARE(bytes, fb.readAll());
    }

    void positionsEndTheText()
    {
        // The built-in model has 128 positions: the text ends there, and the note says so.
        const QString gif = m_dir.filePath(u"long.gif"_qs);
        const auto r = test::runCommand(command(gif) << u"--tokens"_qs << u"200"_qs);
        QVERIFY2(r.status == 0, r.err.constData());
        const int prompt = int(m_model->encode(m_sentence).ids.size());
        QCOMPARE(r.err,
            u"qkvlab: note: %1 tokens, not 200: the model's 128 positions end there\n"_qs.arg(128 - prompt).toUtf8());
        QCOMPARE(QImageReader(gif).imageCount(), 128 - prompt);
    }

    void wrongCombinationsRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("message");
        const QString out = m_dir.filePath(u"x.gif"_qs);
        QTest::newRow("tokens without steps")
            << QStringList {u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"--tokens"_qs, u"3"_qs,
                   u"-o"_qs, out}
            << 2 << QByteArray("qkvlab: export: --tokens, --temperature, --top-p and --seed go with --animate steps");
        QTest::newRow("from with steps") << (command(out) << u"--from"_qs << u"0"_qs) << 2
                                         << QByteArray("qkvlab: export: --animate steps draws a frame per token");
        QTest::newRow("not a model") << QStringList {u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs,
            u"--animate"_qs, u"steps"_qs, u"-o"_qs, out}
                                     << 2 << QByteArray("qkvlab: export: --animate steps runs a model");
        QTest::newRow("no sentence") << QStringList {u"export"_qs, u"example:induction"_qs, u"--view"_qs, u"heatmap"_qs,
            u"--animate"_qs, u"steps"_qs, u"-o"_qs, out}
                                     << 2 << QByteArray("qkvlab: export: --animate steps needs --sentence TEXT");
        QTest::newRow("one token, nothing written") << QStringList {u"export"_qs, u"example:induction"_qs,
            u"--sentence"_qs, u"cat"_qs, u"--view"_qs, u"heatmap"_qs, u"--animate"_qs, u"steps"_qs, u"-o"_qs,
            out} << 2 << QByteArray("qkvlab: export: --animate steps: the sentence is one token");
        QTest::newRow("temperature NaN") << (command(out)
            << u"--tokens"_qs << u"2"_qs << u"--temperature"_qs << u"nan"_qs)
                                         << 2 << QByteArray("qkvlab: export: the temperature must be a number");
        QTest::newRow("too many frames") << (command(out) << u"--tokens"_qs << u"1001"_qs) << 2
                                         << QByteArray("qkvlab: export: --tokens: an animation holds at most 1000");
    }

    void wrongCombinationsRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QByteArray, message);
        const QByteArray mismatch = test::failureMismatch(args, status, message);
        QVERIFY2(mismatch.isEmpty(), mismatch.constData());
        QVERIFY(!QFile::exists(m_dir.filePath(u"x.gif"_qs)));
    }
};

QTEST_MAIN(TestStepsAnimation)
#include "tst_stepsanimation.moc"
