#include "app/mainwindow.h"

#include "app/shortcuts.h"
#include "app/toolicons.h"
#include "app/toolsmenu.h"
#include "app/zoomcontroller.h"
#include "panels/aboutdialog.h"
#include "panels/animationdialog.h"
#include "panels/examplenotedock.h"
#include "panels/exportdialog.h"
#include "panels/helpdock.h"
#include "panels/lessondock.h"

#include "ui_mainwindow.h"

#include "livemodel/livesession.h"
#include "session/attentionmodel.h"
#include "session/autosaver.h"
#include "session/documentsession.h"
#include "session/documenttablemodel.h"
#include "session/embeddingsmodel.h"
#include "session/livehistory.h"
#include "session/outputprojectionmodel.h"
#include "session/outputsmodel.h"
#include "session/projectionsmodel.h"
#include "session/transformersession.h"
#include "session/wordvectorsmodel.h"
#include "views/stagedrepaint.h"
#include "workspace/modelworkspace.h"

#include <QActionGroup>
#include <QCloseEvent>
#include <QGuiApplication>
#include <QLineEdit>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QToolButton>
#include <QUndoGroup>
#include <QWindow>

namespace qkv {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_ui(std::make_unique<Ui::MainWindow>())
    , m_session(new DocumentSession(this))
    , m_wordsModel(new WordVectorsModel(m_session, this))
    , m_embeddingsModel(new EmbeddingsModel(m_session, this))
    , m_projectionsModel(new ProjectionsModel(m_session, this))
    , m_woModel(new OutputProjectionModel(m_session, this))
    , m_attentionModel(new AttentionModel(m_session, this))
    , m_outputsModel(new OutputsModel(m_session, this))
    , m_autosaver(new Autosaver(m_session, Autosaver::defaultFolder(), this))
    , m_workspace(new ModelWorkspace(m_session, this))
    , m_transformer(m_workspace->transformer())
    , m_live(m_workspace->live())
    , m_liveHistory(m_workspace->history())
    , m_history(new QUndoGroup(this))
    , m_stagedRepaint(new StagedRepaint(this))
{
    m_ui->setupUi(this);
    // The settings scroll rather than widen their dock when the text is zoomed: the views keep
    // their room.
    auto *settingsScroll = new QScrollArea(m_ui->settingsDock);
    settingsScroll->setObjectName(QStringLiteral("settingsScroll"));
    settingsScroll->setWidgetResizable(true);
    settingsScroll->setFrameShape(QFrame::NoFrame);
    settingsScroll->setWidget(m_ui->settingsPanel);
    m_ui->settingsDock->setWidget(settingsScroll);
    // Default layout: settings above the worked computation (with heads and history as tabs)
    // on the right, the tables below; a saved layout replaces it.
    splitDockWidget(m_ui->settingsDock, m_ui->workedDock, Qt::Vertical);
    tabifyDockWidget(m_ui->workedDock, m_ui->headsDock);
    tabifyDockWidget(m_ui->workedDock, m_ui->historyDock);
    m_ui->workedDock->raise();
    // The charts share the space beside the tables as tabs: side by side, neither is readable
    // on a laptop screen.
    splitDockWidget(m_ui->tablesDock, m_ui->barsDock, Qt::Horizontal);
    tabifyDockWidget(m_ui->barsDock, m_ui->vectorsDock);
    m_ui->barsDock->raise();
    resizeDocks({m_ui->tablesDock, m_ui->barsDock}, {640, 460}, Qt::Horizontal);
    resizeDocks({m_ui->settingsDock}, {380}, Qt::Horizontal);
    resizeDocks({m_ui->settingsDock, m_ui->workedDock}, {300, 500}, Qt::Vertical);
    resizeDocks({m_ui->tablesDock}, {300}, Qt::Vertical);
    m_history->addStack(m_session->undoStack());
    m_history->addStack(m_liveHistory->stack());
    m_history->setActiveStack(m_session->undoStack());
    m_autosaver->followHistory(m_history);
    m_ui->historyView->setGroup(m_history);
    m_ui->historyView->setEmptyLabel(tr("<opened>"));
    m_files = new WindowFiles(this, m_ui.get(), m_workspace, m_autosaver, m_history);
    connect(m_files, &WindowFiles::nameChanged, this, &MainWindow::updateTitle);
    connect(m_files, &WindowFiles::nowShowing, this, [this](const QString &fileOrExample) {
        updateTitle();
        m_help->showExampleNote(fileOrExample);
    });
    setUpActions();
    setUpTables();
    setUpViews();
    setUpModel();
    setUpLive();
    m_lessons = new LessonController(this, m_ui.get(), m_workspace, m_files);
    new ToolsMenu(this, m_ui.get(), m_session, [this](FigureKind kind) { return figureOptions(kind); });
    m_help = new HelpMenu(this, m_ui.get(), m_workspace); // after every widget: each gets its What's This
    setUpZoom(); // after every dock: each follows the zoom
    m_presenter
        = new PresenterMode(this, m_ui.get(), m_session, m_zoom, m_lessons, {m_help->noteDock(), m_help->helpDock()});

    connect(m_session, &DocumentSession::resultChanged, this, &MainWindow::refresh);
    for (auto signal : {&DocumentSession::shapeChanged, &DocumentSession::valuesChanged})
        connect(m_session, signal, this, [this] {
            if (m_session->isComputing())
                statusBar()->showMessage(
                    tr("Computing attention for %n token(s)…", nullptr, m_session->document().tokenCount()));
        });
    connect(m_session, &DocumentSession::selectedTokenChanged, this, &MainWindow::showSelection);
    connect(m_session, &DocumentSession::currentHeadChanged, this, &MainWindow::refresh);
    connect(m_history, &QUndoGroup::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_history, &QUndoGroup::indexChanged, this, &MainWindow::showStep);
    connect(m_history, &QUndoGroup::indexChanged, this, &MainWindow::updateTitle);
    connect(m_history, &QUndoGroup::activeStackChanged, this, [this](QUndoStack *stack) {
        m_shownStep = stack ? stack->index() : 0;
        updateTitle();
    });
    connect(m_session, &DocumentSession::documentReset, this, [this] {
        if (m_history->activeStack() == m_session->undoStack())
            m_shownStep = 0;
    });

    const QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        // First start: most of the screen, since every view wants room.
        if (const QScreen *screen = QGuiApplication::primaryScreen()) {
            const QRect available = screen->availableGeometry();
            resize(size().expandedTo(available.size() * 0.9).boundedTo(available.size()));
        }
    }
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    setTheme(static_cast<Theme>(std::clamp(settings.value(QStringLiteral("window/theme"), 0).toInt(), 0, 3)));
    refresh();
    updateTitle();
}

