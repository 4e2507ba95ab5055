// Help for a beginner: the guide, the glossary, the manual, What's This, and the example's note.
#include "app/helpmenu.h"

#include "panels/examplenotedock.h"
#include "panels/glossary.h"
#include "panels/helpdock.h"
#include "panels/whatsthis.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include "document/documentio.h"
#include "document/examplenotes.h"
#include "livemodel/bundledmodels.h"
#include "livemodel/livesession.h"

#include <QMainWindow>
#include <QWhatsThis>
#include <QWhatsThisClickedEvent>

namespace qkv {

HelpMenu::HelpMenu(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace)
    : QObject(window)
    , m_workspace(workspace)
    , m_noteDock(new ExampleNoteDock(window))
    , m_helpDock(new HelpDock(window))
{
    // A tab over the settings, so that an example opens with its note above its worked computation.
    window->addDockWidget(Qt::RightDockWidgetArea, m_noteDock);
    window->tabifyDockWidget(ui->settingsDock, m_noteDock);
    ui->settingsDock->raise();
    ui->menuView->addAction(m_noteDock->toggleViewAction());
    window->addDockWidget(Qt::RightDockWidgetArea, m_helpDock);
    m_helpDock->hide();
    auto *guide = new QAction(tr("&Getting Started"), window);
    guide->setObjectName(QStringLiteral("actionGuide"));
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setStatusTip(tr("A short illustrated guide to the first five minutes"));
    connect(guide, &QAction::triggered, m_helpDock, &HelpDock::showGuide);
    auto *glossary = new QAction(tr("G&lossary"), window);
    glossary->setObjectName(QStringLiteral("actionGlossary"));
    glossary->setStatusTip(tr("Every term the window uses, in plain words with one formula each"));
    connect(glossary, &QAction::triggered, m_helpDock, [this] { m_helpDock->showGlossary(); });
    auto *manual = new QAction(tr("&Manual"), window);
    manual->setObjectName(QStringLiteral("actionManual"));
    manual->setStatusTip(tr("Everything the window and the command line do, for reference"));
    connect(manual, &QAction::triggered, m_helpDock, [this] { m_helpDock->showManual(); });
    QAction *whatsThis = QWhatsThis::createAction(window);
    whatsThis->setObjectName(QStringLiteral("actionWhatsThis"));
    whatsThis->setShortcut(QKeySequence::WhatsThis);
    ui->menuHelp->insertActions(ui->actionAbout, {guide, glossary, manual, whatsThis});
    ui->menuHelp->insertSeparator(ui->actionAbout);
    ui->menuView->addAction(m_helpDock->toggleViewAction());
    // A link in a What's This text opens its glossary entry (the click goes to the widget).
    installWhatsThis(window, this);
}

void HelpMenu::showExampleNote(const QString &fileOrExample)
{
    const QString name = fileOrExample.startsWith(u"example:") ? fileOrExample.mid(8) : QString();
    // A built-in model or an example without a note is still a bundled example: its description.
    QString sentence, about;
    if (live::isBundledModel(fileOrExample)) {
        about = live::bundledModelDescription(name);
        sentence = m_workspace->live()->isOpen() ? m_workspace->live()->sentence() : QString();
    } else if (!name.isEmpty()) {
        const LoadResult loaded = loadDocument(fileOrExample);
        sentence = loaded ? loaded.document->sentence() : QString();
        about = loaded ? loaded.document->description() : QString();
    }
    m_noteDock->setExample(name, sentence, about);
    if (!exampleNote(name).isEmpty())
        m_noteDock->raise();
}

bool HelpMenu::eventFilter(QObject *, QEvent *event)
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

} // namespace qkv
