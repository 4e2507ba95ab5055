#include "document/documentio.h"
#include "lessons/lessonauthoring.h"
#include "lessons/lessoncheck.h"
#include "lessons/lessonio.h"
#include "lessons/mergepatch.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

#include <functional>

using namespace qkv::lessons;

namespace {

QJsonValue json(const char *text)
{
    return QJsonDocument::fromJson(QByteArray("[") + text + "]").array().first();
}

// The complete lesson the manual shows, so that what people copy is a lesson that works.
QByteArray readmeLesson()
{
    QFile readme(qEnvironmentVariable("QKV_SOURCE_DIR") + QStringLiteral("/resources/manual/manual.md"));
    if (!readme.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(readme.readAll());
    const qsizetype section = text.indexOf(QStringLiteral("## Lessons"));
    static const QRegularExpression block(
        QStringLiteral("```json\\n(.*?)```"), QRegularExpression::DotMatchesEverythingOption);
    return block.match(text, section).captured(1).toUtf8();
}

Lesson readme()
{
    const LessonLoad loaded = parseLesson(readmeLesson(), QStringLiteral("manual.md"));
    if (!loaded)
        qFatal("%s", qPrintable(loaded.error.toString()));
    return *loaded.lesson;
}

// A lesson on a model: the library reads it and tells each step's sentence and layer; running
// the model is the window's and the command line's (tests/app/tst_modellesson).
const char *modelLesson = R"({"format": "qkvlab-lesson", "version": 1, "title": "On a model",
    "start": {"model": "example:induction", "sentence": "the cat sat . the", "layer": 2, "head": 3},
    "steps": [{"text": "One", "state": {"token": "#-1"}},
              {"text": "Two", "state": {"layer": 1, "document": {"sentence": "a dog . a"}},
               "exercise": {"kind": "goal", "goal": "weight(#-1, dog) > 0.5",
                            "solution": {"document": {"sentence": "a dog ran . a"}, "layer": 2}}},
              {"text": "Three", "state": {"document": {"sentence": "the cat sat . the"},
                                          "generate": {"tokens": 4, "temperature": 0.7, "top_p": 0.9, "seed": 3}}},
              {"text": "Four", "state": {"layer": 1}},
              {"text": "Five", "state": {"document": {"sentence": "a dog . a"}}}]})";

QByteArray withChange(const QByteArray &lesson, const char *path, const QJsonValue &value)
{
    QJsonObject o = QJsonDocument::fromJson(lesson).object();
    // A path of keys and indices, "steps.4.exercise.goal".
    const QStringList keys = QString::fromLatin1(path).split(u'.');
    std::function<QJsonValue(const QJsonValue &, int)> set = [&](const QJsonValue &at, int i) -> QJsonValue {
        if (i == keys.size())
            return value;
        bool index = false;
        const int n = keys[i].toInt(&index);
        if (index) {
            QJsonArray a = at.toArray();
            a[n] = set(a[n], i + 1);
            return a;
        }
        QJsonObject obj = at.toObject();
        obj[keys[i]] = set(obj[keys[i]], i + 1);
        return obj;
    };
    return QJsonDocument(set(o, 0).toObject()).toJson();
}

} // namespace

