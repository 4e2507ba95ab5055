#include "cli/lessoncommand.h"

#include "arguments/commandoptions.h"
#include "cli/cliprint.h"
#include "cli/commandline.h"
#include "document/documentio.h"
#include "document/jsonwriter.h"
#include "lessons/lessoncheck.h"
#include "lessons/lessonio.h"
#include "livemodel/sessionfile.h"
#include "workspace/lessonmodel.h"

namespace qkv::cli {
namespace {

int list(const QStringList &args, FILE *out, FILE *err)
{
    if (const auto parsed = parseNoArguments(u"lesson list", args); !parsed.options)
        return stopped(parsed, QStringLiteral("lesson list"), out, err);
    for (const QString &name : lessons::bundledLessonNames()) {
        const lessons::LessonLoad loaded = lessons::loadLesson(QStringLiteral("lesson:") + name);
        print(out,
            QStringLiteral("lesson:%1\t%2\n")
                .arg(name, loaded ? loaded.lesson->title : QStringLiteral("(unreadable)")));
    }
    return 0;
}

int check(const QStringList &args, FILE *out, FILE *err)
{
    const Parsed<LessonCheckOptions> parsed = parseLessonCheckArguments(args);
    if (!parsed.options)
        return stopped(parsed, QStringLiteral("lesson check"), out, err);
    const bool solutions = parsed.options->solutions;
    const QStringList files {parsed.options->lesson, parsed.options->document};
    const lessons::LessonLoad lesson = lessons::loadLesson(files[0]);
    if (!lesson) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(lesson.error.toString()));
        return 2;
    }
    std::vector<lessons::ExerciseStatus> statuses;
    const auto refuse = [err](const QString &message) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(message));
        return 2;
    };
    if (solutions && lesson.lesson->model) {
        // Each step's sentence runs through the lesson's model.
        QString error;
        std::shared_ptr<const live::LiveModel> model
            = live::LiveModel::open(lessonModelLocation(lesson.lesson->model->model, files[0]), &error);
        if (!model)
            return refuse(QStringLiteral("%1: start.model: %2").arg(files[0], error));
        statuses = lessons::checkSolutions(*lesson.lesson, lessonModelRunner(std::move(model)));
    } else if (solutions) {
        statuses = lessons::checkSolutions(*lesson.lesson);
    } else if (live::isSessionFileName(files[1])) {
        // A model as the student left it: run again, the shown layer's document checked.
        const live::SessionLoad loaded = live::loadSession(files[1]);
        if (!loaded)
            return refuse(loaded.error.toString());
        const live::SessionFile &s = *loaded.session;
        const QString location = live::locateModel(s, files[1]);
        if (location.isEmpty())
            return refuse(QStringLiteral("%1: the model %2 is not there").arg(files[1], s.model));
        QString error;
        const std::shared_ptr<const live::LiveModel> model = live::LiveModel::open(location, &error);
        if (!model)
            return refuse(QStringLiteral("%1: %2").arg(files[1], error));
        std::optional<Document> doc = lessonModelDocument(
            *model, {s.model, s.sentence, s.layer, s.head, std::nullopt}, s.interventions, &error);
        if (!doc)
            return refuse(QStringLiteral("%1: %2").arg(files[1], error));
        lessons::setAnswers(*doc, s.lessonAnswers);
        statuses = lessons::checkDocument(*lesson.lesson, *doc);
    } else {
        const LoadResult document = loadDocument(files[1]);
        if (!document)
            return refuse(document.error.toString());
        statuses = lessons::checkDocument(*lesson.lesson, *document.document);
    }
    const QJsonObject report = lessons::reportToJson(*lesson.lesson, statuses);
    write(out, toPrettyJson(report));
    return report.value(QStringLiteral("all_met")).toBool() ? 0 : 1;
}

} // namespace

int runLesson(const QStringList &args, FILE *out, FILE *err)
{
    const QString sub = args.value(0);
    if (sub == u"check")
        return check(args.mid(1), out, err);
    if (sub == u"list")
        return list(args.mid(1), out, err);
    return usageError(err,
        sub.isEmpty() ? QStringLiteral("lesson needs check or list")
                      : QStringLiteral("lesson: unknown command '%1'; it has check and list").arg(sub));
}

} // namespace qkv::cli
