#include "lessons/lessonio.h"

#include "document/examples.h"
#include "document/jsonfields.h"
#include "export/figurekind.h"
#include "lessons/goal.h"
#include "lessons/mergepatch.h"

#include <QDir>
#include <QFile>

namespace qkv::lessons {
namespace {

using namespace json;

const QString formatName = QStringLiteral("qkvlab-lesson");
// More layers than any checkpoint has; the model itself says how many it has when it runs.
constexpr int maxModelLayers = 1 << 16;

// Every key of an object must be one this reader knows: a misspelt "hint" would otherwise be lost
// without a word, and a teacher would not know why the hint never shows.
void onlyKeys(const QJsonObject &o, const QString &path, const QStringList &known, const QString &what)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key()))
            fail(child(path, it.key()),
                QStringLiteral("unknown key: %1 has \"%2\"").arg(what, known.join(QStringLiteral("\", \""))));
}

QString optionalString(const QJsonObject &o, const QString &key, const QString &path)
{
    return o.contains(key) ? string(o.value(key), child(path, key)) : QString();
}

QStringList strings(const QJsonValue &v, const QString &path, const QString &what)
{
    const QJsonArray a = array(v, path, -1, what);
    QStringList out;
    for (qsizetype i = 0; i < a.size(); ++i)
        out << string(a[i], child(path, i));
    return out;
}

// {"tokens": N, "temperature": T, "top_k": K, "top_p": P, "seed": S}: only "tokens" is needed.
Generation readGeneration(const QJsonValue &v, const QString &path)
{
    const QJsonObject o = object(v, path);
    onlyKeys(o, path,
        {QStringLiteral("tokens"), QStringLiteral("temperature"), QStringLiteral("top_k"), QStringLiteral("top_p"),
            QStringLiteral("seed")},
        QStringLiteral("a generation"));
    Generation g;
    if (!o.contains(QStringLiteral("tokens")))
        fail(child(path, QStringLiteral("tokens")), QStringLiteral("missing: how many tokens the model writes"));
    g.tokens
        = integer(o.value(QStringLiteral("tokens")), child(path, QStringLiteral("tokens")), 1, maxLessonGeneration);
    if (o.contains(QStringLiteral("temperature"))) {
        const QString at = child(path, QStringLiteral("temperature"));
        g.temperature = number(o.value(QStringLiteral("temperature")), at);
        if (g.temperature < 0)
            fail(at, QStringLiteral("expected 0 (the likeliest token) or more, got %1").arg(g.temperature));
    }
    if (o.contains(QStringLiteral("top_k")))
        g.topK = integer(o.value(QStringLiteral("top_k")), child(path, QStringLiteral("top_k")), 0, 1 << 24);
    if (o.contains(QStringLiteral("top_p"))) {
        const QString at = child(path, QStringLiteral("top_p"));
        g.topP = number(o.value(QStringLiteral("top_p")), at);
        if (!(g.topP > 0 && g.topP <= 1))
            fail(at, QStringLiteral("expected a share above 0 and up to 1, got %1").arg(g.topP));
    }
    if (o.contains(QStringLiteral("seed")))
        g.seed = integer(o.value(QStringLiteral("seed")), child(path, QStringLiteral("seed")), 0, 2147483647);
    return g;
}

