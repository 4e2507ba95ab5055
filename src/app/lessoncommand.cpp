#include "app/lessoncommand.h"

#include "app/cliprint.h"
#include "document/documentio.h"
#include "document/jsonwriter.h"
#include "lessons/lessoncheck.h"
#include "lessons/lessonio.h"

namespace qkv::app {
namespace {

int list(const QStringList &args, FILE *out, FILE *err)
{
    if (!args.isEmpty())
        return usageError(err, QStringLiteral("lesson list takes no arguments"));
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
    QStringList files;
    bool solutions = false;
    for (const QString &arg : args) {
        if (arg == u"--solutions")
            solutions = true;
        else if (arg.size() > 1 && arg.startsWith(u'-'))
            return usageError(err, QStringLiteral("lesson check: unknown option '%1'").arg(arg));
        else
            files << arg;
    }
    if (files.size() != (solutions ? 1 : 2))
        return usageError(
            err, QStringLiteral("lesson check takes a LESSON and a DOCUMENT, or a LESSON and --solutions"));
    const lessons::LessonLoad lesson = lessons::loadLesson(files[0]);
    if (!lesson) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(lesson.error.toString()));
        return 2;
    }
    std::vector<lessons::ExerciseStatus> statuses;
    if (solutions) {
        statuses = lessons::checkSolutions(*lesson.lesson);
    } else {
        const LoadResult document = loadDocument(files[1]);
        if (!document) {
            print(err, QStringLiteral("qkvlab: %1\n").arg(document.error.toString()));
            return 2;
        }
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

} // namespace qkv::app
