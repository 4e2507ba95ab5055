#include "appidentity.h"
#include "commandline.h"
#include "examples.h"
#include "mainwindow.h"
#include "memorytuning.h"

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
    if (qkv::app::isCommandLine(arguments)) {
        if (!qkv::app::needsGui(arguments)) {
            QCoreApplication app(argc, argv);
            return qkv::app::runCommandLine(QCoreApplication::arguments());
        }
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        return qkv::app::runCommandLine(QCoreApplication::arguments());
    }

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("QKV Lab"));
    QApplication::setOrganizationName(QStringLiteral("QKV Lab"));
    QApplication::setApplicationVersion(qkv::app::applicationVersion());
    // Ties the window to its launcher (Wayland app id, taskbar grouping) and gives it the icon.
    QGuiApplication::setDesktopFileName(qkv::app::applicationId());
    QApplication::setWindowIcon(qkv::app::applicationIcon());
    qkv::MainWindow window;
    const QStringList args = QApplication::arguments();
    const QString file = args.size() > 1 ? args.at(1) : QStringLiteral("example:") + qkv::defaultExampleName();
    if (!window.openDocument(file) && args.size() > 1)
        window.openDocument(QStringLiteral("example:") + qkv::defaultExampleName());
    window.show();
    QTimer::singleShot(0, &window, &qkv::MainWindow::offerRecovery);
    return QApplication::exec();
}