MainWindow::~MainWindow()
{
    // Closing the window may still commit an open cell editor; its change must not reach a
    // window whose form is already gone, nor the parts it assembled (lesson, tools, files).
    disconnect(m_session, nullptr, nullptr, nullptr);
    disconnect(m_history, nullptr, this, nullptr);
}

void MainWindow::setUpActions()
{
    m_ui->actionNew->setShortcut(QKeySequence::New);
    m_ui->actionOpen->setShortcut(QKeySequence::Open);
    m_ui->actionSave->setShortcut(QKeySequence::Save);
    // Qt 6.4 on Linux has no standard Save As or Quit keys.
    m_ui->actionSaveAs->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
    m_ui->actionQuit->setShortcut(QKeySequence(tr("Ctrl+Q")));
    m_ui->actionCopy->setShortcut(QKeySequence::Copy);
    m_ui->actionPaste->setShortcut(QKeySequence::Paste);
    for (QAction *a : {m_ui->actionCopy, m_ui->actionPaste})
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_ui->tablesDock->addActions({m_ui->actionCopy, m_ui->actionPaste});

    QAction *undo = m_history->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("actionUndo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction *redo = m_history->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("actionRedo"));
    redo->setShortcuts(shortcutsWith(QKeySequence::keyBindings(QKeySequence::Redo),
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)}));
    // The toolbar's buttons are stand-ins with icons: a command's name changes at every keystroke,
    // and a button that took it would lay the window out again each time.
    QAction *undoTool = toolbarStandIn(undo, tr("Undo")), *redoTool = toolbarStandIn(redo, tr("Redo"));
    m_toolIcons = {{undo, QStringLiteral("edit-undo")}, {redo, QStringLiteral("edit-redo")},
        {undoTool, QStringLiteral("edit-undo")}, {redoTool, QStringLiteral("edit-redo")}};
    updateToolIcons();
    m_ui->menuEdit->insertActions(m_ui->actionCopy, {undo, redo});
    m_ui->menuEdit->insertSeparator(m_ui->actionCopy);
    m_ui->toolBar->addActions({m_ui->actionOpen, m_ui->actionSave});
    m_ui->toolBar->addSeparator();
    m_ui->toolBar->addActions({undoTool, redoTool});
    m_ui->toolBar->addSeparator();
    m_headBox = new QSpinBox(this);
    m_headBox->setObjectName(QStringLiteral("headBox"));
    m_headBox->setPrefix(tr("Head "));
    m_headBox->setMinimum(1);
    m_headBox->setToolTip(tr("The head the heatmap and the attention table show"));
    m_headBox->setAccessibleName(tr("Head shown"));
    // A line edit's clear button has no name of its own in Qt 6.4: a screen reader said "button".
    for (QLineEdit *edit : findChildren<QLineEdit *>())
        for (QToolButton *clear : edit->findChildren<QToolButton *>())
            clear->setAccessibleName(tr("Clear"));
    m_ui->toolBar->addWidget(m_headBox);
    connect(m_headBox, &QSpinBox::valueChanged, this, [this](int head) { m_session->setCurrentHead(head - 1); });

    m_ui->menuView->addAction(m_ui->tablesDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->settingsDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->historyDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->headsDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->workedDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->toolBar->toggleViewAction());

    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    // Not Ctrl+E: text fields take it as "end of line".
    m_ui->actionExport->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    m_ui->actionCopyFigure->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    connect(m_ui->actionExport, &QAction::triggered, this, [this] {
        exportDialog()->show();
        exportDialog()->raise();
    });
    connect(m_ui->actionCopyFigure, &QAction::triggered, this, [this] { exportDialog()->copyFigure(); });
    // Export → Animation: the number of the tables' current cell swept, or edits recorded.
    QAction *animate = new QAction(tr("Export &Animation…"), this);
    animate->setObjectName(QStringLiteral("actionExportAnimation"));
    m_ui->menuFile->insertAction(m_ui->actionCopyFigure, animate);
    connect(animate, &QAction::triggered, this, [this] {
        if (!m_animationDialog)
            m_animationDialog = new AnimationDialog(
                m_session, [this](FigureKind kind) { return figureOptions(kind); }, this);
        LessonDock *lesson = m_lessons->dock();
        m_animationDialog->setLessonSource(
            [lesson]() -> const lessons::Lesson * { return lesson->hasLesson() ? &lesson->lesson() : nullptr; });
        m_animationDialog->showLessonButton(lesson->hasLesson());
        const QModelIndex cell = currentTable()->currentIndex();
        if (const auto *model = qobject_cast<const DocumentTableModel *>(currentTable()->model());
            model && cell.isValid())
            if (const std::optional<ValueRef> ref = model->refAt(cell.row(), cell.column()))
                m_animationDialog->setValue(*ref);
        m_animationDialog->show();
        m_animationDialog->raise();
    });
    connect(m_ui->actionCopy, &QAction::triggered, this, [this] { currentTable()->copySelection(); });
    connect(m_ui->actionPaste, &QAction::triggered, this, [this] { currentTable()->paste(); });
    auto *themes = new QActionGroup(this);
    for (QAction *a :
        {m_ui->actionThemeSystem, m_ui->actionThemeLight, m_ui->actionThemeDark, m_ui->actionThemeHighContrast}) {
        a->setCheckable(true);
        themes->addAction(a);
    }
    connect(m_ui->actionThemeSystem, &QAction::triggered, this, [this] { setTheme(Theme::System); });
    connect(m_ui->actionThemeLight, &QAction::triggered, this, [this] { setTheme(Theme::Light); });
    connect(m_ui->actionThemeDark, &QAction::triggered, this, [this] { setTheme(Theme::Dark); });
    connect(m_ui->actionThemeHighContrast, &QAction::triggered, this, [this] { setTheme(Theme::HighContrast); });
    setUpLanguageMenu();
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::showAbout()
{
    // open(): window-modal without a nested event loop, so nothing waits for it to close.
    auto *about = new AboutDialog(this);
    about->setAttribute(Qt::WA_DeleteOnClose);
    about->open();
}

