#include "panels/headsdialog.h"

#include "panels/querykeypanel.h"

#include "corpus/headsoutput.h"
#include "document/jsonwriter.h"
#include "figures/figurewriter.h"
#include "platform/atomicsave.h"
#include "views/headscoresview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace qkv {

using analysis::HeadScore;

HeadsDialog::HeadsDialog(QWidget *parent)
    : QDialog(parent)
    , m_corpus(new QLineEdit(this))
    , m_split(new QComboBox(this))
    , m_maxTokens(new QSpinBox(this))
    , m_start(new QPushButton(tr("&Start"), this))
    , m_stop(new QPushButton(tr("S&top"), this))
    , m_save(new QPushButton(tr("Sa&ve…"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_view(new HeadScoresView(this))
    , m_passagesTitle(new QLabel(this))
    , m_passages(new QListWidget(this))
    , m_queryKeys(new QueryKeyPanel([this] { return options(); }, this))
{
    setObjectName(QStringLiteral("headsDialog"));
    setWindowTitle(tr("Analyse Heads"));
    auto *corpusRow = new QHBoxLayout;
    auto *browse = new QPushButton(tr("&Browse…"), this);
    corpusRow->addWidget(m_corpus, 1);
    corpusRow->addWidget(browse);
    m_corpus->setPlaceholderText(tr("A text file: one sentence or passage a line (at least 1,000 for steady means)"));
    m_corpus->setText(QSettings().value(QStringLiteral("heads/corpus")).toString());
    m_split->addItems({tr("One passage a line"), tr("The text cut into windows")});
    m_maxTokens->setRange(2, 8192);
    m_maxTokens->setValue(corpus::defaultMaxTokens);
    m_maxTokens->setSuffix(tr(" tokens"));
    m_maxTokens->setToolTip(tr("A passage's tokens at most, the special tokens included: longer lines are cut"));
    auto *scores = new QGridLayout;
    const std::vector<HeadScore> all = analysis::allHeadScores();
    for (std::size_t i = 0; i < all.size(); ++i) {
        auto *box = new QCheckBox(analysis::headScoreName(all[i]), this);
        box->setChecked(true);
        scores->addWidget(box, int(i) / 3, int(i) % 3);
        m_scoreBoxes.push_back(box);
    }
    auto *form = new QFormLayout;
    auto *corpusLabel = new QLabel(tr("&Corpus:"), this);
    corpusLabel->setBuddy(m_corpus); // a row of a layout gets no buddy of its own
    form->addRow(corpusLabel, corpusRow);
    form->addRow(tr("&Passages:"), m_split);
    form->addRow(tr("&At most:"), m_maxTokens);
    form->addRow(tr("Scores:"), scores);
    auto *run = new QHBoxLayout;
    run->addWidget(m_start);
    run->addWidget(m_stop);
    run->addWidget(m_progress, 1);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *side = new QWidget(this);
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    m_passagesTitle->setWordWrap(true);
    m_passagesTitle->setText(tr("Click a head to see the passages it scores highest on."));
    sideLayout->addWidget(m_passagesTitle);
    sideLayout->addWidget(m_passages, 1);
    m_passages->setWordWrap(true);
    m_passages->setToolTip(tr("Double-click a passage to show it in the window at this layer and head"));
    auto *split = new QSplitter(this);
    split->addWidget(m_view);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *tabs = new QTabWidget(this);
    tabs->addTab(split, tr("Scores"));
    tabs->addTab(m_queryKeys, tr("Queries and keys"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(run);
    layout->addWidget(m_status);
    layout->addWidget(tabs, 1);
    layout->addWidget(buttons);
    resize(1000, 720);

    connect(browse, &QPushButton::clicked, this, &HeadsDialog::browse);
    connect(m_start, &QPushButton::clicked, this, &HeadsDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &HeadsDialog::stop);
    connect(m_save, &QPushButton::clicked, this, &HeadsDialog::saveAs);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(m_corpus, &QLineEdit::textChanged, this, &HeadsDialog::updateButtons);
    connect(m_view, &HeadScoresView::cellClicked, this, &HeadsDialog::chooseHead);
    connect(m_queryKeys, &QueryKeyPanel::passageChosen, this, &HeadsDialog::passageChosen);
    connect(m_passages, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        if (m_report && m_layer >= 0)
            Q_EMIT passageChosen(item->data(Qt::UserRole).toString(), m_layer, m_head);
    });
    updateButtons();
}

HeadsDialog::~HeadsDialog()
{
    m_stopRequested = true;
    if (m_thread.joinable())
        m_thread.join();
}

void HeadsDialog::setModel(std::shared_ptr<const live::LiveModel> model)
{
    m_model = std::move(model);
    m_queryKeys->setModel(m_model);
    if (m_model)
        m_maxTokens->setMaximum(int(std::min<qint64>(m_model->model().config().positionLimit(), 1 << 20)));
    setWindowTitle(
        m_model ? tr("Analyse Heads of %1").arg(live::modelShortName(m_model->location())) : tr("Analyse Heads"));
    updateButtons();
}

void HeadsDialog::setCorpus(const QString &path)
{
    m_corpus->setText(path);
}

void HeadsDialog::browse()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Choose a corpus"), m_corpus->text(), tr("Text files (*.txt *.text *.csv);;All files (*)"));
    if (!file.isEmpty())
        m_corpus->setText(file);
}

corpus::HeadsOptions HeadsDialog::options() const
{
    corpus::HeadsOptions o;
    o.corpus = m_corpus->text().trimmed();
    o.windows = m_split->currentIndex() == 1;
    o.maxTokens = m_maxTokens->value();
    o.scores.clear();
    const std::vector<HeadScore> all = analysis::allHeadScores();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (m_scoreBoxes[i]->isChecked())
            o.scores.push_back(all[i]);
    return o;
}

void HeadsDialog::start()
{
    if (!m_model || isRunning())
        return;
    m_running = options();
    m_runModel = m_model;
    if (m_running.scores.empty()) {
        m_status->setText(tr("Choose at least one score."));
        return;
    }
    QSettings().setValue(QStringLiteral("heads/corpus"), m_running.corpus);
    m_stopRequested = false;
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_status->setText(tr("Reading %1…").arg(QFileInfo(m_running.corpus).fileName()));
    // The run on a thread of its own, telling the dialog (on its thread) how far it is.
    m_thread = std::thread([this, model = m_model, options = m_running] {
        auto report = std::make_shared<corpus::HeadsReport>(
            corpus::runHeads(*model, options, &m_stopRequested, [this](const corpus::HeadsProgress &p) {
                QMetaObject::invokeMethod(
                    this,
                    [this, p] {
                        m_progress->setValue(int(p.fraction * 1000));
                        m_status->setText(tr("%n passages, %1 tokens", nullptr, p.passages).arg(p.tokens));
                    },
                    Qt::QueuedConnection);
            }));
        QMetaObject::invokeMethod(
            this, [this, report] { finish(report); }, Qt::QueuedConnection);
    });
    updateButtons();
}

void HeadsDialog::stop()
{
    m_stopRequested = true;
    m_status->setText(tr("Stopping after the passages under way…"));
}

void HeadsDialog::finish(std::shared_ptr<corpus::HeadsReport> report)
{
    if (m_thread.joinable())
        m_thread.join();
    if (!report->error.isEmpty()) {
        m_status->setText(report->error);
        updateButtons();
        Q_EMIT runFinished();
        return;
    }
    m_report = std::move(report);
    m_reportModel = m_runModel;
    QStringList said;
    if (m_report->partial)
        said << tr("Stopped after %n passages: the scores are of those alone (partial).", nullptr, m_report->passages);
    else
        said << tr("%n passages, %1 tokens.", nullptr, m_report->passages).arg(m_report->tokens);
    said << m_report->notes;
    m_status->setText(said.join(u'\n'));
    m_progress->setValue(m_report->partial ? m_progress->value() : 1000);
    showResult();
    updateButtons();
    Q_EMIT runFinished();
}

void HeadsDialog::showResult()
{
    m_view->setGrids(scoreGrids(m_report->statistics));
    m_passages->clear();
    m_layer = m_head = -1;
    m_view->setCurrent(-1, -1);
}

void HeadsDialog::chooseHead(int grid, int layer, int head)
{
    if (!m_report || grid < 0 || std::size_t(grid) >= m_report->statistics.scores().size())
        return;
    m_grid = grid;
    m_layer = layer;
    m_head = head;
    m_view->setCurrent(layer, head);
    m_queryKeys->setHead(layer, head);
    const HeadScore score = m_report->statistics.scores()[std::size_t(grid)];
    m_passagesTitle->setText(tr("Layer %1, head %2: the passages with the highest %3")
                                 .arg(layer + 1)
                                 .arg(head + 1)
                                 .arg(analysis::headScoreName(score)));
    m_passages->clear();
    for (const analysis::TopPassage &t : m_report->statistics.top(score, layer, head)) {
        const QString text = corpus::passageText(*m_report, *m_reportModel, t.passage);
        auto *item = new QListWidgetItem(tr("%1 — line %2: %3")
                                             .arg(locale().toString(t.score, 'f', 3))
                                             .arg(m_report->passageLine(t.passage))
                                             .arg(text.simplified()),
            m_passages);
        item->setData(Qt::UserRole, text);
    }
    if (m_passages->count() == 0)
        m_passages->addItem(tr("(measured on generated sequences only)"));
}

QString HeadsDialog::save(const QString &path) const
{
    if (!m_report)
        return tr("Nothing to save yet: run the analysis first.");
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"csv")
        return saveAtomically(path, corpus::headsCsv(*m_report));
    if (suffix == u"json")
        return saveAtomically(path, toPrettyJson(corpus::headsJson(*m_report, *m_reportModel, m_running)));
    FigureSpec spec;
    spec.size = QSize(1600, 1000);
    spec.format = suffix == u"svg" ? FigureFormat::Svg : suffix == u"pdf" ? FigureFormat::Pdf : FigureFormat::Png;
    spec.title = windowTitle();
    HeadScoresFigure figure = m_view->figure();
    figure.setCurrent(-1, -1);
    FigureStyle style;
    style.exported = true;
    style.palette = QPalette(Qt::black, Qt::white);
    style.font = pixelFont(font(), 20);
    return writeFigure(path, spec, [&](QPainter &painter, const QRectF &rect) {
        painter.fillRect(rect, Qt::white);
        figure.paint(painter, rect, style);
    });
}

void HeadsDialog::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the head scores"),
        QFileInfo(m_running.corpus).absolutePath() + u"/heads.csv"_qs,
        tr("CSV (*.csv);;JSON (*.json);;PNG image (*.png);;SVG drawing (*.svg);;PDF page (*.pdf)"));
    if (path.isEmpty())
        return;
    if (const QString error = save(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Cannot save"), error);
}

void HeadsDialog::updateButtons()
{
    const bool running = isRunning();
    m_start->setEnabled(!running && m_model && !m_corpus->text().trimmed().isEmpty());
    m_stop->setEnabled(running);
    m_save->setEnabled(!running && m_report != nullptr);
    if (!m_model && !running)
        m_status->setText(tr("Open a model first: the heads of the model the window runs are scored."));
}

} // namespace qkv
