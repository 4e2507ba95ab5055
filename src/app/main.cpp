#include "app/mainwindow.h"
#include "cli/appidentity.h"
#include "cli/commandline.h"
#include "cli/windowarguments.h"
#include "document/examples.h"
#include "panels/language.h"
#include "platform/cores.h"
#include "platform/memorytuning.h"

#include <QApplication>
#include <QCoreApplication>
#include <QTimer>

int main(int argc, char *argv[])
{
    qkv::tuneAllocatorForRecompute();
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    // Commands run without a display: figures are painted offscreen, the rest needs no GUI at all.
    if (qkv::cli::isCommandLine(arguments)) {
        if (!qkv::cli::needsGui(arguments)) {
            QCoreApplication app(argc, argv);
            qkv::app::installEnglishPlurals(app);
            return qkv::cli::runCommandLine(QCoreApplication::arguments());
        }
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        qkv::app::installEnglishPlurals(app);
        return qkv::cli::runCommandLine(QCoreApplication::arguments());
    }

    // Mistakes are said before any window opens (and without a display).
    const qkv::cli::WindowArguments given = qkv::cli::parseWindowArguments(arguments, stderr);
    if (given.status >= 0)
        return given.status;
    qkv::letWindowGoFirst(); // a model's threads yield a core to the window's
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("QKV Lab"));
    QApplication::setOrganizationName(QStringLiteral("QKV Lab"));
    QApplication::setApplicationVersion(qkv::cli::applicationVersion());
    // The window speaks the user's language; the command line stays English, as scripts expect.
    qkv::app::installTranslators(app);
    // Ties the window to its launcher (Wayland app id, taskbar grouping) and gives it the icon.
    QGuiApplication::setDesktopFileName(qkv::cli::applicationId());
    QApplication::setWindowIcon(qkv::cli::applicationIcon());
    qkv::MainWindow window;
    const QString example = QStringLiteral("example:") + qkv::defaultExampleName();
    const bool lesson
        = given.file.startsWith(QLatin1String("lesson:")) || given.file.endsWith(QLatin1String(".qkvlesson.json"));
    // A lesson lays out its docks as its first step asks: in a window already shown, or its tab
    // would not come to the front of its dock's group.
    if (lesson)
        window.show();
    if (lesson ? !window.openLesson(given.file)
               : !window.openDocument(given.file.isEmpty() ? example : given.file) && !given.file.isEmpty())
        window.openDocument(example);
    window.show();
    QTimer::singleShot(0, &window, &qkv::MainWindow::offerRecovery);
    return QApplication::exec();
}