void MainWindow::setUpTables()
{
    const std::pair<ScrubTableView *, DocumentTableModel *> tables[] = {{m_ui->wordsTable, m_wordsModel},
        {m_ui->embeddingsTable, m_embeddingsModel}, {m_ui->projectionsTable, m_projectionsModel},
        {m_ui->woTable, m_woModel}, {m_ui->attentionTable, m_attentionModel}, {m_ui->outputsTable, m_outputsModel}};
    for (const auto &[view, model] : tables) {
        view->setModel(model);
        connect(view, &ScrubTableView::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });
        // Rows of these tables are tokens: selecting a row selects the token everywhere.
        if (model != m_projectionsModel && model != m_woModel)
            connect(view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this](const QModelIndex &current) {
                    if (!m_selecting && current.isValid())
                        m_session->setSelectedToken(current.row());
                });
    }
}

void MainWindow::showSecondBox(bool target)
{
    if (m_ui->crossEdit->property("target").toBool() == target && m_ui->crossEdit->property("target").isValid())
        return;
    m_ui->crossEdit->setProperty("target", target);
    if (target) {
        m_ui->crossLabel->setText(tr("&Target:"));
        m_ui->crossEdit->setAccessibleName(tr("Target so far (the decoder's input)"));
        m_ui->crossEdit->setToolTip(tr("An encoder-decoder model (T5) reads the sentence with its encoder and writes "
                                       "the target with its decoder: type the target so far, and the model predicts "
                                       "its next token. Cross-attention is the target's tokens looking at the "
                                       "sentence's."));
        m_ui->crossEdit->setPlaceholderText(tr("the target so far (empty: the decoder's first token)"));
    } else {
        m_ui->crossLabel->setText(tr("&Keys from:"));
        m_ui->crossEdit->setAccessibleName(tr("Second sentence (cross-attention)"));
        m_ui->crossEdit->setToolTip(tr("Cross-attention: a second sentence whose tokens give the keys and values, "
                                       "while the sentence's give the queries. Empty: self-attention"));
        m_ui->crossEdit->setPlaceholderText(tr("the sentence itself (self-attention)"));
    }
}

