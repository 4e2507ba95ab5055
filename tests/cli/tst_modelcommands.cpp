#include "livemodel/livemodel.h"
#include "transformer/forward.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include "checkpointfixtures.h"
#include "commandrun.h"
#include "randomllama.h"

#include <QTemporaryDir>

using namespace qkv;
using namespace Qt::StringLiterals;

namespace {

QJsonObject parse(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    return error.error == QJsonParseError::NoError ? doc.object() : QJsonObject();
}

} // namespace

// The command line on a model folder run on a sentence (issue 13): tokenize, compute (its
// attention through the same path as an attention file, plus ids and predictions) and export.
class TstModelCommands : public QObject
{
    Q_OBJECT

private:
    CheckpointFixtures m_fixtures;
    QString gpt2() const { return m_fixtures.path(u"gpt2"_s); }
    QString bert() const { return m_fixtures.path(u"bert"_s); }

private Q_SLOTS:
    void initTestCase() { QKV_PREPARE_CHECKPOINTS(m_fixtures); }

    void tokenizePrintsTokensAndIds()
    {
        const auto r = test::runCommand({u"tokenize"_s, bert(), u"--sentence"_s, u"The cats sat"_s});
        QCOMPARE(r.status, 0);
        const QJsonObject o = parse(r.out);
        QCOMPARE(o.value(u"tokens"_s).toArray().toVariantList(),
            QVariantList({u"[CLS]"_s, u"the"_s, u"cat"_s, u"##s"_s, u"sat"_s, u"[SEP]"_s}));
        QCOMPARE(o.value(u"ids"_s).toArray().toVariantList(), QVariantList({2, 5, 6, 13, 7, 3}));
    }

