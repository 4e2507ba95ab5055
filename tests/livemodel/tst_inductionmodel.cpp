#include "livemodel/bundledmodels.h"
#include "livemodel/livemodel.h"
#include "transformer/forward.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <random>

using namespace qkv;

namespace {

QString modelFolder()
{
    return qEnvironmentVariable("QKV_SOURCE_DIR") + QStringLiteral("/resources/models/induction");
}

struct Head {
    int layer = -1;
    int head = -1;
};

// 30 distinct random words, then a copy of 8 to 15 of them starting among the first 16: the
// held-out sequences of packaging/tools/train_induction.py, drawn here with a seed of their own.
struct Repeat {
    std::vector<int> ids;
    std::vector<int> rows; // the positions of the copy
    std::vector<int> after; // for each, where the token after its earlier occurrence is
};

Repeat repeatedSequence(std::mt19937 &rng, std::vector<int> words)
{
    // A partial Fisher–Yates shuffle: the first 30 are distinct. Modulo, not a distribution,
    // so that the sequences do not depend on the standard library.
    for (int i = 0; i < 30; ++i)
        std::swap(words[std::size_t(i)], words[std::size_t(i) + rng() % (words.size() - std::size_t(i))]);
    Repeat r;
    r.ids.assign(words.begin(), words.begin() + 30);
    const int start = int(rng() % 16), size = 8 + int(rng() % 8);
    for (int k = 0; k < size; ++k) {
        r.ids.push_back(r.ids[std::size_t(start + k)]);
        r.rows.push_back(30 + k);
        r.after.push_back(start + k + 1);
    }
    return r;
}

// The held-out figures: the previous-token head's mean weight on the previous token, the
// induction head's on the token after the earlier occurrence, how often the top prediction in
// the copy is the copied token.
struct Figures {
    double previous = 0;
    double induction = 0;
    double accuracy = 0;
};

} // namespace