void MainWindow::refresh()
{
    const Document &doc = m_session->document();
    const Result &r = m_session->result();
    // A running model's sentence is what was typed; its document holds the model's tokens.
    const QString sentence = m_live->isOpen() ? m_live->sentence() : doc.sentence();
    if (m_ui->sentenceEdit->text() != sentence)
        m_ui->sentenceEdit->setText(sentence);
    m_help->noteDock()->setSentence(sentence);
    // The second box: a document's cross-attention sentence, an encoder-decoder model's target;
    // any other running model attends within its own sentence.
    const bool target = m_live->isOpen() && m_live->model()->isEncoderDecoder();
    showSecondBox(target);
    const QString second = target ? m_live->target() : m_live->isOpen() ? QString() : doc.crossSentence();
    if (m_ui->crossEdit->text() != second)
        m_ui->crossEdit->setText(second);
    m_ui->crossEdit->setEnabled(!m_live->isOpen() || target);
    m_ui->tokenStrip->setTokens(r.tokens);
    m_ui->keyTokenStrip->setTokens(r.keyTokens);
    m_ui->keyTokenStrip->setVisible(r.isCross());
    m_ui->settingsPanel->setSettings(doc.settings());
    const int head = std::min(m_session->currentHead(), static_cast<int>(r.heads.size()) - 1);
    m_headBox->setMaximum(doc.settings().heads);
    m_headBox->setValue(head + 1);
    m_headBox->setEnabled(doc.settings().heads > 1);
    const Mode mode = doc.settings().mode;
    // Set only when they change: a tab bar lays itself out and repaints on every call, which a
    // running model would pay at every letter typed.
    QTabWidget *tables = m_ui->tables;
    for (QWidget *tab : {m_ui->embeddingsTab, m_ui->projectionsTab, m_ui->woTab})
        if (const int i = tables->indexOf(tab); tables->isTabEnabled(i) != (mode == Mode::Projection))
            tables->setTabEnabled(i, mode == Mode::Projection);
    const QString wordsTab = m_wordsModel->columnCount() == doc.settings().dim ? tr("V") : tr("Q | K | V");
    if (const int i = tables->indexOf(m_ui->wordsTab); tables->tabText(i) != wordsTab)
        tables->setTabText(i, wordsTab);
    // Plain words where a setting leaves vectors out: their columns are greyed, and this says why.
    QStringList unused;
    for (int role : {0, 1})
        if (const QString why = unusedVectorReason(doc.settings(), role); !why.isEmpty())
            unused << why;
    if (const QString &fixed = m_session->valuesFixed(); !fixed.isEmpty())
        unused = QStringList {tr("Read-only: %1").arg(fixed)};
    else if (mode == Mode::Weights)
        unused = QStringList {tr("Weights mode: the attention is given directly, so queries and keys are not used; "
                                 "only the values V are shown.")};
    if (doc.isCross())
        unused << tr("Cross-attention: the sentence's tokens ask the queries; the rows marked (2nd), the second "
                     "sentence's, give the keys and values. The numbers that take no part are greyed.");
    m_ui->wordsNote->setText(unused.join(QLatin1Char(' ')));
    m_ui->wordsNote->setVisible(!unused.isEmpty());
    showSelection(m_session->selectedToken());
    QStringList warnings;
    for (const RowWarning &w : r.warnings)
        warnings << describe(w, r.tokens);
    const QString shape = r.isCross()
        ? tr("Cross-attention: %1 queries × %2 keys. Rows are the sentence's tokens, columns the second "
             "sentence's.")
              .arg(r.tokens.size())
              .arg(r.keyTokens.size())
        : tr("%n token(s). Rows are querying tokens, columns the tokens they attend to.", nullptr,
            static_cast<int>(r.tokens.size()));
    statusBar()->showMessage(warnings.isEmpty() ? shape : tr("Warning: %1").arg(warnings.join(QStringLiteral("; "))));
}