StepState readState(const QJsonValue &v, const QString &path)
{
    const QJsonObject o = object(v, path);
    onlyKeys(o, path,
        {QStringLiteral("document"), QStringLiteral("token"), QStringLiteral("head"), QStringLiteral("layer"),
            QStringLiteral("views"), QStringLiteral("highlight"), QStringLiteral("generate")},
        QStringLiteral("a state"));
    StepState s;
    if (o.contains(QStringLiteral("document")))
        s.document = object(o.value(QStringLiteral("document")), child(path, QStringLiteral("document")));
    s.token = optionalString(o, QStringLiteral("token"), path);
    if (o.contains(QStringLiteral("head")))
        s.head = integer(o.value(QStringLiteral("head")), child(path, QStringLiteral("head")), 1, limits::maxHeads) - 1;
    if (o.contains(QStringLiteral("layer")))
        s.layer
            = integer(o.value(QStringLiteral("layer")), child(path, QStringLiteral("layer")), 1, maxModelLayers) - 1;
    if (o.contains(QStringLiteral("generate")))
        s.generate = readGeneration(o.value(QStringLiteral("generate")), child(path, QStringLiteral("generate")));
    if (o.contains(QStringLiteral("views"))) {
        const QString viewsPath = child(path, QStringLiteral("views"));
        s.views = strings(o.value(QStringLiteral("views")), viewsPath, QStringLiteral("view names"));
        for (qsizetype i = 0; i < s.views.size(); ++i)
            if (!lessonViewNames().contains(s.views[i]))
                fail(child(viewsPath, i),
                    QStringLiteral("no view is called \"%1\"; the views are \"%2\"")
                        .arg(s.views[i], lessonViewNames().join(QStringLiteral("\", \""))));
    }
    if (o.contains(QStringLiteral("highlight"))) {
        const QString hPath = child(path, QStringLiteral("highlight"));
        const QJsonObject h = object(o.value(QStringLiteral("highlight")), hPath);
        onlyKeys(h, hPath, {QStringLiteral("token"), QStringLiteral("cell")}, QStringLiteral("a highlight"));
        if (h.size() != 1)
            fail(hPath, QStringLiteral("a highlight is a \"token\" or a \"cell\" [query, key]"));
        if (h.contains(QStringLiteral("token"))) {
            s.highlightQuery = string(h.value(QStringLiteral("token")), child(hPath, QStringLiteral("token")));
        } else {
            const QString cPath = child(hPath, QStringLiteral("cell"));
            const QJsonArray cell
                = array(h.value(QStringLiteral("cell")), cPath, 2, QStringLiteral("tokens [query, key]"));
            s.highlightQuery = string(cell[0], child(cPath, 0));
            s.highlightKey = string(cell[1], child(cPath, 1));
        }
    }
    return s;
}

QString readGoal(const QJsonObject &o, const QString &path, Goal::Kind kind)
{
    const QString goalPath = child(path, QStringLiteral("goal"));
    if (!o.contains(QStringLiteral("goal")))
        fail(goalPath,
            kind == Goal::Kind::Condition ? QStringLiteral("missing: a goal exercise has a \"goal\" condition")
                                          : QStringLiteral("missing: a prediction names the \"goal\" quantity"));
    QString text = string(o.value(QStringLiteral("goal")), goalPath);
    Goal::ParseError error;
    if (!Goal::parse(text, kind, &error))
        fail(goalPath, QStringLiteral("column %1: %2").arg(error.column).arg(error.message));
    return text;
}

