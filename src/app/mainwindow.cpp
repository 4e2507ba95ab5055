#include "mainwindow.h"

#include "ui_mainwindow.h"

#include "aboutdialog.h"
#include "attentionmodel.h"
#include "autosaver.h"
#include "documentio.h"
#include "documentsession.h"
#include "embeddingsmodel.h"
#include "examples.h"
#include "exportdialog.h"
#include "jsonwriter.h"
#include "modelsession.h"
#include "outputprojectionmodel.h"
#include "projectionsmodel.h"
#include "wordvectorsmodel.h"

#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QSpinBox>

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
    , m_autosaver(new Autosaver(m_session, Autosaver::defaultFolder(), this))
    , m_model(new ModelSession(m_session, this))
{
    m_ui->setupUi(this);
    // Default layout: settings above the worked computation (with heads and history as tabs)
    // on the right, the tables below; a saved layout replaces it.
    splitDockWidget(m_ui->settingsDock, m_ui->workedDock, Qt::Vertical);
    tabifyDockWidget(m_ui->workedDock, m_ui->headsDock);
    tabifyDockWidget(m_ui->workedDock, m_ui->historyDock);
    m_ui->workedDock->raise();
    // The charts share the space beside the tables as tabs: side by side, neither is readable
    // on a laptop screen.
    splitDockWidget(m_ui->tablesDock, m_ui->distributionDock, Qt::Horizontal);
    tabifyDockWidget(m_ui->distributionDock, m_ui->vectorPlotDock);
    m_ui->distributionDock->raise();
    resizeDocks({m_ui->tablesDock, m_ui->distributionDock}, {640, 460}, Qt::Horizontal);
    resizeDocks({m_ui->settingsDock}, {380}, Qt::Horizontal);
    resizeDocks({m_ui->settingsDock, m_ui->workedDock}, {300, 500}, Qt::Vertical);
    resizeDocks({m_ui->tablesDock}, {300}, Qt::Vertical);
    m_ui->historyView->setStack(m_session->undoStack());
    m_ui->historyView->setEmptyLabel(tr("<opened>"));
    setUpActions();
    setUpTables();
    setUpViews();
    setUpModel();
    buildExamplesMenu();
    rebuildRecentMenu();

    connect(m_session, &DocumentSession::resultChanged, this, &MainWindow::refresh);
    for (auto signal : {&DocumentSession::shapeChanged, &DocumentSession::valuesChanged})
        connect(m_session, signal, this, [this] {
            if (m_session->isComputing())
                statusBar()->showMessage(
                    tr("Computing attention for %n token(s)…", nullptr, m_session->document().tokenCount()));
        });
    connect(m_session, &DocumentSession::selectedTokenChanged, this, &MainWindow::showSelection);
    connect(m_session, &DocumentSession::currentHeadChanged, this, &MainWindow::refresh);
    connect(m_session->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);

    const QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        // First start: most of the screen, since every view wants room.
        if (const QScreen *screen = QGuiApplication::primaryScreen()) {
            const QRect available = screen->availableGeometry();
            resize(size().expandedTo(available.size() * 0.9).boundedTo(available.size()));
        }
    }
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    setTheme(static_cast<Theme>(settings.value(QStringLiteral("window/theme"), 0).toInt()));
    refresh();
    updateTitle();
}

MainWindow::~MainWindow()
{
    // Closing the window may still commit an open cell editor; its change must not reach a
    // window whose form is already gone.
    disconnect(m_session, nullptr, this, nullptr);
    disconnect(m_session->undoStack(), nullptr, this, nullptr);
}

void MainWindow::setUpActions()
{
    m_ui->actionNew->setShortcut(QKeySequence::New);
    m_ui->actionOpen->setShortcut(QKeySequence::Open);
    m_ui->actionSave->setShortcut(QKeySequence::Save);
    // Qt 6.4 on Linux has no standard Save As or Quit keys (PITFALLS.md §6).
    m_ui->actionSaveAs->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
    m_ui->actionQuit->setShortcut(QKeySequence(tr("Ctrl+Q")));
    m_ui->actionCopy->setShortcut(QKeySequence::Copy);
    m_ui->actionPaste->setShortcut(QKeySequence::Paste);
    for (QAction *a : {m_ui->actionCopy, m_ui->actionPaste})
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_ui->tablesDock->addActions({m_ui->actionCopy, m_ui->actionPaste});

    QAction *undo = m_session->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_session->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(tr("Ctrl+Shift+Z"))});
    m_ui->menuEdit->insertActions(m_ui->actionCopy, {undo, redo});
    m_ui->menuEdit->insertSeparator(m_ui->actionCopy);
    m_ui->toolBar->addActions({m_ui->actionOpen, m_ui->actionSave});
    m_ui->toolBar->addSeparator();
    m_ui->toolBar->addActions({undo, redo});
    m_ui->toolBar->addSeparator();
    m_headBox = new QSpinBox(this);
    m_headBox->setPrefix(tr("Head "));
    m_headBox->setMinimum(1);
    m_headBox->setToolTip(tr("The head the heatmap and the attention table show"));
    m_ui->toolBar->addWidget(m_headBox);
    connect(m_headBox, &QSpinBox::valueChanged, this, [this](int head) { m_session->setCurrentHead(head - 1); });

    m_ui->menuView->addAction(m_ui->tablesDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->settingsDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->historyDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->headsDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->workedDock->toggleViewAction());
    m_ui->menuView->addAction(m_ui->toolBar->toggleViewAction());

    connect(m_ui->actionNew, &QAction::triggered, this, &MainWindow::newDocument);
    connect(m_ui->actionOpen, &QAction::triggered, this, &MainWindow::open);
    connect(m_ui->actionSave, &QAction::triggered, this, &MainWindow::save);
    connect(m_ui->actionSaveAs, &QAction::triggered, this, &MainWindow::saveAs);
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    // Not Ctrl+E: text fields take it as "end of line".
    m_ui->actionExport->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    m_ui->actionCopyFigure->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    connect(m_ui->actionExport, &QAction::triggered, this, [this] {
        exportDialog()->show();
        exportDialog()->raise();
    });
    connect(m_ui->actionCopyFigure, &QAction::triggered, this, [this] { exportDialog()->copyFigure(); });
    connect(m_ui->actionCopy, &QAction::triggered, this, [this] { currentTable()->copySelection(); });
    connect(m_ui->actionPaste, &QAction::triggered, this, [this] { currentTable()->paste(); });
    connect(m_ui->actionThemeSystem, &QAction::triggered, this, [this] { setTheme(Theme::System); });
    connect(m_ui->actionThemeLight, &QAction::triggered, this, [this] { setTheme(Theme::Light); });
    connect(m_ui->actionThemeDark, &QAction::triggered, this, [this] { setTheme(Theme::Dark); });
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
        {m_ui->woTable, m_woModel}, {m_ui->attentionTable, m_attentionModel}};
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

