#include "mainwindow.h"

#include "ui_mainwindow.h"

#include "documentio.h"
#include "documentsession.h"
#include "examples.h"

#include <QFileDialog>
#include <QMessageBox>

namespace qkv {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_ui(std::make_unique<Ui::MainWindow>())
    , m_session(new DocumentSession(this))
{
    m_ui->setupUi(this);
    m_ui->actionOpen->setShortcut(QKeySequence::Open);
    m_ui->actionQuit->setShortcuts({QKeySequence::Quit, QKeySequence(tr("Ctrl+Q"))});

    QAction *undo = m_session->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_session->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    m_ui->menuEdit->addActions({undo, redo});
    buildExamplesMenu();

    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionOpen, &QAction::triggered, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("Open document"), QString(), tr("QKV Lab documents (*.qkv.json *.json)"));
        if (!file.isEmpty())
            openDocument(file);
    });
    connect(m_ui->sentenceEdit, &QLineEdit::textEdited, m_session, &DocumentSession::editSentence);
    connect(m_session, &DocumentSession::resultChanged, this, &MainWindow::showResult);
    connect(m_session, &DocumentSession::documentReset, this,
        [this] { m_ui->sentenceEdit->setText(m_session->document().sentence()); });
    showResult();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildExamplesMenu()
{
    for (const QString &name : exampleNames()) {
        const LoadResult loaded = loadDocument(QStringLiteral("example:") + name);
        QAction *action = m_ui->menuExamples->addAction(loaded ? loaded.document->title() : name);
        action->setToolTip(loaded ? loaded.document->description() : QString());
        connect(action, &QAction::triggered, this, [this, name] { openDocument(QStringLiteral("example:") + name); });
    }
}

bool MainWindow::openDocument(const QString &fileOrExample)
{
    const LoadResult loaded = loadDocument(fileOrExample);
    if (!loaded) {
        QMessageBox::warning(this, tr("Could not open document"), loaded.error.toString());
        return false;
    }
    m_session->resetDocument(*loaded.document);
    const QString title = loaded.document->title().isEmpty() ? fileOrExample : loaded.document->title();
    setWindowTitle(tr("%1 — QKV Lab").arg(title));
    return true;
}

void MainWindow::showResult()
{
    const Result &r = m_session->result();
    if (m_ui->sentenceEdit->text() != m_session->document().sentence())
        m_ui->sentenceEdit->setText(m_session->document().sentence());
    m_ui->tokensLabel->setText(
        tr("%n token(s): %1", nullptr, static_cast<int>(r.tokens.size())).arg(r.tokens.join(QStringLiteral(" · "))));
    m_ui->heatmap->setMatrix(r.heads.empty() ? Eigen::MatrixXd() : r.heads.front().weights, r.tokens);
    const auto &s = m_session->document().settings();
    statusBar()->showMessage(tr("Rows are querying tokens, columns the tokens they attend to; "
                                "each row is the %1 of the %2 scores. %3 warning(s).")
                                 .arg(toString(s.normalization), toString(s.scoring))
                                 .arg(r.warnings.size()));
}

} // namespace qkv