Exercise readExercise(const QJsonValue &v, const QString &path, int step)
{
    const QJsonObject o = object(v, path);
    static const QStringList kinds {QStringLiteral("goal"), QStringLiteral("predict-number"),
        QStringLiteral("predict-cell"), QStringLiteral("choice")};
    const QString kindPath = child(path, QStringLiteral("kind"));
    if (!o.contains(QStringLiteral("kind")))
        fail(kindPath, QStringLiteral("missing: one of \"%1\"").arg(kinds.join(QStringLiteral("\", \""))));
    const QString kindName = string(o.value(QStringLiteral("kind")), kindPath);
    if (!kinds.contains(kindName))
        fail(kindPath,
            QStringLiteral("expected one of \"%1\", got \"%2\"").arg(kinds.join(QStringLiteral("\", \"")), kindName));
    Exercise e;
    e.kind = static_cast<ExerciseKind>(kinds.indexOf(kindName));
    QStringList known {QStringLiteral("kind"), QStringLiteral("id"), QStringLiteral("prompt"), QStringLiteral("hints")};
    e.id = o.contains(QStringLiteral("id")) ? string(o.value(QStringLiteral("id")), child(path, QStringLiteral("id")))
                                            : QStringLiteral("step-%1").arg(step + 1);
    e.prompt = optionalString(o, QStringLiteral("prompt"), path);
    if (o.contains(QStringLiteral("hints")))
        e.hints
            = strings(o.value(QStringLiteral("hints")), child(path, QStringLiteral("hints")), QStringLiteral("hints"));
    switch (e.kind) {
    case ExerciseKind::Goal:
        known << QStringLiteral("goal") << QStringLiteral("solution");
        e.goal = readGoal(o, path, Goal::Kind::Condition);
        if (o.contains(QStringLiteral("solution")))
            e.solution = readState(o.value(QStringLiteral("solution")), child(path, QStringLiteral("solution")));
        break;
    case ExerciseKind::PredictNumber:
        known << QStringLiteral("goal") << QStringLiteral("tolerance");
        e.goal = readGoal(o, path, Goal::Kind::Quantity);
        e.tolerance = 0.005;
        if (o.contains(QStringLiteral("tolerance")))
            e.tolerance = number(o.value(QStringLiteral("tolerance")), child(path, QStringLiteral("tolerance")));
        if (e.tolerance < 0)
            fail(child(path, QStringLiteral("tolerance")), QStringLiteral("a tolerance is at least 0"));
        break;
    case ExerciseKind::PredictCell:
        known << QStringLiteral("query") << QStringLiteral("head");
        if (!o.contains(QStringLiteral("query")))
            fail(child(path, QStringLiteral("query")), QStringLiteral("missing: the token whose row is predicted"));
        e.query = string(o.value(QStringLiteral("query")), child(path, QStringLiteral("query")));
        if (o.contains(QStringLiteral("head")))
            e.head = integer(o.value(QStringLiteral("head")), child(path, QStringLiteral("head")), 1, limits::maxHeads)
                - 1;
        break;
    case ExerciseKind::Choice: {
        known << QStringLiteral("choices") << QStringLiteral("answer");
        const QString choicesPath = child(path, QStringLiteral("choices"));
        e.choices = strings(o.value(QStringLiteral("choices")), choicesPath, QStringLiteral("choices"));
        if (e.choices.size() < 2)
            fail(choicesPath, QStringLiteral("a choice needs at least 2 answers to choose from"));
        const QString answerPath = child(path, QStringLiteral("answer"));
        if (!o.contains(QStringLiteral("answer")))
            fail(answerPath, QStringLiteral("missing: the number of the right choice, 1 for the first"));
        e.answer = integer(o.value(QStringLiteral("answer")), answerPath, 1, static_cast<int>(e.choices.size())) - 1;
        break;
    }
    }
    onlyKeys(o, path, known, QStringLiteral("a \"%1\" exercise").arg(kindName));
    return e;
}

Step readStep(const QJsonValue &v, const QString &path, int index)
{
    const QJsonObject o = object(v, path);
    onlyKeys(o, path,
        {QStringLiteral("title"), QStringLiteral("text"), QStringLiteral("state"), QStringLiteral("exercise")},
        QStringLiteral("a step"));
    Step s;
    s.title = optionalString(o, QStringLiteral("title"), path);
    if (!o.contains(QStringLiteral("text")))
        fail(child(path, QStringLiteral("text")), QStringLiteral("missing: what the step says (Markdown)"));
    s.text = string(o.value(QStringLiteral("text")), child(path, QStringLiteral("text")));
    if (o.contains(QStringLiteral("state")))
        s.state = readState(o.value(QStringLiteral("state")), child(path, QStringLiteral("state")));
    if (o.contains(QStringLiteral("exercise")))
        s.exercise = readExercise(o.value(QStringLiteral("exercise")), child(path, QStringLiteral("exercise")), index);
    return s;
}

// The document a state leads to must be one the program reads; its errors are placed under the
// state ("steps[2].state.document → words.it.q: …").
QJsonObject patched(const QJsonObject &document, const StepState &state, const QString &path)
{
    QJsonObject out = applyMergePatch(document, state.document);
    const LoadResult loaded = readDocumentObject(out);
    if (!loaded)
        fail(child(path, QStringLiteral("document")),
            QStringLiteral("the document it leads to cannot be read: %1").arg(loaded.error.toString()));
    const QStringList tokens = loaded.document->tokens();
    for (const auto &[key, name] : {std::pair {QStringLiteral("token"), state.token},
             {QStringLiteral("highlight"), state.highlightQuery}, {QStringLiteral("highlight"), state.highlightKey}})
        if (!name.isEmpty() && !tokenIndex(tokens, name))
            fail(child(path, key), QStringLiteral("the sentence here has no token “%1”").arg(name));
    if (state.head >= loaded.document->settings().heads)
        fail(child(path, QStringLiteral("head")),
            QStringLiteral("there is no head %1 here: the document has %2")
                .arg(state.head + 1)
                .arg(loaded.document->settings().heads));
    return out;
}