class TstLessons : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The examples of RFC 7396, appendix A.
    void mergePatchAsTheRfcSays_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("result");
        const auto row = [](const char *t, const char *p, const char *r) {
            QTest::addRow("%s + %s", t, p) << QString::fromUtf8(t) << QString::fromUtf8(p) << QString::fromUtf8(r);
        };
        row(R"({"a":"b"})", R"({"a":"c"})", R"({"a":"c"})");
        row(R"({"a":"b"})", R"({"b":"c"})", R"({"a":"b","b":"c"})");
        row(R"({"a":"b"})", R"({"a":null})", R"({})");
        row(R"({"a":"b","b":"c"})", R"({"a":null})", R"({"b":"c"})");
        row(R"({"a":["b"]})", R"({"a":"c"})", R"({"a":"c"})");
        row(R"({"a":"c"})", R"({"a":["b"]})", R"({"a":["b"]})");
        row(R"({"a":{"b":"c"}})", R"({"a":{"b":"d","c":null}})", R"({"a":{"b":"d"}})");
        row(R"({"a":[{"b":"c"}]})", R"({"a":[1]})", R"({"a":[1]})");
        row(R"(["a","b"])", R"(["c","d"])", R"(["c","d"])");
        row(R"({"a":"b"})", R"(["c"])", R"(["c"])");
        row(R"({"a":"foo"})", "null", "null");
        row(R"({"a":"foo"})", R"("bar")", R"("bar")");
        row(R"({"e":null})", R"({"a":1})", R"({"e":null,"a":1})");
        row(R"([1,2])", R"({"a":"b","c":null})", R"({"a":"b"})");
        row(R"({})", R"({"a":{"bb":{"ccc":null}}})", R"({"a":{"bb":{}}})");
    }
    void mergePatchAsTheRfcSays()
    {
        QFETCH(QString, target);
        QFETCH(QString, patch);
        QFETCH(QString, result);
        QCOMPARE(applyMergePatch(json(target.toUtf8()), json(patch.toUtf8())), json(result.toUtf8()));
    }

    void aRecordedPatchLeadsBackToTheState()
    {
        const QJsonObject from = json(R"({"a":1,"b":{"c":[1,2],"d":"x"},"e":true})").toObject();
        const QJsonObject to = json(R"({"a":1,"b":{"c":[1,3]},"f":{"g":2}})").toObject();
        const QJsonObject patch = mergePatchBetween(from, to);
        QCOMPARE(patch, json(R"({"b":{"c":[1,3],"d":null},"e":null,"f":{"g":2}})").toObject());
        QCOMPARE(applyMergePatch(from, patch), to);
        QCOMPARE(mergePatchBetween(to, to), QJsonObject());
    }

    void readmeLessonReadsAndItsSolutionsHold()
    {
        const Lesson lesson = readme();
        QCOMPARE(lesson.steps.size(), std::size_t(5));
        QCOMPARE(lesson.startExample, u"animal"_qs);
        QCOMPARE(lesson.steps[0].state.views, (QStringList {u"heatmap"_qs, u"arrows"_qs}));
        QCOMPARE(lesson.steps[0].state.highlightKey, u"animal"_qs);
        QCOMPARE(lesson.steps[3].exercise->answer, 1);
        for (const ExerciseStatus &s : checkSolutions(lesson)) {
            QVERIFY2(s.met(), qPrintable(s.detail));
            QVERIFY(!s.metBefore);
        }
    }

    void savingAndReadingGivesTheSameLesson()
    {
        const Lesson lesson = readme();
        const QByteArray saved = serializeLesson(lesson);
        const LessonLoad again = parseLesson(saved);
        QVERIFY2(again, qPrintable(again.error.toString()));
        QCOMPARE(*again.lesson, lesson);
        QCOMPARE(serializeLesson(*again.lesson), saved);
        // A lesson whose start is a whole document keeps it.
        Lesson inline_ = lesson;
        inline_.startExample.clear();
        const LessonLoad inlineAgain = parseLesson(serializeLesson(inline_));
        QVERIFY2(inlineAgain, qPrintable(inlineAgain.error.toString()));
        QCOMPARE(*inlineAgain.lesson, inline_);
    }

    void badLessonsNameTheirPlace_data()
    {
        QTest::addColumn<QByteArray>("lesson");
        QTest::addColumn<QString>("error");
        const QByteArray good = readmeLesson();
        QTest::newRow("format") << withChange(good, "format", u"qkvlab"_qs)
                                << u"format: expected \"qkvlab-lesson\": this is not a QKV Lab lesson"_qs;
        QTest::newRow("version") << withChange(good, "version", 2)
                                 << u"version: version 2 is newer than this program reads (1)"_qs;
        QTest::newRow("start") << withChange(good, "start", u"example:zebra"_qs)
                               << u"start: no such example; `qkvlab examples` lists them: "_qs;
        QTest::newRow("inline start") << withChange(
            good, "start", json(R"({"format":"qkvlab","version":1,"sentence":"a b","heads":0})"))
                                      << u"start.heads: expected a whole number from 1 to 64, got the number 0"_qs;
        QTest::newRow("no steps") << withChange(good, "steps", QJsonArray())
                                  << u"steps: a lesson has at least one step"_qs;
        QTest::newRow("no text") << withChange(good, "steps.1.text", QJsonValue::Null)
                                 << u"steps[1].text: expected a string, got null"_qs;
        QTest::newRow("token") << withChange(good, "steps.0.state.token", u"cat"_qs)
                               << u"steps[0].state.token: the sentence here has no token “cat”"_qs;
        QTest::newRow("cell") << withChange(good, "steps.0.state.highlight", json(R"({"cell":["it","dog"]})"))
                              << u"steps[0].state.highlight: the sentence here has no token “dog”"_qs;
        QTest::newRow("head") << withChange(good, "steps.0.state.head", 2)
                              << u"steps[0].state.head: there is no head 2 here: the document has 1"_qs;
        QTest::newRow("view")
            << withChange(good, "steps.0.state.views", json(R"(["heatmap","arrow"])"))
            << u"steps[0].state.views[1]: no view is called \"arrow\"; the views are \"heatmap\", "
               "\"arrows\", \"vectors\", \"bars\", \"contributions\", \"worked\", \"heads\", \"tables\""_qs;
        QTest::newRow("patch")
            << withChange(good, "steps.4.state.document", json(R"({"normalization":"cosine"})"))
            << u"steps[4].state.document: the document it leads to cannot be read: normalization: "
               "expected one of \"scaled-softmax\", \"softmax\", \"sum\", \"none\", got \"cosine\""_qs;
        QTest::newRow("goal") << withChange(
            good, "steps.4.exercise.goal", u"weight(it, animal) >= 0.6 and wieght(it, street) <= 0.1"_qs)
                              << u"steps[4].exercise.goal: column 31: unknown quantity “wieght”; the goal language "
                                 "knows weight, score, strongest, q1, k1, v1, o1, x1 (any component)"_qs;
        QTest::newRow("prediction of a condition")
            << withChange(good, "steps.1.exercise.goal", u"weight(it, animal) > 0"_qs)
            << u"steps[1].exercise.goal: column 1: a prediction asks for one number, e.g. "
               "“weight(it, animal)”, not a condition"_qs;
        QTest::newRow("kind") << withChange(good, "steps.4.exercise.kind", u"quiz"_qs)
                              << u"steps[4].exercise.kind: expected one of \"goal\", \"predict-number\", "
                                 "\"predict-cell\", \"choice\", got \"quiz\""_qs;
        QTest::newRow("misspelt key")
            << withChange(good, "steps.4.exercise.hint", u"x"_qs)
            << u"steps[4].exercise.hint: unknown key: a \"goal\" exercise has \"kind\", \"id\", "
               "\"prompt\", \"hints\", \"goal\", \"solution\""_qs;
        QTest::newRow("solution") << withChange(
            good, "steps.4.exercise.solution.document.words.animal.k", json("[1, 2]"))
                                  << u"steps[4].exercise.solution.document: the document it leads to cannot be read: "
                                     "words.animal.k: expected 3 numbers (dim), got 2"_qs;
        QTest::newRow("answer") << withChange(good, "steps.3.exercise.answer",
            3) << u"steps[3].exercise.answer: expected a whole number from 1 to 2, got the number 3"_qs;
        QTest::newRow("one choice") << withChange(good, "steps.3.exercise.choices",
            json(R"(["Yes"])")) << u"steps[3].exercise.choices: a choice needs at least 2 answers to choose from"_qs;
        QTest::newRow("layer of a document") << withChange(good, "steps.0.state.layer", 2)
                                             << u"steps[0].state.layer: only a lesson on a model has layers"_qs;
        const QByteArray model(modelLesson);
        QTest::newRow("model start") << withChange(model, "start.layers", 2)
                                     << u"start.layers: unknown key: a model's start has \"model\", \"sentence\", "
                                        "\"layer\", \"head\""_qs;
        QTest::newRow("model sentence") << withChange(model, "start.sentence", u" "_qs)
                                        << u"start.sentence: the model needs a sentence to run on"_qs;
        QTest::newRow("model layer") << withChange(model, "start.layer", 0)
                                     << u"start.layer: expected a whole number from 1 to 65536, got the number 0"_qs;
        QTest::newRow("model patch") << withChange(model, "steps.1.state.document.words", json("{}"))
                                     << u"steps[1].state.document.words: a lesson on a model changes only its "
                                        "\"sentence\": the model computes the rest"_qs;
        QTest::newRow("model solution") << withChange(model, "steps.1.exercise.solution.document.sentence", 3)
                                        << u"steps[1].exercise.solution.document.sentence: expected a string"_qs;
        QTest::newRow("generation without its sentence") << withChange(model, "steps.0.state.generate",
            json(R"({"tokens": 3})")) << u"steps[0].state.generate: a generation continues the step's own sentence"_qs;
        QTest::newRow("generation of a document") << withChange(good, "steps.0.state.generate",
            json(R"({"tokens": 3})")) << u"steps[0].state.generate: only a lesson on a model writes"_qs;
        QTest::newRow("generation of no tokens") << withChange(model, "steps.2.state.generate.tokens",
            0) << u"steps[2].state.generate.tokens: expected a whole number from 1 to 256, got the number 0"_qs;
        QTest::newRow("generation's temperature") << withChange(model, "steps.2.state.generate.temperature", -1)
                                                  << u"steps[2].state.generate.temperature: expected 0"_qs;
        QTest::newRow("generation's top-p") << withChange(model, "steps.2.state.generate.top_p", 0)
                                            << u"steps[2].state.generate.top_p: expected a share above 0"_qs;
        QTest::newRow("generation's key") << withChange(model, "steps.2.state.generate.topk", 5)
                                          << u"steps[2].state.generate.topk: unknown key: a generation has"_qs;
        QTest::newRow("syntax") << QByteArray(
            "{\n  \"format\": \"qkvlab-lesson\",\n  \"version\": 1 \"title\": \"x\"\n}")
                                << u"3:17: syntax error: unterminated object"_qs;
    }
    void badLessonsNameTheirPlace()
    {
        QFETCH(QByteArray, lesson);
        QFETCH(QString, error);
        const LessonLoad loaded = parseLesson(lesson);
        QVERIFY(!loaded);
        QVERIFY2(loaded.error.toString().startsWith(error), qPrintable(loaded.error.toString()));
    }

    // A lesson on a model keeps what it names, and each step's sentence, layer and head follow
    // from the states before it; its solutions need the model to run.
    void aLessonOnAModel()
    {
        const LessonLoad loaded = parseLesson(modelLesson);
        QVERIFY2(loaded, qPrintable(loaded.error.toString()));
        const Lesson &lesson = *loaded.lesson;
        QVERIFY(lesson.model);
        QCOMPARE(lesson.model->model, u"example:induction"_qs);
        QCOMPARE(lesson.model->layer, 1);
        QCOMPARE(lesson.model->head, 2);
        QCOMPARE(modelAt(lesson, 0).sentence, u"the cat sat . the"_qs);
        QCOMPARE(modelAt(lesson, 1).sentence, u"a dog . a"_qs);
        QCOMPARE(modelAt(lesson, 1).layer, 0);
        QCOMPARE(modelAt(lesson, 1).head, 2);
        const ModelStart solved = modelWith(modelAt(lesson, 1), lesson.steps[1].exercise->solution);
        QCOMPARE(solved.sentence, u"a dog ran . a"_qs);
        QCOMPARE(solved.layer, 1);
        // A step that lets the model write names it until the next sentence.
        const Generation writes {4, 0.7, 0, 0.9, 3};
        QCOMPARE(modelAt(lesson, 2).sentence, u"the cat sat . the"_qs);
        QCOMPARE(modelAt(lesson, 2).generate, std::optional<Generation>(writes));
        QCOMPARE(modelAt(lesson, 3).generate, std::optional<Generation>(writes));
        QCOMPARE(modelAt(lesson, 3).layer, 0);
        QVERIFY(!modelAt(lesson, 4).generate);
        QVERIFY(!modelAt(lesson, 1).generate);
        const LessonLoad again = parseLesson(serializeLesson(lesson));
        QVERIFY2(again, qPrintable(again.error.toString()));
        QCOMPARE(*again.lesson, lesson);
        // Without its model nothing is checked, and the report says why.
        const std::vector<ExerciseStatus> statuses = checkSolutions(lesson);
        QCOMPARE(statuses.size(), std::size_t(1));
        QVERIFY(!statuses[0].met());
        QVERIFY2(statuses[0].detail.contains(u"runs a model"_qs), qPrintable(statuses[0].detail));
        // The runner gets each step's sentence and layer, the solution's for a goal.
        std::vector<ModelStart> asked;
        const auto runner = [&asked](const ModelStart &m, QString *) -> std::optional<qkv::Document> {
            asked.push_back(m);
            return qkv::loadDocument(u"example:animal"_qs).document;
        };
        checkSolutions(lesson, runner);
        QCOMPARE(asked.size(), std::size_t(2));
        QCOMPARE(asked[0], modelAt(lesson, 1));
        QCOMPARE(asked[1], solved);
    }

    // A later step's document is the start with every state before it applied; null takes a word
    // back to its default vectors.
    void stepsChangeTheDocumentInOrder()
    {
        Lesson lesson = readme();
        lesson.steps[1].state.document = json(R"({"words":{"it":{"q":[1,0,0]}}})").toObject();
        lesson.steps[2].state.document = json(R"({"words":{"it":{"k":[0,0,1]}}})").toObject();
        lesson.steps[3].state.document = json(R"({"words":{"animal":null}})").toObject();
        const qkv::Document start = documentAt(lesson, 0);
        const qkv::Document third = documentAt(lesson, 2);
        QVERIFY(qkv::sameMatrix(third.wordVectors(u"it"_qs).q, Eigen::RowVector3d(1, 0, 0)));
        QVERIFY(qkv::sameMatrix(third.wordVectors(u"it"_qs).k, Eigen::RowVector3d(0, 0, 1)));
        QVERIFY(qkv::sameMatrix(third.wordVectors(u"it"_qs).v, start.wordVectors(u"it"_qs).v));
        QVERIFY(third.wordVectors(u"animal"_qs) == start.wordVectors(u"animal"_qs));
        const qkv::Document fourth = documentAt(lesson, 3);
        QVERIFY(!fourth.storedWords().contains(u"animal"_qs));
        QVERIFY(documentAt(lesson, 4).settings().normalization == qkv::Normalization::Softmax);
        QVERIFY(start.settings().normalization == qkv::Normalization::Softmax); // the example's own
    }

    // Answers are kept in the student's document, survive saving, and are graded against the
    // document's own numbers.
    void answersAreGraded()
    {
        const Lesson lesson = readme();
        qkv::Document doc = documentAt(lesson, 4);
        std::vector<ExerciseStatus> s = checkDocument(lesson, doc);
        QCOMPARE(s.size(), std::size_t(4));
        for (const ExerciseStatus &status : s)
            QVERIFY(status.state != ExerciseState::Met);
        QCOMPARE(s[0].state, ExerciseState::Unanswered);
        QCOMPARE(s[3].state, ExerciseState::NotMet); // a goal is never unanswered: it is the document
        QCOMPARE(s[3].checks.size(), std::size_t(2));
        QCOMPARE(s[3].checks[0].detail, u"0.1189, needs ≥ 0.6"_qs);

        // weight(it, animal) is 0.11894: 0.1 is 0.019 away, within the tolerance of 0.02; 0.098 is not.
        setAnswer(doc, u"step-2"_qs, 0.1);
        setAnswer(doc, u"step-3"_qs, u"animal"_qs);
        setAnswer(doc, u"step-4"_qs, 2);
        const qkv::LoadResult saved = qkv::parseDocument(qkv::serializeDocument(doc));
        QVERIFY(saved);
        s = checkDocument(lesson, *saved.document);
        QCOMPARE(s[0].state, ExerciseState::Met);
        QCOMPARE(s[0].detail, u"answered 0.1; weight(it, animal) is 0.1189"_qs);
        QCOMPARE(s[1].state, ExerciseState::NotMet);
        QCOMPARE(s[1].detail, u"answered animal; it attends most to tired (0.1865)"_qs);
        QCOMPARE(s[2].state, ExerciseState::Met);

        setAnswer(doc, u"step-2"_qs, 0.098);
        setAnswer(doc, u"step-3"_qs, u"#11"_qs); // tired, by position
        s = checkDocument(lesson, doc);
        QCOMPARE(s[0].state, ExerciseState::NotMet);
        QCOMPARE(s[1].state, ExerciseState::Met);

        QString why;
        const std::optional<qkv::Document> solved = applyState(doc, lesson.steps[4].exercise->solution, &why);
        QVERIFY2(solved, qPrintable(why));
        QCOMPARE(checkDocument(lesson, *solved)[3].state, ExerciseState::Met);
    }

    void reportIsJson()
    {
        const Lesson lesson = readme();
        const QJsonObject report = reportToJson(lesson, checkSolutions(lesson));
        QCOMPARE(report.value(u"total"_qs).toInt(), 4);
        QCOMPARE(report.value(u"met"_qs).toInt(), 4);
        QCOMPARE(report.value(u"all_met"_qs).toBool(), true);
        const QJsonObject goal = report.value(u"exercises"_qs).toArray()[3].toObject();
        QCOMPARE(goal.value(u"step"_qs).toInt(), 5);
        QCOMPARE(goal.value(u"kind"_qs).toString(), u"goal"_qs);
        QCOMPARE(goal.value(u"checks"_qs).toArray().size(), 2);
    }

    // Recorded steps give back, step by step, the documents they were recorded on, and the lesson
    // saves and reads back; moving a step moves it.
    void recordedStepsGiveBackTheirDocuments()
    {
        qkv::Document doc = *qkv::loadDocument(u"example:animal"_qs).document;
        Lesson lesson = lessonFrom(doc, u"Recorded"_qs);
        std::vector<qkv::Document> recorded;
        const auto record = [&](const QString &token) {
            Step step = recordStep(lesson, doc, token, -1, {u"heatmap"_qs});
            step.text = u"Step %1"_qs.arg(lesson.steps.size() + 1);
            lesson.steps.push_back(step);
            recorded.push_back(doc);
        };
        record(u"it"_qs);
        QVERIFY(lesson.steps[0].state.document.isEmpty()); // nothing changed yet
        doc.setValue({qkv::Field::Key, u"animal"_qs, 0, 0, 1}, 2.5);
        record(u"animal"_qs);
        QCOMPARE(lesson.steps[1].state.document,
            json(R"({"words":{"animal":{"k":[0.6,2.5,0.4]}}})").toObject()); // only what changed
        qkv::Settings s = doc.settings();
        s.normalization = qkv::Normalization::ScaledSoftmax;
        doc.setSettings(s);
        doc.removeWordVectors(u"the"_qs);
        doc.setSentence(u"The animal was tired"_qs);
        record(u"#2"_qs);
        QVERIFY(lesson.steps[2].state.document.value(u"words"_qs).toObject().value(u"the"_qs).isNull());
        for (std::size_t i = 0; i < recorded.size(); ++i)
            QVERIFY2(documentAt(lesson, int(i)) == recorded[i], qPrintable(QString::number(i)));
        const LessonLoad again = parseLesson(serializeLesson(lesson));
        QVERIFY2(again, qPrintable(again.error.toString()));
        QCOMPARE(*again.lesson, lesson);
        moveStep(lesson, 2, 0);
        QCOMPARE(lesson.steps[0].text, u"Step 3"_qs);
        QCOMPARE(lesson.steps[1].text, u"Step 1"_qs);
        moveStep(lesson, 0, 9); // out of range: nothing
        QCOMPARE(lesson.steps[0].text, u"Step 3"_qs);
    }

    // Every lesson shipped reads, each solution meets its exercise, and no goal is met before
    // the student does anything.
    void bundledLessonsHold()
    {
        const QStringList names = bundledLessonNames();
        QVERIFY(names.contains(u"self-attention"_qs));
        for (const QString &name : names) {
            const LessonLoad loaded = loadLesson(QStringLiteral("lesson:") + name);
            QVERIFY2(loaded, qPrintable(loaded.error.toString()));
            if (loaded.lesson->model)
                continue; // run with its model in tests/app/tst_modellesson
            int exercises = 0;
            for (const ExerciseStatus &s : checkSolutions(*loaded.lesson)) {
                const QString where = QStringLiteral("%1 step %2: %3").arg(name).arg(s.step + 1).arg(s.detail);
                QVERIFY2(s.met(), qPrintable(where));
                QVERIFY2(!s.metBefore, qPrintable(where));
                ++exercises;
            }
            QVERIFY2(exercises >= 2, qPrintable(name));
        }
        QVERIFY(!loadLesson(u"lesson:nothing"_qs));
    }
};

QTEST_GUILESS_MAIN(TstLessons)
#include "tst_lessons.moc"