void MainWindow::showSelection(int token)
{
    if (m_session->isKeySelected())
        statusBar()->showMessage(describeKey(token));
    m_selecting = true;
    // In cross-attention a key is a token of the second sentence: its own strip, and its rows
    // follow the sentence's in the vector tables.
    const bool crossKey = m_session->result().isCross() && m_session->isKeySelected();
    m_ui->tokenStrip->setSelectedToken(crossKey ? -1 : token);
    m_ui->keyTokenStrip->setSelectedToken(crossKey ? token : -1);
    for (ScrubTableView *view : {m_ui->wordsTable, m_ui->embeddingsTable, m_ui->attentionTable, m_ui->outputsTable}) {
        const int row = crossKey && view != m_ui->attentionTable && view != m_ui->outputsTable && token >= 0
            ? m_session->document().tokenCount() + token
            : token;
        if (crossKey && view == m_ui->outputsTable)
            continue; // outputs are the queries'
        if (row >= 0 && row < view->model()->rowCount() && view->currentIndex().row() != row)
            view->setCurrentIndex(view->model()->index(row, std::max(view->currentIndex().column(), 0)));
    }
    m_selecting = false;
}

// "Key ‘animal’: ‘it’ attends to it most (0.119)": the query that takes the most from a key.
QString MainWindow::describeKey(int key) const
{
    const Result &r = m_session->result();
    const int head = m_session->currentHead();
    if (head < 0 || head >= static_cast<int>(r.heads.size()) || key < 0 || key >= r.keys().size())
        return {};
    const SquareMatrix &w = r.heads[static_cast<std::size_t>(head)].weights;
    int best = -1;
    for (int i = 0; i < w.rows(); ++i)
        if (r.isVisible(i, key) && (best < 0 || w(i, key) > w(best, key)))
            best = i;
    if (best < 0)
        return tr("Key “%1”: no query can see it (its column is masked).").arg(r.keys().at(key));
    return tr("Key “%1”: “%2” attends to it most (%3). The arrows show who attends to it.")
        .arg(r.keys().at(key), r.tokens.at(best))
        .arg(locale().toString(w(best, key), 'g', 3));
}

