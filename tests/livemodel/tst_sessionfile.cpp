#include "livemodel/sessionfile.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;
using namespace qkv::live;
using namespace Qt::StringLiterals;
using Kind = transformer::Intervention::Kind;

// A model session file (.qkvmodel.json) reads back exactly what was written, finds a model
// folder moved together with it, and names the place of every problem.
class TstSessionFile : public QObject
{
    Q_OBJECT

private:
    static SessionFile sample(const QString &model)
    {
        SessionFile s;
        s.model = model;
        s.sentence = u"The cat sat on the mat. The cat sat on the"_s;
        s.layer = 1;
        s.head = 3;
        Eigen::MatrixXf k(3, 2);
        k << 0.1f, -2.5e-7f, 3.4e38f, 1.f / 3, -0.f, 7;
        s.interventions = {
            {1, 3, Kind::Key, k}, {0, 2, Kind::Ablate, {}}, {1, 0, Kind::Attention, Eigen::MatrixXf::Identity(3, 3)}};
        // A lesson's answers, kept with the session: a choice, a clicked key, a typed number.
        s.lessonAnswers = QJsonObject {{u"previous-token"_s, 1}, {u"induction-target"_s, u"mat"_s}, {u"x"_s, 0.25}};
        // A snapshot of the shown look, compared with.
        Document look;
        look.setSentence(u"the cat"_s);
        WordVectors v = look.wordVectors(u"cat"_s);
        v.k(0, 1) = -0.125;
        look.setWordVectors(u"cat"_s, v);
        s.snapshots = {{u"before"_s, std::make_shared<const Document>(look)}};
        s.baseline = u"before"_s;
        // A teacher's marks: a box on a heatmap cell, an arrow between two tokens.
        s.annotations = {{AnnotationKind::Box, u"heatmap"_s, u"cat"_s, u"mat"_s, u"look"_s},
            {AnnotationKind::Arrow, u"arrows"_s, u"#2"_s, u"cat"_s, u"copies"_s}};
        return s;
    }

private Q_SLOTS:
    void writesAndReadsBackEveryNumber()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(u"models/tiny"_s));
        const QString model = dir.filePath(u"models/tiny"_s), file = dir.filePath(u"work/cat.qkvmodel.json"_s);
        const SessionFile s = sample(model);
        const SessionLoad back = parseSession(serializeSession(s, file), file);
        QVERIFY2(back, qPrintable(back.error.toString()));
        QCOMPARE(back.session->model, model);
        QCOMPARE(back.session->modelRelative, u"../models/tiny"_s);
        QCOMPARE(back.session->sentence, s.sentence);
        QCOMPARE(back.session->layer, 1);
        QCOMPARE(back.session->head, 3);
        QCOMPARE(back.session->lessonAnswers, s.lessonAnswers);
        QCOMPARE(back.session->baseline, u"before"_s);
        QVERIFY(back.session->snapshots == s.snapshots);
        QCOMPARE(back.session->snapshots.front().state->wordVectors(u"cat"_s).k(0, 1), -0.125);
        QVERIFY(back.session->annotations == s.annotations);
        SessionFile none = s;
        none.snapshots.clear();
        none.baseline.clear();
        none.annotations.clear();
        const QByteArray plain = serializeSession(none, file);
        QVERIFY(!plain.contains("snapshots") && !plain.contains("baseline")); // older readers unaffected
        QVERIFY(!plain.contains("annotations"));
        QVERIFY(parseSession(plain, file).session->snapshots.empty());
        QVERIFY(parseSession(plain, file).session->annotations.empty());
        QCOMPARE(back.session->interventions.size(), s.interventions.size());
        for (std::size_t i = 0; i < s.interventions.size(); ++i)
            QVERIFY(back.session->interventions[i] == s.interventions[i]); // bit for bit
        QVERIFY(isSessionFileName(file));
        QVERIFY(!isSessionFileName(u"cat.qkv.json"_s));
        // One layer: no "layers"; all of them combined: how, by name.
        QVERIFY(!back.session->layers && !plain.contains("\"layers\""));
        for (const Aggregate how : {Aggregate::Mean, Aggregate::Max, Aggregate::Rollout, Aggregate::Flow}) {
            SessionFile combined = s;
            combined.layers = how;
            const SessionLoad again = parseSession(serializeSession(combined, file), file);
            QVERIFY2(again, qPrintable(again.error.toString()));
            QVERIFY(again.session->layers == how);
        }
    }

    void findsTheModelMovedWithIt()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(u"a/models/tiny"_s));
        QVERIFY(QDir(dir.path()).mkpath(u"a/work"_s));
        const QString file = dir.filePath(u"a/work/cat.qkvmodel.json"_s);
        SessionFile s = sample(dir.filePath(u"a/models/tiny"_s));
        QCOMPARE(locateModel(s, file), s.model);
        const SessionFile saved = *parseSession(serializeSession(s, file), file).session;
        // Both folders moved elsewhere together: the old absolute path is gone.
        QVERIFY(QDir(dir.path()).rename(u"a"_s, u"b"_s));
        QCOMPARE(locateModel(saved, dir.filePath(u"b/work/cat.qkvmodel.json"_s)), dir.filePath(u"b/models/tiny"_s));
        QVERIFY(locateModel(saved, dir.filePath(u"elsewhere/cat.qkvmodel.json"_s)).isEmpty());
        s.model = u"hf:gpt2"_s;
        QCOMPARE(locateModel(s, file), u"hf:gpt2"_s);
        // A GGUF model by its name in a store (Ollama's, the cache's) stays that name, never a path.
        for (const QString &name : {u"ollama:llama3.2:1b"_s, u"hf:org/name-GGUF:Q4_K_M"_s}) {
            s.model = name;
            const QByteArray saved = serializeSession(s, file);
            QVERIFY2(!saved.contains("modelRelative"), saved.constData());
            QCOMPARE(locateModel(*parseSession(saved, file).session, u"/elsewhere/x.qkvmodel.json"_s), name);
        }
        // The built-in model is found by its name wherever the session is.
        s.model = u"example:induction"_s;
        const QByteArray bytes = serializeSession(s, file);
        QVERIFY(!bytes.contains("modelRelative"));
        QCOMPARE(locateModel(*parseSession(bytes, file).session, dir.filePath(u"elsewhere/x.qkvmodel.json"_s)),
            u"example:induction"_s);
    }

    void problemsAreNamedWhereTheyAre_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        const QByteArray head = R"({"format": "qkvlab-model-session", "version": 1, "model": "/m", "sentence": "a b")";
        QTest::newRow("syntax") << QByteArray("{\n  \"format\": ,\n}") << u"t.qkvmodel.json:2:"_s;
        QTest::newRow("not ours") << QByteArray(R"({"format": "other", "version": 1})")
                                  << u"format: not a QKV Lab model session"_s;
        QTest::newRow("newer") << QByteArray(R"({"format": "qkvlab-model-session", "version": 2})")
                               << u"version: version 2 is newer"_s;
        QTest::newRow("no model") << QByteArray(R"({"format": "qkvlab-model-session", "version": 1, "sentence": ""})")
                                  << u"\"model\" is missing"_s;
        QTest::newRow("kind") << head + R"(, "interventions": [{"layer": 0, "head": 0, "kind": "gate"}]})"
                              << u"interventions[0].kind: \"gate\" is not query"_s;
        QTest::newRow("ragged") << head
                + R"(, "interventions": [{"layer": 0, "head": 1, "kind": "key", "values": [[1, 2], [3]]}]})"
                                << u"interventions[0].values[1]: expected a row of 2 numbers"_s;
        QTest::newRow("not finite") << head
                + R"(, "interventions": [{"layer": 0, "head": 1, "kind": "value", "values": [[1, "x"]]}]})"
                                    << u"interventions[0].values[0][1]: expected a finite number"_s;
        QTest::newRow("too big") << head
                + R"(, "interventions": [{"layer": 0, "head": 1, "kind": "value", "values": [[1e39]]}]})"
                                 << u"interventions[0].values[0][0]: expected a finite number"_s;
        QTest::newRow("negative head") << head + R"(, "interventions": [{"layer": 0, "head": -1, "kind": "ablate"}]})"
                                       << u"interventions[0].head: expected a whole number"_s;
        QTest::newRow("layers") << head + R"(, "layers": "median"})"
                                << u"layers: \"median\" is not mean, max, rollout or flow"_s;
        QTest::newRow("stack") << head
                + R"(, "interventions": [{"layer": 0, "head": 0, "kind": "ablate", "stack": "middle"}]})"
                               << u"interventions[0].stack: \"middle\" is not encoder, decoder or cross"_s;
        QTest::newRow("list") << head + R"(, "interventions": {}})" << u"interventions: expected a list"_s;
        QTest::newRow("answers") << head + R"(, "lesson_answers": [1, 2]})"
                                 << u"lesson_answers: expected an object of answers"_s;
        QTest::newRow("snapshot") << head
                + R"(, "snapshots": [{"name": "a", "state": {"format": "qkvlab", "version": 1, "sentence": 3}}]})"
                                  << u"snapshots[0].state.sentence"_s;
        QTest::newRow("baseline") << head + R"(, "baseline": "nowhere"})" << u"baseline"_s;
        QTest::newRow("annotation") << head + R"(, "annotations": [{"kind": "box", "view": "nowhere", "token": "a"}]})"
                                    << u"annotations[0].view"_s;
    }
    void problemsAreNamedWhereTheyAre()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const SessionLoad r = parseSession(json, u"t.qkvmodel.json"_s);
        QVERIFY(!r);
        QVERIFY2(r.error.toString().contains(expected), qPrintable(r.error.toString()));
    }

    void aMissingFileSaysSo()
    {
        const SessionLoad r = loadSession(u"/no/such/a.qkvmodel.json"_s);
        QVERIFY(!r);
        QVERIFY(r.error.toString().contains(u"no such file"_s));
    }
};

QTEST_GUILESS_MAIN(TstSessionFile)
#include "tst_sessionfile.moc"