void MainWindow::buildExamplesMenu()
{
    for (const QString &name : exampleNames()) {
        const LoadResult loaded = loadDocument(QStringLiteral("example:") + name);
        QAction *action = m_ui->menuExamples->addAction(loaded ? loaded.document->title() : name);
        action->setStatusTip(loaded ? loaded.document->description() : QString());
        action->setToolTip(action->statusTip());
        action->setObjectName(QStringLiteral("example_") + name);
        connect(action, &QAction::triggered, this, [this, name] {
            if (maybeSave())
                openDocument(QStringLiteral("example:") + name);
        });
    }
}

void MainWindow::refresh()
{
    const Document &doc = m_session->document();
    const Result &r = m_session->result();
    if (m_ui->sentenceEdit->text() != doc.sentence())
        m_ui->sentenceEdit->setText(doc.sentence());
    m_ui->tokenStrip->setTokens(r.tokens);
    m_ui->settingsPanel->setSettings(doc.settings());
    const int head = std::min(m_session->currentHead(), static_cast<int>(r.heads.size()) - 1);
    m_headBox->setMaximum(doc.settings().heads);
    m_headBox->setValue(head + 1);
    m_headBox->setEnabled(doc.settings().heads > 1);
    const Mode mode = doc.settings().mode;
    m_ui->tables->setTabEnabled(m_ui->tables->indexOf(m_ui->embeddingsTab), mode == Mode::Projection);
    m_ui->tables->setTabEnabled(m_ui->tables->indexOf(m_ui->projectionsTab), mode == Mode::Projection);
    m_ui->tables->setTabEnabled(m_ui->tables->indexOf(m_ui->woTab), mode == Mode::Projection);
    m_ui->tables->setTabText(m_ui->tables->indexOf(m_ui->wordsTab), mode == Mode::Weights ? tr("V") : tr("Q | K | V"));
    showSelection(m_session->selectedToken());
    QStringList warnings;
    for (const RowWarning &w : r.warnings)
        warnings << describe(w, r.tokens);
    statusBar()->showMessage(warnings.isEmpty()
            ? tr("%n token(s). Rows are querying tokens, columns the tokens they attend to.", nullptr,
                static_cast<int>(r.tokens.size()))
            : tr("Warning: %1").arg(warnings.join(QStringLiteral("; "))));
}

void MainWindow::showSelection(int token)
{
    m_selecting = true;
    m_ui->tokenStrip->setSelectedToken(token);
    for (ScrubTableView *view : {m_ui->wordsTable, m_ui->embeddingsTable, m_ui->attentionTable}) {
        if (token >= 0 && token < view->model()->rowCount() && view->currentIndex().row() != token)
            view->setCurrentIndex(view->model()->index(token, std::max(view->currentIndex().column(), 0)));
    }
    m_selecting = false;
}

void MainWindow::showHoveredCell(int row, int col)
{
    if (row < 0 || col < 0) {
        statusBar()->clearMessage();
        return;
    }
    statusBar()->showMessage(
        m_ui->heatmap->describeCell(row, col) + tr(". Click: select the query; Ctrl+click: mask or unmask the cell."));
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — QKV Lab").arg(m_displayName.isEmpty() ? tr("Untitled") : m_displayName));
    setWindowModified(!m_session->undoStack()->isClean());
}

void MainWindow::showError(const QString &title, const QString &text)
{
    m_lastError = text;
    // Window-modal and asynchronous, so nothing waits on it (tests included).
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("errorBox"));
    box->open();
}

ScrubTableView *MainWindow::currentTable() const
{
    return m_ui->tables->currentWidget()->findChild<ScrubTableView *>();
}

void MainWindow::setTheme(Theme theme)
{
    qkv::applyTheme(theme);
    QSettings().setValue(QStringLiteral("window/theme"), static_cast<int>(theme));
}

ExportDialog *MainWindow::exportDialog()
{
    if (!m_exportDialog)
        m_exportDialog = new ExportDialog(
            m_session, [this](const QString &view) { return figureOptions(view); }, this);
    return m_exportDialog;
}

} // namespace qkv
