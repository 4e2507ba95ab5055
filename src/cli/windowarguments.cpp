#include "cli/windowarguments.h"

#include "cli/cliprint.h"
#include "cli/commandline.h"
#include "document/examples.h"
#include "lessons/lessonio.h"
#include "livemodel/bundledmodels.h"
#include "livemodel/livemodel.h"
#include "platform/fileread.h"

#include <QFileInfo>

namespace qkv::cli {
namespace {

// The options QGuiApplication and QApplication take for themselves (-name or --name, value after a
// space or an '=').
const QStringList qtOptionsWithValue {QStringLiteral("platform"), QStringLiteral("platformpluginpath"),
    QStringLiteral("platformtheme"), QStringLiteral("plugin"), QStringLiteral("qwindowgeometry"),
    QStringLiteral("qwindowicon"), QStringLiteral("qwindowtitle"), QStringLiteral("display"),
    QStringLiteral("geometry"), QStringLiteral("style"), QStringLiteral("stylesheet"), QStringLiteral("session"),
    QStringLiteral("name"), QStringLiteral("title")};
const QStringList qtFlags {QStringLiteral("reverse"), QStringLiteral("widgetcount"), QStringLiteral("nograb"),
    QStringLiteral("dograb"), QStringLiteral("sync"), QStringLiteral("testability")};

WindowArguments failed(int status)
{
    return {{}, status};
}

// Why the window cannot open `file`, said on `err` (the status), or -1 when it can try.
int checkFile(const QString &file, FILE *err)
{
    if (file.startsWith(u"example:")) {
        if (exampleNames().contains(file.mid(8)) || live::isBundledModel(file))
            return -1;
        print(err, QStringLiteral("qkvlab: %1: no such example; `qkvlab examples` lists them\n").arg(file));
        return 1;
    }
    if (file.startsWith(u"lesson:")) {
        if (lessons::bundledLessonNames().contains(file.mid(7)))
            return -1;
        print(err, QStringLiteral("qkvlab: %1: no such lesson; `qkvlab lesson list` lists them\n").arg(file));
        return 1;
    }
    if (file.startsWith(u"hf:") || live::isModelLocation(file))
        return -1;
    if (!QFileInfo::exists(file)) {
        // A bare word is more likely a command mistyped than a file.
        if (!file.contains(u'/') && !file.contains(u'.'))
            return usageError(err, QStringLiteral("'%1' is not a command, a file, example:NAME or hf:NAME").arg(file));
        print(err, QStringLiteral("qkvlab: %1: no such file\n").arg(file));
        return 1;
    }
    if (const QString why = notARegularFile(file); !why.isEmpty()) {
        print(err,
            QStringLiteral("qkvlab: %1: %2; the window opens files%3\n")
                .arg(file, why,
                    QFileInfo(file).isDir() ? QStringLiteral(" and model folders (with a config.json)")
                                            : QStringLiteral(" (`qkvlab compute` reads a pipe)")));
        return 1;
    }
    return -1;
}

} // namespace

WindowArguments parseWindowArguments(const QStringList &arguments, FILE *err)
{
    QStringList files;
    bool optionsEnd = false;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &arg = arguments[i];
        if (optionsEnd || arg == u"-" || !arg.startsWith(u'-')) {
            files << arg;
            continue;
        }
        if (arg == u"--") {
            optionsEnd = true;
            continue;
        }
        const QString name = arg.mid(arg.startsWith(u"--") ? 2 : 1).section(u'=', 0, 0);
        if (qtFlags.contains(name) || (qtOptionsWithValue.contains(name) && arg.contains(u'=')))
            continue;
        if (qtOptionsWithValue.contains(name)) {
            if (++i < arguments.size())
                continue;
            return failed(usageError(err, QStringLiteral("%1 needs a value").arg(arg)));
        }
        return failed(unknownOption(err, {}, arg));
    }
    if (files.isEmpty())
        return {};
    // The first word is said wrong first: `qkvlab comptue FILE` is a command mistyped.
    if (const int status = checkFile(files.first(), err); status >= 0)
        return failed(status);
    if (files.size() > 1)
        return failed(usageError(
            err, QStringLiteral("the window opens one FILE; given %1: %2").arg(files.size()).arg(files.join(u", "))));
    return {files.first(), -1};
}

} // namespace qkv::cli
