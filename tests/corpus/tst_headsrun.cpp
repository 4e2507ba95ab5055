// Head statistics over a corpus (issue 51): the built-in induction model run over passages, every
// score equal to an independent numpy reference of TransformerLens's definitions, the model's own
// heads found, and corpora that are empty, binary, broken or stopped halfway.
#include "analysis/querykeyplane.h"
#include "corpus/corpuspassages.h"
#include "corpus/headsrun.h"
#include "corpus/querykeys.h"
#include "export/resultjson.h"
#include "transformer/forward.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace qkv;
using analysis::HeadScore;

namespace {

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(bytes);
    return f.fileName();
}

// Lines that repeat a phrase (what induction heads complete), short ones, and a one-token line.
QByteArray corpusText(int lines)
{
    const QStringList words {u"the"_qs, u"cat"_qs, u"sat"_qs, u"on"_qs, u"mat"_qs, u"dog"_qs, u"ran"_qs, u"to"_qs,
        u"a"_qs, u"red"_qs, u"house"_qs, u"bird"_qs, u"flew"_qs, u"over"_qs, u"tree"_qs};
    QByteArray text;
    quint32 state = 7;
    const auto next = [&] { return (state = state * 1103515245u + 12345u) >> 16; };
    for (int i = 0; i < lines; ++i) {
        QStringList phrase;
        for (int k = 0; k < 3 + int(next() % 6); ++k)
            phrase << words[int(next() % quint32(words.size()))];
        text += (phrase.join(u' ') + u". "_qs + phrase.join(u' ') + u".\n"_qs).toUtf8();
        if (i % 7 == 3)
            text += "cat\n\n";
    }
    return text;
}

// A passage for the reference: its ids, special marks and every head's attention as forward()
// computes it alone (not in the batch the run used).
QJsonObject passageJson(const live::LiveModel &model, const analysis::ScoredPassage &p)
{
    const transformer::ForwardResult r = transformer::forward(model.model(), p.ids);
    QJsonArray ids, special, attention;
    for (std::size_t i = 0; i < p.ids.size(); ++i) {
        ids.append(p.ids[i]);
        special.append(model.tokenizer().isSpecial(p.ids[i]) ? 1 : 0);
    }
    for (const transformer::LayerRecord &layer : r.layers)
        for (const transformer::HeadRecord &head : layer.heads)
            attention.append(matrixToJson(head.attention.cast<double>()));
    return {{u"ids"_qs, ids}, {u"special"_qs, special}, {u"attention"_qs, attention}, {u"repeat"_qs, p.repeatLength},
        {u"start"_qs, p.repeatStart}};
}

} // namespace

class TestHeadsRun : public QObject
{
    Q_OBJECT