ModelStart readModelStart(const QJsonObject &o)
{
    const QString path = QStringLiteral("start");
    onlyKeys(o, path,
        {QStringLiteral("model"), QStringLiteral("sentence"), QStringLiteral("layer"), QStringLiteral("head")},
        QStringLiteral("a model's start"));
    ModelStart m;
    m.model = string(o.value(QStringLiteral("model")), child(path, QStringLiteral("model")));
    if (m.model.isEmpty())
        fail(child(path, QStringLiteral("model")), QStringLiteral("names no model: a folder, hf:NAME or example:NAME"));
    if (!o.contains(QStringLiteral("sentence")))
        fail(child(path, QStringLiteral("sentence")), QStringLiteral("missing: the sentence the model runs on"));
    m.sentence = string(o.value(QStringLiteral("sentence")), child(path, QStringLiteral("sentence")));
    if (m.sentence.trimmed().isEmpty())
        fail(child(path, QStringLiteral("sentence")), QStringLiteral("the model needs a sentence to run on"));
    if (o.contains(QStringLiteral("layer")))
        m.layer
            = integer(o.value(QStringLiteral("layer")), child(path, QStringLiteral("layer")), 1, maxModelLayers) - 1;
    if (o.contains(QStringLiteral("head")))
        m.head = integer(o.value(QStringLiteral("head")), child(path, QStringLiteral("head")), 1, limits::maxHeads) - 1;
    return m;
}

// A lesson on a model changes what the model runs on, never its numbers: a state's document
// patch holds a sentence at most. The model tells its tokens, layers and heads when it runs.
void checkModelState(const StepState &state, const QString &path)
{
    const QString documentPath = child(path, QStringLiteral("document"));
    for (auto it = state.document.begin(); it != state.document.end(); ++it)
        if (it.key() != u"sentence")
            fail(child(documentPath, it.key()),
                QStringLiteral("a lesson on a model changes only its \"sentence\": the model computes the rest"));
    if (state.generate && !state.document.contains(QStringLiteral("sentence")))
        fail(child(path, QStringLiteral("generate")),
            QStringLiteral("a generation continues the step's own sentence: give {\"document\": {\"sentence\": …}}"));
    if (state.document.contains(QStringLiteral("sentence"))) {
        const QString sentence
            = string(state.document.value(QStringLiteral("sentence")), child(documentPath, QStringLiteral("sentence")));
        if (sentence.trimmed().isEmpty())
            fail(child(documentPath, QStringLiteral("sentence")),
                QStringLiteral("the model needs a sentence to run on"));
    }
}