void MainWindow::showHoveredCell(int row, int col)
{
    const QStringList &tokens = m_session->result().tokens, &keys = m_session->result().keys();
    if (row < 0 && col >= 0 && col < keys.size())
        statusBar()->showMessage(tr("Key “%1”: click to see who attends to it.").arg(keys.at(col)));
    else if (col < 0 && row >= 0 && row < tokens.size())
        statusBar()->showMessage(tr("Query “%1”: click to see what it attends to.").arg(tokens.at(row)));
    else if (row >= 0 && col >= 0)
        statusBar()->showMessage(
            tr("%1. Click: select the query; Shift+click: select the key; Ctrl+click: mask or unmask the cell.")
                .arg(m_ui->heatmapView->describeCell(row, col)));
    else
        statusBar()->clearMessage();
}

// The status bar says what an edit, an undo or a redo did, in the words of the History dock.
void MainWindow::showStep(int index)
{
    const QUndoStack *stack = m_history->activeStack();
    if (!stack)
        return;
    const bool undone = index < m_shownStep;
    m_shownStep = index;
    const QUndoCommand *command = stack->command(undone ? index : index - 1);
    if (!command)
        return;
    statusBar()->showMessage(undone ? tr("Undone: %1").arg(command->text()) : command->text(), 6000);
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — QKV Lab").arg(m_files->documentName()));
    setWindowModified(!m_history->isClean());
}

ScrubTableView *MainWindow::currentTable() const
{
    return m_ui->tables->currentWidget()->findChild<ScrubTableView *>();
}

void MainWindow::setTheme(Theme theme)
{
    qkv::applyTheme(theme);
    QSettings().setValue(QStringLiteral("window/theme"), static_cast<int>(theme));
    const std::array<QAction *, 4> actions {
        m_ui->actionThemeSystem, m_ui->actionThemeLight, m_ui->actionThemeDark, m_ui->actionThemeHighContrast};
    actions.at(static_cast<std::size_t>(theme))->setChecked(true);
}

void MainWindow::updateToolIcons()
{
    for (const auto &[action, name] : m_toolIcons)
        action->setIcon(toolIcon(name, palette()));
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        updateToolIcons();
    QMainWindow::changeEvent(event);
}

ExportDialog *MainWindow::exportDialog()
{
    if (!m_exportDialog)
        m_exportDialog = new ExportDialog(
            m_session, [this](FigureKind kind) { return figureOptions(kind); }, this);
    return m_exportDialog;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    saveViewOptions();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString file = event->mimeData()->urls().value(0).toLocalFile();
    if (!file.isEmpty() && m_files->maybeSave())
        m_files->openDocument(file);
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
