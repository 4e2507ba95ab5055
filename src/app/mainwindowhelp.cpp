#include "app/mainwindow.h"

#include "ui_mainwindow.h"

#include "app/examplenotedock.h"
#include "app/glossary.h"
#include "app/helpdock.h"
#include "app/whatsthis.h"
#include "app/zoomcontroller.h"
#include "document/documentio.h"
#include "document/examplenotes.h"
#include "livemodel/bundledmodels.h"
#include "livemodel/livesession.h"

#include <QWhatsThis>
#include <QWhatsThisClickedEvent>
#include <QWindow>

// Help for a beginner (the guide, the glossary, What's This on every control) and View → Zoom.
namespace qkv {

void MainWindow::setUpHelp()
{
    // A tab over the settings, so that an example opens with its note above its worked computation.
    m_noteDock = new ExampleNoteDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_noteDock);
    tabifyDockWidget(m_ui->settingsDock, m_noteDock);
    m_ui->settingsDock->raise();
    m_ui->menuView->addAction(m_noteDock->toggleViewAction());
    m_helpDock = new HelpDock(this);
    addDockWidget(Qt::RightDockWidgetArea, m_helpDock);
    m_helpDock->hide();
    auto *guide = new QAction(tr("&Getting Started"), this);
    guide->setObjectName(QStringLiteral("actionGuide"));
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setStatusTip(tr("A short illustrated guide to the first five minutes"));
    connect(guide, &QAction::triggered, m_helpDock, &HelpDock::showGuide);
    auto *glossary = new QAction(tr("G&lossary"), this);
    glossary->setObjectName(QStringLiteral("actionGlossary"));
    glossary->setStatusTip(tr("Every term the window uses, in plain words with one formula each"));
    connect(glossary, &QAction::triggered, m_helpDock, [this] { m_helpDock->showGlossary(); });
    auto *manual = new QAction(tr("&Manual"), this);
    manual->setObjectName(QStringLiteral("actionManual"));
    manual->setStatusTip(tr("Everything the window and the command line do, for reference"));
    connect(manual, &QAction::triggered, m_helpDock, [this] { m_helpDock->showManual(); });
    QAction *whatsThis = QWhatsThis::createAction(this);
    whatsThis->setObjectName(QStringLiteral("actionWhatsThis"));
    whatsThis->setShortcut(QKeySequence::WhatsThis);
    m_ui->menuHelp->insertActions(m_ui->actionAbout, {guide, glossary, manual, whatsThis});
    m_ui->menuHelp->insertSeparator(m_ui->actionAbout);
    m_ui->menuView->addAction(m_helpDock->toggleViewAction());
    // A link in a What's This text opens its glossary entry (the click goes to the widget).
    installWhatsThis(this, this);
}

void MainWindow::showExampleNote(const QString &fileOrExample)
{
    const QString name = fileOrExample.startsWith(u"example:") ? fileOrExample.mid(8) : QString();
    // A built-in model or an example without a note is still a bundled example: its description.
    QString sentence, about;
    if (live::isBundledModel(fileOrExample)) {
        about = live::bundledModelDescription(name);
        sentence = m_live->isOpen() ? m_live->sentence() : QString();
    } else if (!name.isEmpty()) {
        const LoadResult loaded = loadDocument(fileOrExample);
        sentence = loaded ? loaded.document->sentence() : QString();
        about = loaded ? loaded.document->description() : QString();
    }
    m_noteDock->setExample(name, sentence, about);
    if (!exampleNote(name).isEmpty())
        m_noteDock->raise();
}

bool MainWindow::eventFilter(QObject *, QEvent *event)
{
    if (event->type() == QEvent::WhatsThisClicked) {
        const QString id = glossaryIdOfLink(static_cast<QWhatsThisClickedEvent *>(event)->href());
        if (glossaryEntry(id)) {
            QWhatsThis::hideText();
            m_helpDock->showGlossary(id);
            return true;
        }
    }
    return false;
}

void MainWindow::setUpZoom()
{
    m_zoom = new ZoomController(this);
    QList<QWidget *> targets {centralWidget()};
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        targets << dock;
    m_zoom->setTargets(targets);
    QMenu *zoom = m_ui->menuView->addMenu(tr("&Zoom"));
    zoom->setObjectName(QStringLiteral("menuZoom"));
    const auto add = [&](const QString &text, const QString &name, const QList<QKeySequence> &keys, auto slot) {
        QAction *a = zoom->addAction(text);
        a->setObjectName(name);
        a->setShortcuts(keys);
        connect(a, &QAction::triggered, m_zoom, slot);
        addAction(a); // the keys work while the menu bar is hidden too
        return a;
    };
    add(tr("Zoom &In"), QStringLiteral("actionZoomIn"),
        {QKeySequence(Qt::CTRL | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::Key_Plus)}, &ZoomController::zoomIn);
    add(tr("Zoom &Out"), QStringLiteral("actionZoomOut"), {QKeySequence(Qt::CTRL | Qt::Key_Minus)},
        &ZoomController::zoomOut);
    add(tr("&Actual Size"), QStringLiteral("actionZoomReset"), {QKeySequence(Qt::CTRL | Qt::Key_0)},
        &ZoomController::reset);
    connect(m_zoom, &ZoomController::zoomChanged, this,
        [this](double factor) { statusBar()->showMessage(tr("Zoom %1 %").arg(qRound(factor * 100)), 3000); });
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_zoomFollowsScreen)
        return;
    m_zoomFollowsScreen = true;
    m_zoom->followScreen();
    connect(windowHandle(), &QWindow::screenChanged, m_zoom, &ZoomController::followScreen);
}

} // namespace qkv
