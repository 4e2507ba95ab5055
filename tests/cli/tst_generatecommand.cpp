// qkvlab generate (issue 52): the built-in induction model continues a sentence it has seen half
// of; the JSON's ids are the library's generation; the same seed samples the same tokens; wrong
// numbers are refused by name.
#include "commandrun.h"
#include "livemodel/livemodel.h"
#include "modelfiles/attentionreaders.h"
#include "modelfiles/modelattention.h"
#include "transformer/generation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

class TestGenerateCommand : public QObject
{
    Q_OBJECT

    const QStringList m_base {
        u"generate"_qs, u"example:induction"_qs, u"--sentence"_qs, u"The cat sat on the mat. The cat"_qs};

private Q_SLOTS:
    void greedyCompletesThePhrase()
    {
        const auto r = test::runCommand(QStringList(m_base) << u"--tokens"_qs << u"5"_qs);
        QVERIFY2(r.status == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("the cat sat on the mat. the cat sat on the mat.\n"));
    }

    void jsonIsTheLibrarysGeneration()
    {
        const auto r = test::runCommand(QStringList(m_base) << u"--tokens"_qs << u"6"_qs << u"--temperature"_qs
                                                            << u"1.3"_qs << u"--seed"_qs << u"7"_qs << u"--json"_qs);
        QVERIFY2(r.status == 0, r.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(r.out).object();
        const QJsonArray ids = json.value(u"continuation"_qs).toObject().value(u"ids"_qs).toArray();
        QCOMPARE(ids.size(), 6);
        QString error;
        const auto model = live::LiveModel::open(u"example:induction"_qs, &error);
        QVERIFY(model);
        const std::vector<int> prompt = model->encode(m_base[3]).ids;
        QCOMPARE(json.value(u"prompt"_qs).toObject().value(u"ids"_qs).toArray().size(), qsizetype(prompt.size()));
        const transformer::Generated g = transformer::generate(model->model(), prompt, 6, {1.3, 0, 1, 7});
        for (int i = 0; i < 6; ++i)
            QCOMPARE(ids[i].toInt(), g.ids[std::size_t(i)]);
        // The same seed: the same tokens.
        QCOMPARE(test::runCommand(QStringList(m_base) << u"--tokens"_qs << u"6"_qs << u"--temperature"_qs << u"1.3"_qs
                                                      << u"--seed"_qs << u"7"_qs << u"--json"_qs)
                     .out,
            r.out);
    }

    // -o: the whole text's attention as an .npz; each new token's row is what its step computed.
    void stepsWrittenAsAnArchive()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(u"steps.npz"_qs);
        const auto r = test::runCommand(QStringList(m_base) << u"--tokens"_qs << u"4"_qs << u"-o"_qs << out);
        QVERIFY2(r.status == 0, r.err.constData());
        QString error;
        const std::optional<ModelAttention> read
            = interpretModelAttention(readTensorFile(out), out, std::nullopt, QString(), &error);
        QVERIFY2(read, qPrintable(error));
        const auto model = live::LiveModel::open(u"example:induction"_qs, &error);
        QVERIFY(model);
        const std::vector<int> prompt = model->encode(m_base[3]).ids;
        QCOMPARE(read->n, int(prompt.size()) + 4);
        QCOMPARE(read->layers, 2);
        transformer::GenerateRun keep;
        keep.keepSteps = true;
        const transformer::Generated g = transformer::generate(model->model(), prompt, 4, {}, keep);
        QCOMPARE(g.steps.size(), std::size_t(5));
        const Eigen::MatrixXf &step = g.steps[3].layers[1].heads[2].attention; // the third new token's row
        const int row = int(prompt.size()) + 2;
        for (int j = 0; j < step.cols(); ++j)
            QVERIFY(std::abs(read->weights(1, 2)(row, j) - step(0, j)) < 1e-5);
        // Not replaced unless asked; only an archive.
        QCOMPARE(test::runCommand(QStringList(m_base) << u"--tokens"_qs << u"2"_qs << u"-o"_qs << out).status, 1);
        QVERIFY(test::failureMismatch(QStringList(m_base) << u"--tokens"_qs << u"2"_qs << u"-o"_qs << u"x.json"_qs, 2,
            "qkvlab: generate: -o: every step's attention is written as a NumPy archive")
                    .isEmpty());
    }

    void wrongNumbers_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("no tokens") << QStringList {} << QByteArray("qkvlab: generate needs --tokens N");
        QTest::newRow("zero tokens") << QStringList {u"--tokens"_qs, u"0"_qs}
                                     << QByteArray("qkvlab: generate: --tokens: expected how many");
        QTest::newRow("NaN temperature") << QStringList {u"--tokens"_qs, u"3"_qs, u"--temperature"_qs, u"nan"_qs}
                                         << QByteArray("qkvlab: generate: the temperature must be a number");
        QTest::newRow("top-p 0") << QStringList {u"--tokens"_qs, u"3"_qs, u"--temperature"_qs, u"1"_qs, u"--top-p"_qs,
            u"0"_qs} << QByteArray("qkvlab: generate: top-p must be above 0");
        QTest::newRow("top-k -1") << QStringList {u"--tokens"_qs, u"3"_qs, u"--top-k"_qs, u"-1"_qs}
                                  << QByteArray("qkvlab: generate: --top-k: expected 0");
    }

    void wrongNumbers()
    {
        QFETCH(QStringList, extra);
        QFETCH(QByteArray, message);
        const QByteArray mismatch = test::failureMismatch(QStringList(m_base) + extra, 2, message);
        QVERIFY2(mismatch.isEmpty(), mismatch.constData());
    }
};

QTEST_GUILESS_MAIN(TestGenerateCommand)
#include "tst_generatecommand.moc"