    // compute --compare: the same sentence through a second file of the model (F16 of the F32's
    // weights); its JSON says how far each head and the prediction moved (live::compareRuns'
    // numbers, tested there). Without a sentence, or with a document, it says what is missing.
    void computeComparesTwoFilesOfOneModel()
    {
        QTemporaryDir dir;
        test::LlamaShape shape;
        shape.vocab = 1000;
        QString error;
        for (const QString &preset : {u"F32"_s, u"F16"_s})
            QVERIFY2(test::writeRandomLlamaGguf(dir.filePath(preset + u".gguf"_s), shape, preset, 5, &error),
                qPrintable(error));
        const QString f32 = dir.filePath(u"F32.gguf"_s), f16 = dir.filePath(u"F16.gguf"_s);
        auto r = test::runCommand(
            {u"compute"_s, f32, u"--sentence"_s, u"t300 t301 t302"_s, u"--compare"_s, f16, u"--top"_s, u"3"_s});
        QVERIFY2(r.status == 0, r.err.constData());
        const QJsonObject compared = parse(r.out).value(u"compared"_s).toObject();
        QCOMPARE(compared.value(u"model"_s).toString(), f16);
        const QJsonArray heads = compared.value(u"heads"_s).toArray();
        QCOMPARE(heads.size(), shape.layers * shape.heads);
        QCOMPARE(heads.first().toObject().value(u"layer"_s).toInt(), 1); // counted from 1, as --layer
        QCOMPARE(heads.last().toObject().value(u"head"_s).toInt(), shape.heads);
        QVERIFY(compared.value(u"largest"_s).toDouble() > 0);
        const QJsonArray tokens
            = compared.value(u"predictions"_s).toArray().first().toObject().value(u"tokens"_s).toArray();
        QVERIFY(tokens.size() >= 3);
        for (const QJsonValue &t : tokens)
            QVERIFY(t.toObject().contains(u"probability"_s) && t.toObject().contains(u"compared_probability"_s));

        r = test::runCommand({u"compute"_s, f32, u"--compare"_s, f16});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("--sentence"), r.err.constData());
        r = test::runCommand({u"compute"_s, f32, u"--sentence"_s, u"t300"_s, u"--compare"_s, u"example:animal"_s});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("example:animal: a QKV Lab document, not a model"), r.err.constData());
    }

    // compute shows a layer of the model's own attention, as the library computes it, and the
    // causal LM's next tokens with their probabilities.
    void computeRunsTheModel()
    {
        const auto r = test::runCommand({u"compute"_s, gpt2(), u"--sentence"_s, u"the cat sat on the mat"_s,
            u"--layer"_s, u"2"_s, u"--top"_s, u"3"_s});
        QVERIFY2(r.status == 0, r.err.constData());
        const QJsonObject o = parse(r.out);
        QCOMPARE(o.value(u"tokens"_s).toArray().size(), 8);
        const QJsonArray ids = o.value(u"ids"_s).toArray();
        QCOMPARE(ids.size(), 8);
        QString error;
        const auto live = live::LiveModel::open(gpt2(), &error);
        QVERIFY2(live, qPrintable(error));
        std::vector<int> idList;
        for (const QJsonValue &id : ids)
            idList.push_back(id.toInt());
        const transformer::ForwardResult reference = transformer::forward(live->model(), idList);
        QVERIFY(reference.done());
        const QJsonArray heads = o.value(u"heads"_s).toArray();
        QCOMPARE(heads.size(), live->model().config().heads);
        for (int h = 0; h < heads.size(); ++h) {
            const QJsonArray weights = heads[h].toObject().value(u"weights"_s).toArray();
            const Eigen::MatrixXf &a = reference.layers[1].heads[static_cast<std::size_t>(h)].attention;
            for (int i = 0; i < a.rows(); ++i)
                for (int j = 0; j < a.cols(); ++j)
                    QVERIFY(std::abs(weights[i].toArray()[j].toDouble() - a(i, j)) < 1e-5);
        }
        const QJsonArray next = o.value(u"next"_s).toArray();
        QCOMPARE(next.size(), 3);
        QCOMPARE(next[0].toObject().value(u"id"_s).toInt(), reference.predictions.front().top.front().id);
        QVERIFY(std::abs(next[0].toObject().value(u"probability"_s).toDouble()
                    - reference.predictions.front().top.front().probability)
            < 1e-6);
        QVERIFY(next[0].toObject().value(u"probability"_s).toDouble()
            >= next[1].toObject().value(u"probability"_s).toDouble());
    }

    // T5 on the command line: the source with --sentence, the target with --target, and the
    // cross-attention of a layer (target rows × source columns) with --stack cross.
    void encoderDecoderTakesItsTarget()
    {
        const QString t5 = m_fixtures.path(u"t5_vocab"_s);
        const auto r = test::runCommand({u"compute"_s, t5, u"--sentence"_s, u"translate English to German: a cat."_s,
            u"--target"_s, u"Eine Katze"_s, u"--stack"_s, u"cross"_s, u"--layer"_s, u"2"_s});
        QVERIFY2(r.status == 0, r.err.constData());
        const QJsonObject o = parse(r.out);
        QString error;
        const auto live = live::LiveModel::open(t5, &error);
        QVERIFY2(live, qPrintable(error));
        transformer::ForwardOptions options;
        options.targetIds = live->tokenizer().encode(u"Eine Katze"_s, false).ids;
        const transformer::ForwardResult reference
            = transformer::forward(live->model(), live->encode(u"translate English to German: a cat."_s).ids, options);
        QVERIFY(reference.done());
        QCOMPARE(o.value(u"target"_s).toString(), u"Eine Katze"_s);
        QCOMPARE(o.value(u"tokens"_s).toArray().size(), qsizetype(reference.decoderIds.size()));
        QCOMPARE(o.value(u"key_tokens"_s).toArray().size(), qsizetype(reference.ids.size()));
        QCOMPARE(o.value(u"decoder_ids"_s).toArray().first().toInt(), live->model().config().decoderStart);
        const QJsonArray heads = o.value(u"heads"_s).toArray();
        QCOMPARE(heads.size(), live->model().config().heads);
        for (int h = 0; h < heads.size(); ++h) {
            const QJsonArray weights = heads[h].toObject().value(u"weights"_s).toArray();
            const Eigen::MatrixXf &a = reference.crossLayers[1].heads[std::size_t(h)].attention;
            QCOMPARE(weights.size(), qsizetype(a.rows()));
            for (int i = 0; i < a.rows(); ++i)
                for (int j = 0; j < a.cols(); ++j)
                    QVERIFY(std::abs(weights[i].toArray()[j].toDouble() - a(i, j)) < 1e-5);
        }
        QCOMPARE(o.value(u"next"_s).toArray().first().toObject().value(u"id"_s).toInt(),
            reference.predictions.front().top.front().id);
        // Options for an encoder-decoder model, given to another, are refused by name.
        const auto wrong = test::runCommand({u"compute"_s, gpt2(), u"--sentence"_s, u"a"_s, u"--target"_s, u"b"_s});
        QCOMPARE(wrong.status, 1);
        QVERIFY2(wrong.err.contains("--target") && wrong.err.contains("\"gpt2\""), wrong.err.constData());
    }

    // --rollout and --flow (issue 51): rollout the product of the layers' head means with the
    // residual connection, computed here from the model's own forward pass; flow's rows
    // distributions that never draw on a later token of a causal model; refused where they mean
    // nothing, by name.
    void rolloutAndFlow()
    {
        const QString sentence = u"the cat sat on the mat"_s;
        const auto r = test::runCommand({u"compute"_s, gpt2(), u"--sentence"_s, sentence, u"--rollout"_s, u"--flow"_s});
        QVERIFY2(r.status == 0, r.err.constData());
        const QJsonObject o = parse(r.out);
        QString error;
        const auto live = live::LiveModel::open(gpt2(), &error);
        QVERIFY2(live, qPrintable(error));
        const transformer::ForwardResult reference = transformer::forward(live->model(), live->encode(sentence).ids);
        const Eigen::Index n = Eigen::Index(reference.ids.size());
        Eigen::MatrixXd joint = Eigen::MatrixXd::Identity(n, n);
        for (const transformer::LayerRecord &layer : reference.layers) {
            Eigen::MatrixXd a = Eigen::MatrixXd::Identity(n, n);
            for (const transformer::HeadRecord &head : layer.heads)
                a += head.attention.cast<double>() / double(layer.heads.size());
            joint = (a / 2) * joint;
        }
        const QJsonArray rollout = o.value(u"rollout"_s).toArray(), flow = o.value(u"flow"_s).toArray();
        QCOMPARE(rollout.size(), qsizetype(n));
        QCOMPARE(flow.size(), qsizetype(n));
        for (Eigen::Index j = 0; j < n; ++j) {
            double flowSum = 0;
            for (Eigen::Index i = 0; i < n; ++i) {
                QVERIFY(std::abs(rollout[j].toArray()[i].toDouble() - joint(j, i)) < 1e-6);
                const double f = flow[j].toArray()[i].toDouble();
                QVERIFY(f >= 0 && (i <= j || f == 0));
                flowSum += f;
            }
            QVERIFY(std::abs(flowSum - 1) < 1e-12);
        }

        const auto merged
            = test::runCommand({u"compute"_s, gpt2(), u"--sentence"_s, sentence, u"--flow"_s, u"--merge"_s});
        QCOMPARE(merged.status, 2);
        QVERIFY2(merged.err.contains("--merge"), merged.err.constData());
        const auto document = test::runCommand({u"compute"_s, u"example:animal"_s, u"--rollout"_s});
        QCOMPARE(document.status, 1);
        QVERIFY2(document.err.contains("a model's attention"), document.err.constData());
        const auto cross = test::runCommand({u"compute"_s, m_fixtures.path(u"t5_vocab"_s), u"--sentence"_s, sentence,
            u"--stack"_s, u"cross"_s, u"--rollout"_s});
        QCOMPARE(cross.status, 1);
        QVERIFY2(cross.err.contains("cross-attention"), cross.err.constData());
    }

    void bertFillsItsMasks()
    {
        const auto r = test::runCommand({u"compute"_s, bert(), u"--sentence"_s, u"the [MASK] sat on the [MASK]"_s});
        QVERIFY2(r.status == 0, r.err.constData());
        const QJsonArray masks = parse(r.out).value(u"next"_s).toArray();
        QCOMPARE(masks.size(), 2);
        QCOMPARE(masks[0].toObject().value(u"position"_s).toInt(), 2);
        QCOMPARE(masks[1].toObject().value(u"position"_s).toInt(), 6);
        QCOMPARE(masks[0].toObject().value(u"top"_s).toArray().size(), 10);
    }

    void stepsAreACausalModelsOnly()
    {
        QTemporaryDir dir;
        const auto r = test::runCommand({u"export"_s, bert(), u"--sentence"_s, u"the dog ran"_s, u"--view"_s,
            u"heatmap"_s, u"--animate"_s, u"steps"_s, u"-o"_s, dir.filePath(u"steps.gif"_s)});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.startsWith("qkvlab: export: --animate steps: a \"bert\" model does not write text"),
            r.err.constData());
        QVERIFY(!QFile::exists(dir.filePath(u"steps.gif"_s)));
    }

    void aModelsFigureQuotesTheSentenceAsTyped()
    {
        QTemporaryDir dir;
        const QString svg = dir.filePath(u"title.svg"_s);
        const QString sentence = u"the dog ran."_s;
        const auto tokenized = test::runCommand({u"tokenize"_s, gpt2(), u"--sentence"_s, sentence});
        QStringList tokens;
        for (const QJsonValue t : parse(tokenized.out).value(u"tokens"_s).toArray())
            tokens << t.toString();
        QVERIFY(tokens.join(u' ') != sentence);
        const auto r = test::runCommand(
            {u"export"_s, gpt2(), u"--sentence"_s, sentence, u"--view"_s, u"heatmap"_s, u"-o"_s, svg});
        QVERIFY2(r.status == 0, r.err.constData());
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        // The title: the words, not the tokens, which label the rows and columns.
        QVERIFY2(text.contains(u"“%1”"_s.arg(sentence)), qPrintable(tokens.join(u' ')));
        QVERIFY(!text.contains(u"“%1”"_s.arg(tokens.join(u' '))));
    }

    void exportDrawsTheModelsAttention()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(u"heads.png"_s);
        const auto r = test::runCommand({u"export"_s, gpt2(), u"--sentence"_s, u"the dog ran"_s, u"--view"_s,
            u"heatmap"_s, u"--layer"_s, u"1"_s, u"-o"_s, png});
        QVERIFY2(r.status == 0, r.err.constData());
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1000, 1000));
        const QString csv = dir.filePath(u"w.csv"_s);
        QCOMPARE(test::runCommand({u"export"_s, gpt2(), u"--sentence"_s, u"the dog ran"_s, u"--numbers"_s, u"weights"_s,
                                      u"-o"_s, csv})
                     .status,
            0);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().count('\n'), 6); // header and 5 tokens ([CLS] the dog ran [SEP])
    }

    // --numbers model: every layer's attention, queries, keys and values with the tokens, read
    // back by QKV Lab's own reader and by numpy.
    void numbersModelWritesAnNpz()
    {
        QTemporaryDir dir;
        const QString npz = dir.filePath(u"run.npz"_s);
        const QString sentence = u"the cat sat on the mat"_s;
        const auto r = test::runCommand(
            {u"export"_s, gpt2(), u"--sentence"_s, sentence, u"--numbers"_s, u"model"_s, u"-o"_s, npz});
        QVERIFY2(r.status == 0, r.err.constData());
        QString error;
        const std::optional<ModelAttention> read = loadModelAttention(npz, &error);
        QVERIFY2(read, qPrintable(error));
        const auto live = live::LiveModel::open(gpt2(), &error);
        const live::LiveRun run = live::run(*live, sentence);
        QVERIFY(run);
        QCOMPARE(read->tokens, run.attention->tokens);
        QCOMPARE(read->layers, 2);
        QCOMPARE(read->heads, 4);
        QCOMPARE(read->dim, run.attention->dim);
        QVERIFY(read->attention == run.attention->attention);
        QVERIFY(read->keys == run.attention->keys);
        QProcess numpy;
        numpy.start(u"/usr/bin/python3"_s,
            {u"-c"_s,
                u"import numpy as np, sys; z = np.load(sys.argv[1]); "
                "print(z['attention'].shape, z['queries'].shape, list(z['tokens'])[:2], "
                "round(float(z['attention'][1, 2].sum(axis=1).max()), 4))"_s,
                npz});
        QVERIFY(numpy.waitForFinished(60000));
        QCOMPARE(numpy.readAllStandardOutput().trimmed(), QByteArray("(2, 4, 8, 8) (2, 4, 8, 8) ['[CLS]', 'the'] 1.0"));
        QCOMPARE(test::runCommand(
                     {u"export"_s, u"example:birds"_s, u"--numbers"_s, u"model"_s, u"-o"_s, dir.filePath(u"x.npz"_s)})
                     .status,
            1);
        QCOMPARE(test::runCommand({u"export"_s, gpt2(), u"--sentence"_s, sentence, u"--numbers"_s, u"model"_s, u"-o"_s,
                                      dir.filePath(u"x.csv"_s)})
                     .status,
            2);
    }

    void mistakesAreNamed()
    {
        auto r = test::runCommand({u"compute"_s, gpt2()});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("--sentence"));
        r = test::runCommand({u"compute"_s, u"example:birds"_s, u"--sentence"_s, u"a b"_s});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("apply to a model only"));
        r = test::runCommand({u"compute"_s, u"hf:nobody/nothing"_s, u"--sentence"_s, u"a"_s});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("nobody"));
        r = test::runCommand({u"compute"_s, gpt2(), u"--sentence"_s, u"a"_s, u"--top"_s, u"0"_s});
        QCOMPARE(r.status, 2);
        // A folder without a tokenizer says so.
        QTemporaryDir bare;
        for (const QString &name : QDir(m_fixtures.path(u"llama_gqa_bf16"_s)).entryList(QDir::Files))
            QFile::copy(m_fixtures.path(u"llama_gqa_bf16/"_s + name), bare.filePath(name));
        r = test::runCommand({u"compute"_s, bare.path(), u"--sentence"_s, u"a"_s});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("tokenizer"), r.err.constData());
    }

    void modelsListsTheCache()
    {
        QTemporaryDir cache;
        const QString snapshot = cache.filePath(u"models--tiny--gpt2/snapshots/abc123"_s);
        QVERIFY(QDir().mkpath(snapshot));
        QVERIFY(QDir().mkpath(cache.filePath(u"models--tiny--gpt2/refs"_s)));
        QFile ref(cache.filePath(u"models--tiny--gpt2/refs/main"_s));
        QVERIFY(ref.open(QIODevice::WriteOnly));
        ref.write("abc123");
        ref.close();
        for (const QString &name : QDir(gpt2()).entryList(QDir::Files))
            QFile::copy(gpt2() + u'/' + name, snapshot + u'/' + name);
        qputenv("HF_HUB_CACHE", cache.path().toUtf8());
        const auto r = test::runCommand({u"models"_s});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.out.startsWith("hf:tiny/gpt2\tGPT-2\t2 layers × 4 heads"), r.out.constData());
        const auto c = test::runCommand({u"compute"_s, u"hf:tiny/gpt2"_s, u"--sentence"_s, u"the cat"_s});
        QVERIFY2(c.status == 0, c.err.constData());
        qunsetenv("HF_HUB_CACHE");
    }
};

QTEST_MAIN(TstModelCommands)
#include "tst_modelcommands.moc"