class TestInductionModel : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const live::LiveModel> m_transformer;
    Head m_previous, m_induction;
    std::vector<int> m_words; // whole words of the vocabulary

    Figures measure(int sequences, const std::vector<transformer::Intervention> &interventions = {}) const
    {
        std::mt19937 rng(20240614);
        Figures f;
        int previousRows = 0, copiedRows = 0, correct = 0;
        for (int s = 0; s < sequences; ++s) {
            const Repeat r = repeatedSequence(rng, m_words);
            transformer::ForwardOptions options;
            options.predictPositions = r.rows;
            options.topK = 1;
            options.interventions = interventions;
            const transformer::ForwardResult result = transformer::forward(m_transformer->model(), r.ids, options);
            if (!result.done())
                qFatal("forward refused: %s", qPrintable(result.error));
            const Eigen::MatrixXf &previous
                = result.layers[std::size_t(m_previous.layer)].heads[std::size_t(m_previous.head)].attention;
            for (Eigen::Index i = 1; i < previous.rows(); ++i)
                f.previous += previous(i, i - 1);
            previousRows += int(previous.rows()) - 1;
            const Eigen::MatrixXf &induction
                = result.layers[std::size_t(m_induction.layer)].heads[std::size_t(m_induction.head)].attention;
            for (std::size_t k = 0; k < r.rows.size(); ++k) {
                f.induction += induction(r.rows[k], r.after[k]);
                correct += result.predictions[k].top.front().id == r.ids[std::size_t(r.after[k])];
            }
            copiedRows += int(r.rows.size());
        }
        f.previous /= previousRows;
        f.induction /= copiedRows;
        f.accuracy = double(correct) / copiedRows;
        return f;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_transformer = live::LiveModel::open(modelFolder(), &error);
        QVERIFY2(m_transformer, qPrintable(error));
        // Which heads are which, as the folder says (written by the training script).
        QFile f(modelFolder() + QStringLiteral("/qkvlab.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        const auto head = [&](const char *key) {
            const QJsonObject h = o.value(QLatin1String(key)).toObject();
            return Head {h.value(u"layer").toInt(-1), h.value(u"head").toInt(-1)};
        };
        m_previous = head("previous_token_head");
        m_induction = head("induction_head");
        const transformer::Config &c = m_transformer->model().config();
        QCOMPARE(m_previous.layer, 0);
        QCOMPARE(m_induction.layer, 1);
        QVERIFY(m_previous.head >= 0 && m_previous.head < c.heads);
        QVERIFY(m_induction.head >= 0 && m_induction.head < c.heads);
        const QRegularExpression word(QStringLiteral("^[a-z]{2,}$"));
        for (int id = 0; id < m_transformer->tokenizer().vocabSize(); ++id)
            if (word.match(m_transformer->tokenizer().piece(id)).hasMatch())
                m_words.push_back(id);
        QVERIFY(m_words.size() >= 1000);
    }

    // What the program ships: a small GPT-2-shaped folder with room for a typed paragraph.
    void folder()
    {
        const transformer::Config &c = m_transformer->model().config();
        QCOMPARE(c.family, transformer::Family::Gpt2);
        QCOMPARE(c.layers, 2);
        QVERIFY(c.hidden <= 64);
        QVERIFY(c.maxPositions >= 128);
        QCOMPARE(c.vocab, m_transformer->tokenizer().vocabSize());
        qint64 bytes = 0;
        for (QDirIterator it(modelFolder(), QDir::Files); it.hasNext();)
            bytes += QFileInfo(it.next()).size();
        QVERIFY2(bytes <= 2 * 1024 * 1024, qPrintable(QStringLiteral("%1 bytes").arg(bytes)));
    }

    // Words of the vocabulary stay whole, any other word splits into pieces, never [UNK].
    void tokenizer()
    {
        const tokenizers::Encoding e
            = m_transformer->encode(QStringLiteral("The cat sat on the mat. The cat sat on the"));
        QCOMPARE(e.pieces.join(u' '), QStringLiteral("the cat sat on the mat . the cat sat on the"));
        const tokenizers::Encoding rare = m_transformer->encode(QStringLiteral("Zyxomma xylophones, naïvely 42"));
        QVERIFY(!rare.pieces.contains(QStringLiteral("[UNK]")));
        QCOMPARE(m_transformer->tokenizer().decode(rare.ids), QStringLiteral("zyxomma xylophones, naively 42"));
    }

    void heldOut()
    {
        const Figures f = measure(200);
        qInfo("previous-token head %d.%d: %.3f on the previous token; induction head %d.%d: %.3f on the token "
              "after the earlier occurrence; copied token predicted: %.3f",
            m_previous.layer, m_previous.head, f.previous, m_induction.layer, m_induction.head, f.induction,
            f.accuracy);
        QVERIFY2(f.previous >= 0.8, qPrintable(QString::number(f.previous)));
        QVERIFY2(f.induction >= 0.5, qPrintable(QString::number(f.induction)));
        QVERIFY2(f.accuracy >= 0.9, qPrintable(QString::number(f.accuracy)));
    }

    // The two heads work as a circuit: without the previous-token head the copying is gone.
    void circuit()
    {
        transformer::Intervention ablate;
        ablate.layer = m_previous.layer;
        ablate.head = m_previous.head;
        const Figures f = measure(50, {ablate}); // a gross effect: fewer sequences do
        qInfo("previous-token head ablated: copied token predicted %.3f", f.accuracy);
        QVERIFY2(f.accuracy < 0.5, qPrintable(QString::number(f.accuracy)));
    }

    // The program's example: a typed sentence whose repeated phrase gives the next word.
    void example()
    {
        const live::LiveRun run
            = live::run(*m_transformer, QStringLiteral("The cat sat on the mat. The cat sat on the"), 5);
        QVERIFY2(run, qPrintable(run.error));
        QVERIFY(run.causal);
        QCOMPARE(run.predictions.size(), std::size_t(1));
        QStringList top;
        for (const live::PredictedToken &t : run.predictions.front().top)
            top << QStringLiteral("%1 %2").arg(t.token).arg(t.probability, 0, 'f', 3);
        qInfo("next token: %s", qPrintable(top.join(QStringLiteral(", "))));
        QCOMPARE(run.predictions.front().top.front().token, QStringLiteral("mat"));
        QVERIFY(run.predictions.front().top.front().probability > 0.5);
    }

    // The copy built into the program (example:induction) is this folder: unpacked once into
    // the cache, it computes the very same numbers, and says what it suggests showing.
    void builtIn()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(live::bundledModelNames().contains(QStringLiteral("induction")));
        QVERIFY(live::isModelLocation(QStringLiteral("example:induction")));
        QVERIFY(!live::isModelLocation(QStringLiteral("example:animal")));
        QString error;
        const auto builtIn = live::LiveModel::open(QStringLiteral("example:induction"), &error);
        QVERIFY2(builtIn, qPrintable(error));
        QCOMPARE(builtIn->location(), QStringLiteral("example:induction"));
        const QString folder = builtIn->model().folder();
        QVERIFY(folder.startsWith(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)));
        QCOMPARE(builtIn->exampleSentence(), QStringLiteral("The cat sat on the mat. The cat sat on the"));
        QCOMPARE(builtIn->shownLayer(), 1);
        QCOMPARE(builtIn->shownHead(), m_induction.head);
        const live::LiveRun a = live::run(*builtIn, builtIn->exampleSentence());
        const live::LiveRun b = live::run(*m_transformer, builtIn->exampleSentence());
        QVERIFY(a && b);
        QVERIFY(a.forward->logits == b.forward->logits);
        // Opened again: the unpacked copy is reused, and a damaged one is unpacked again.
        QCOMPARE(live::bundledModelFolder(QStringLiteral("example:induction"), &error), folder);
        QFile damaged(folder + QStringLiteral("/model.safetensors"));
        QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
        damaged.write("x");
        damaged.close();
        QCOMPARE(live::bundledModelFolder(QStringLiteral("example:induction"), &error), folder);
        QCOMPARE(QFileInfo(damaged.fileName()).size(),
            QFileInfo(modelFolder() + QStringLiteral("/model.safetensors")).size());
        QVERIFY(!live::LiveModel::open(QStringLiteral("example:nothing"), &error));
        QVERIFY(error.contains(QStringLiteral("example:nothing")));
        QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)).removeRecursively();
    }
};

QTEST_GUILESS_MAIN(TestInductionModel)
#include "tst_inductionmodel.moc"