    std::shared_ptr<const live::LiveModel> m_model;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_model = live::LiveModel::open(u"example:induction"_qs, &error);
        QVERIFY2(m_model, qPrintable(error));
    }

    // Every score of every head, averaged over the passages, against numpy's TransformerLens.
    void againstReference()
    {
        const QString python = u"/usr/bin/python3"_qs;
        if (QProcess::execute(python, {u"-c"_qs, u"import numpy"_qs}) != 0)
            QSKIP("the reference needs /usr/bin/python3 with numpy");
        corpus::HeadsOptions o;
        o.corpus = writeFile(m_dir, u"reference.txt"_qs, corpusText(40));
        o.maxTokens = 24; // some lines cut
        o.keepAllPassages = true;
        o.randomSequences = 4;
        o.seed = 11;
        const corpus::HeadsReport report = corpus::runHeads(*m_model, o);
        QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
        QVERIFY(!report.partial);
        QCOMPARE(report.passages, 40 + 6); // the phrases and the six lines of one token
        QVERIFY(report.notes.join(u' ').contains(u"longer than 24 tokens, cut there"_qs));
        QCOMPARE(report.statistics.measured(HeadScore::PreviousToken), 40); // one token: not measured
        QCOMPARE(report.statistics.measured(HeadScore::Entropy), 46);
        QCOMPARE(report.statistics.measured(HeadScore::InductionRandom), 4);

        QJsonArray passages;
        for (int p = 0; p < report.passages; ++p) {
            analysis::ScoredPassage tokens;
            tokens.ids = report.passageIds(p);
            QVERIFY(int(tokens.ids.size()) <= 24);
            passages.append(passageJson(*m_model, tokens));
        }
        const corpus::PassageMaker maker(*m_model, report.maxTokens, false);
        std::mt19937 random(o.seed);
        for (int i = 0; i < o.randomSequences; ++i)
            passages.append(passageJson(*m_model, maker.repeatedRandom(report.repeatLength, random).tokens));
        const QString in
            = writeFile(m_dir, u"in.json"_qs, QJsonDocument(QJsonObject {{u"passages"_qs, passages}}).toJson());
        QProcess reference;
        reference.start(python, {QStringLiteral(QKV_HEADS_REFERENCE), in, m_dir.filePath(u"out.json"_qs)});
        QVERIFY(reference.waitForFinished(120000));
        QVERIFY2(reference.exitCode() == 0, reference.readAllStandardError().constData());
        QFile out(m_dir.filePath(u"out.json"_qs));
        QVERIFY(out.open(QIODevice::ReadOnly));
        const QJsonObject want = QJsonDocument::fromJson(out.readAll()).object();
        const analysis::HeadStatistics &s = report.statistics;
        for (const HeadScore score : analysis::allHeadScores()) {
            const QJsonArray values = want.value(analysis::headScoreName(score)).toArray();
            QCOMPARE(values.size(), s.layers() * s.heads());
            for (int l = 0; l < s.layers(); ++l)
                for (int h = 0; h < s.heads(); ++h) {
                    const double got = s.mean(score, l, h), expected = values[l * s.heads() + h].toDouble();
                    QVERIFY2(std::abs(got - expected) <= 1e-6,
                        qPrintable(QStringLiteral("%1, layer %2 head %3: %4, the reference %5")
                                       .arg(analysis::headScoreName(score))
                                       .arg(l + 1)
                                       .arg(h + 1)
                                       .arg(got)
                                       .arg(expected)));
                }
        }
    }

    // Worked by hand: three tokens "a b a", the head looking one back, then at the copy's successor.
    void workedScores()
    {
        analysis::ScoredPassage p;
        p.ids = {5, 6, 5};
        p.special = {true, false, false};
        Eigen::MatrixXf a(3, 3);
        a << 1, 0, 0, //
            1, 0, 0, // b looks at the first a: previous token
            0, 0.75f, 0.25f; // the second a: 0.75 on b (after the earlier a), 0.25 on itself
        using analysis::headScore;
        QCOMPARE(headScore(HeadScore::PreviousToken, a, p), (1 + 0.75) / 3);
        QCOMPARE(headScore(HeadScore::DuplicateToken, a, p), 0.0); // the earlier a gets nothing
        QCOMPARE(headScore(HeadScore::Induction, a, p), 0.75 / 3);
        QCOMPARE(headScore(HeadScore::FirstToken, a, p), 2.0 / 3);
        QCOMPARE(headScore(HeadScore::SpecialTokens, a, p), 2.0 / 3);
        QCOMPARE(headScore(HeadScore::Distance, a, p), (0 + 1 + 0.75) / 3);
        QCOMPARE(headScore(HeadScore::Concentration, a, p), (1 + 1 + 0.75) / 3);
        const double rowEntropy = -(0.75 * std::log(0.75) + 0.25 * std::log(0.25));
        QVERIFY(std::abs(headScore(HeadScore::Entropy, a, p) - rowEntropy / 3) < 1e-7);
    }

    // The model the program ships was trained to have a previous-token head in layer 1 and
    // induction heads in layer 2: the scores find them where its qkvlab.json says they are.
    void inductionModelFindsItsHeads()
    {
        corpus::HeadsOptions o;
        o.corpus = writeFile(m_dir, u"find.txt"_qs, corpusText(60));
        const corpus::HeadsReport report = corpus::runHeads(*m_model, o);
        QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
        const analysis::HeadStatistics &s = report.statistics;
        int bestLayer = -1, bestHead = -1;
        double best = -1;
        for (int l = 0; l < s.layers(); ++l)
            for (int h = 0; h < s.heads(); ++h)
                if (s.mean(HeadScore::PreviousToken, l, h) > best) {
                    best = s.mean(HeadScore::PreviousToken, l, h);
                    bestLayer = l;
                    bestHead = h;
                }
        QCOMPARE(bestLayer, 0);
        QCOMPARE(bestHead, 0);
        QVERIFY(best > 0.8);
        for (int h = 0; h < s.heads(); ++h) {
            QVERIFY(s.mean(HeadScore::Induction, 0, h) < 0.2);
            QVERIFY(s.mean(HeadScore::InductionRandom, 0, h) < 0.2);
        }
        QVERIFY(s.mean(HeadScore::Induction, 1, 2) > 0.4);
        QVERIFY(s.mean(HeadScore::InductionRandom, 1, 2) > 0.8);
        // Only the passages some head scores highest on are kept, however long the corpus.
        QVERIFY(report.kept.size() <= std::size_t(5 * 8 * 9));
        QVERIFY(report.kept.size() < std::size_t(report.passages));
        for (const auto &[passage, kept] : report.kept)
            QVERIFY(s.topPassages().contains(passage));
        // Its top passages: highest first, each scoring what the head scores on it alone.
        const std::vector<analysis::TopPassage> top = s.top(HeadScore::Induction, 1, 2);
        QCOMPARE(top.size(), std::size_t(5));
        for (std::size_t i = 0; i < top.size(); ++i) {
            QVERIFY(i == 0 || top[i - 1].score >= top[i].score);
            analysis::ScoredPassage p;
            p.ids = report.passageIds(top[i].passage);
            p.special.assign(p.ids.size(), false);
            const transformer::ForwardResult alone = transformer::forward(m_model->model(), p.ids);
            QVERIFY(std::abs(
                        analysis::headScore(HeadScore::Induction, alone.layers[1].heads[2].attention, p) - top[i].score)
                < 1e-6);
        }
    }

    void windows()
    {
        corpus::HeadsOptions o;
        o.corpus = writeFile(m_dir, u"windows.txt"_qs, corpusText(20));
        o.windows = true;
        o.maxTokens = 16;
        o.keepAllPassages = true;
        o.scores = {HeadScore::Entropy};
        const corpus::HeadsReport report = corpus::runHeads(*m_model, o);
        QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
        QVERIFY(report.passages > 5);
        for (int p = 0; p + 1 < report.passages; ++p)
            QCOMPARE(report.passageIds(p).size(), std::size_t(16));
        QVERIFY(report.passageIds(report.passages - 1).size() <= 16);
        QVERIFY(report.statistics.measured(HeadScore::InductionRandom) == 0);
    }

    void stopKeepsWhatRan()
    {
        corpus::HeadsOptions o;
        o.corpus = writeFile(m_dir, u"long.txt"_qs, corpusText(400));
        o.scores = {HeadScore::PreviousToken};
        o.keepAllPassages = true;
        std::atomic<bool> stop {false};
        int told = 0;
        const corpus::HeadsReport report = corpus::runHeads(*m_model, o, &stop, [&](const corpus::HeadsProgress &p) {
            ++told;
            QVERIFY(p.fraction > 0 && p.fraction < 1);
            stop = true;
        });
        QVERIFY(report.error.isEmpty());
        QCOMPARE(told, 1);
        QVERIFY(report.partial);
        QVERIFY(report.passages > 0 && report.passages < 400);
        int longer = 0; // previous-token measures passages of two tokens or more
        for (int p = 0; p < report.passages; ++p)
            longer += report.passageIds(p).size() > 1 ? 1 : 0;
        QCOMPARE(report.statistics.measured(HeadScore::PreviousToken), longer);
        QVERIFY(report.statistics.mean(HeadScore::PreviousToken, 0, 0) > 0.8);
    }

    void badCorpora_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("error"); // empty: runs, with `note`
        QTest::addColumn<QString>("note");
        QTest::newRow("empty") << QByteArray() << u"the file is empty"_qs << QString();
        QTest::newRow("blank lines") << QByteArray("\n  \n\t\n") << u"no text to run (every line is blank)"_qs
                                     << QString();
        QTest::newRow("binary") << QByteArray("PK\x03\x04\0\0\x14\0", 8) + QByteArray(100, 'x')
                                << u"a binary file, not text (a zero byte at byte 5)"_qs << QString();
        QTest::newRow("invalid UTF-8") << QByteArray("the cat sat\nthe \xff\xfe mat\nthe dog\n") << QString()
                                       << u"1 line of invalid UTF-8, the bad bytes replaced by U+FFFD (line 2)"_qs;
        QTest::newRow("a zero byte later")
            << QByteArray(70000, 'a') + "\nthe cat\nbad " + QByteArray(1, '\0') + " line\nthe dog\n"
            << QString() << u"1 line with a zero byte, skipped as not text (line 3)"_qs;
        QTest::newRow("a line of 3 MiB") << QByteArray("the cat\n") + QByteArray(3 << 20, 'b') + "\nthe dog\n"
                                         << QString() << u"1 line longer than 1 MiB, cut there (line 2)"_qs;
    }

    void badCorpora()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        QFETCH(QString, note);
        corpus::HeadsOptions o;
        o.corpus = writeFile(m_dir, QString::fromLatin1(QTest::currentDataTag()) + u".txt"_qs, bytes);
        o.scores = {HeadScore::Entropy};
        const corpus::HeadsReport report = corpus::runHeads(*m_model, o);
        if (!error.isEmpty()) {
            QVERIFY2(report.error.startsWith(o.corpus) && report.error.endsWith(error), qPrintable(report.error));
            return;
        }
        QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
        QVERIFY2(report.notes.contains(note), qPrintable(report.notes.join(u'\n')));
        QVERIFY(report.passages >= 2);
    }

    // One head's queries and keys, gathered over the corpus in batches, are the forward pass's of
    // each passage alone; the plane AttentionViz draws them on keeps every query's softmax.
    void queryKeysOfAHead()
    {
        corpus::HeadsOptions o;
        o.corpus = writeFile(m_dir, u"querykeys.txt"_qs, corpusText(30));
        const corpus::QueryKeys all = corpus::collectQueryKeys(*m_model, o, 1, 2, 1 << 20);
        QVERIFY2(all.error.isEmpty(), qPrintable(all.error));
        QVERIFY(!all.partial);
        QCOMPARE(all.passageLines.size(), std::size_t(30 + 4));
        QCOMPARE(qint64(all.queries.rows()), all.passageStarts.back());
        for (std::size_t p = 0; p < all.passageLines.size(); p += 7) {
            const auto first = all.passageStarts[p], n = all.passageStarts[p + 1] - first;
            const std::vector<int> ids(all.ids.begin() + first, all.ids.begin() + first + n);
            const transformer::ForwardResult alone = transformer::forward(m_model->model(), ids);
            const transformer::HeadRecord &h = alone.layers[1].heads[2];
            QVERIFY((all.queries.middleRows(first, n) - h.query).cwiseAbs().maxCoeff() < 1e-4f);
            QVERIFY((all.keys.middleRows(first, n) - h.key).cwiseAbs().maxCoeff() < 1e-4f);
            QCOMPARE(all.position[std::size_t(first + n - 1)], int(n - 1));
            QCOMPARE(all.passage[std::size_t(first)], int(p));
        }
        // A limit of tokens stops the run there, marked partial.
        const corpus::QueryKeys some = corpus::collectQueryKeys(*m_model, o, 0, 0, 50);
        QCOMPARE(some.queries.rows(), 50);
        QVERIFY(some.partial);
        QVERIFY(corpus::collectQueryKeys(*m_model, o, 2, 0, 50).error.contains(u"no layer 3"_qs));

        // The plane: queries scaled by s, keys by 1/s and moved by the shift leave each query's
        // softmax over the keys as it was; in the plane the two clouds share their mean.
        const Eigen::MatrixXd q = all.queries.cast<double>(), k = all.keys.cast<double>();
        const analysis::QueryKeyPlane plane = analysis::queryKeyPlane(all.queries, all.keys);
        const Eigen::MatrixXd q2 = q * plane.scale;
        const Eigen::MatrixXd k2 = (k / plane.scale).rowwise() + plane.shift.transpose();
        QVERIFY(std::abs(q2.rowwise().norm().mean() - (k / plane.scale).rowwise().norm().mean()) < 1e-9);
        const auto softmaxRows = [](Eigen::MatrixXd s) {
            for (Eigen::Index i = 0; i < s.rows(); ++i) {
                s.row(i) = (s.row(i).array() - s.row(i).maxCoeff()).exp().matrix();
                s.row(i) /= s.row(i).sum();
            }
            return s;
        };
        const Eigen::Index n = 40; // the first passages' tokens against each other
        const Eigen::MatrixXd before = softmaxRows(q.topRows(n) * k.topRows(n).transpose());
        const Eigen::MatrixXd after = softmaxRows(q2.topRows(n) * k2.topRows(n).transpose());
        QVERIFY((before - after).cwiseAbs().maxCoeff() < 1e-9);
        QVERIFY((plane.queries.colwise().mean() - plane.keys.colwise().mean()).norm() < 1e-9);
        QVERIFY(plane.explained[0] >= plane.explained[1] && plane.explained[0] + plane.explained[1] <= 1 + 1e-12);
    }

    void missingAndFolder()
    {
        corpus::HeadsOptions o;
        o.corpus = m_dir.filePath(u"none.txt"_qs);
        QVERIFY(corpus::runHeads(*m_model, o).error.startsWith(o.corpus));
        o.corpus = m_dir.path();
        QVERIFY(corpus::runHeads(*m_model, o).error.startsWith(o.corpus));
    }
};

QTEST_GUILESS_MAIN(TestHeadsRun)
#include "tst_headsrun.moc"