Lesson readLesson(const QJsonObject &o)
{
    if (o.value(QStringLiteral("format")) != formatName)
        fail(QStringLiteral("format"), QStringLiteral("expected \"%1\": this is not a QKV Lab lesson").arg(formatName));
    if (!o.contains(QStringLiteral("version")))
        fail(QStringLiteral("version"), QStringLiteral("missing: expected 1"));
    const int version = integer(o.value(QStringLiteral("version")), QStringLiteral("version"), 1, 1000000);
    if (version != 1)
        fail(QStringLiteral("version"), QStringLiteral("version %1 is newer than this program reads (1)").arg(version));
    onlyKeys(o, {},
        {QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("title"), QStringLiteral("description"),
            QStringLiteral("start"), QStringLiteral("steps")},
        QStringLiteral("a lesson"));
    Lesson lesson;
    if (!o.contains(QStringLiteral("title")))
        fail(QStringLiteral("title"), QStringLiteral("missing: every lesson has a title"));
    lesson.title = string(o.value(QStringLiteral("title")), QStringLiteral("title"));
    lesson.description = optionalString(o, QStringLiteral("description"), {});

    const QJsonValue start = o.value(QStringLiteral("start"));
    if (start.isString() && start.toString().startsWith(QLatin1String("example:"))) {
        lesson.startExample = start.toString().mid(8);
        const LoadResult loaded = loadDocument(start.toString());
        if (!loaded)
            fail(QStringLiteral("start"), loaded.error.message);
        lesson.start = documentToJson(*loaded.document);
    } else if (start.isObject() && start.toObject().contains(QStringLiteral("model"))) {
        lesson.model = readModelStart(start.toObject());
    } else if (start.isObject()) {
        lesson.start = start.toObject();
        const LoadResult loaded = readDocumentObject(lesson.start);
        if (!loaded)
            fail(child(QStringLiteral("start"), loaded.error.path), loaded.error.message);
    } else {
        fail(QStringLiteral("start"),
            QStringLiteral("expected \"example:NAME\", a document or a model {\"model\": …, \"sentence\": …}, got %1")
                .arg(describeValue(start)));
    }

    const QJsonArray steps
        = array(o.value(QStringLiteral("steps")), QStringLiteral("steps"), -1, QStringLiteral("steps"));
    if (steps.isEmpty())
        fail(QStringLiteral("steps"), QStringLiteral("a lesson has at least one step"));
    QJsonObject document = lesson.start;
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString path = child(QStringLiteral("steps"), i);
        Step step = readStep(steps[i], path, static_cast<int>(i));
        const QString statePath = child(path, QStringLiteral("state"));
        const bool solved
            = step.exercise && step.exercise->kind == ExerciseKind::Goal && !step.exercise->solution.isEmpty();
        const QString solutionPath = child(child(path, QStringLiteral("exercise")), QStringLiteral("solution"));
        if (lesson.model) {
            checkModelState(step.state, statePath);
            if (solved)
                checkModelState(step.exercise->solution, solutionPath);
        } else {
            const auto noLayer = [](const StepState &state, const QString &where) {
                if (state.layer >= 0)
                    fail(child(where, QStringLiteral("layer")), QStringLiteral("only a lesson on a model has layers"));
                if (state.generate)
                    fail(child(where, QStringLiteral("generate")),
                        QStringLiteral("only a lesson on a model writes: a document's numbers are typed"));
            };
            noLayer(step.state, statePath);
            document = patched(document, step.state, statePath);
            if (solved) {
                noLayer(step.exercise->solution, solutionPath);
                patched(document, step.exercise->solution, solutionPath);
            }
        }
        lesson.steps.push_back(std::move(step));
    }
    return lesson;
}

} // namespace

bool StepState::isEmpty() const
{
    return *this == StepState {};
}

QStringList lessonViewNames()
{
    QStringList names = figureKindNames();
    names.removeAll(figureKindName(FigureKind::Figure));
    return names << QStringLiteral("tables");
}

LessonLoad parseLesson(const QByteArray &json, const QString &fileName)
{
    LessonLoad result;
    result.error.file = fileName;
    if (const std::optional<QJsonObject> top = parseJsonObject(json, result.error))
        result.lesson = readPlaced(*top, result.error, readLesson);
    return result;
}

LessonLoad loadLesson(const QString &fileOrBundled)
{
    LessonLoad r;
    r.error.file = fileOrBundled;
    if (fileOrBundled.startsWith(QLatin1String("lesson:"))) {
        const QByteArray bytes = bundledLessonBytes(fileOrBundled.mid(7));
        if (bytes.isEmpty()) {
            r.error.message = QStringLiteral("no such lesson; the bundled lessons are %1")
                                  .arg(bundledLessonNames().join(QStringLiteral(", ")));
            return r;
        }
        return parseLesson(bytes, fileOrBundled);
    }
    const std::optional<QByteArray> bytes = readLimitedFile(fileOrBundled, &r.error.message);
    if (!bytes)
        return r;
    return parseLesson(*bytes, fileOrBundled);
}

QStringList bundledLessonNames()
{
    QStringList names;
    for (const QString &file : QDir(QStringLiteral(":/lessons")).entryList({QStringLiteral("*.qkvlesson.json")}))
        names << file.chopped(static_cast<qsizetype>(sizeof(".qkvlesson.json") - 1));
    return names;
}

QByteArray bundledLessonBytes(const QString &name)
{
    if (!bundledLessonNames().contains(name))
        return {};
    QFile file(QStringLiteral(":/lessons/%1.qkvlesson.json").arg(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace qkv::lessons
