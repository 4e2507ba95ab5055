#include "app/mainwindow.h"
#include "app/viewoptions.h"
#include "panels/language.h"

#include "ui_mainwindow.h"

#include "livemodel/livesession.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "views/flowlayout.h"
#include "views/vectoractions.h"

#include <QActionGroup>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>

// The views of the window: each follows the session itself; here they are wired to the
// settings panel, the status bar and their option controls, and their options are remembered.
namespace qkv {

void MainWindow::setUpViews()
{
    // A line edit holds 32,767 characters unless told otherwise, and would cut a long sentence
    // (a few thousand tokens) short, silently, on open or paste.
    m_ui->sentenceEdit->setMaxLength(static_cast<int>(limits::maxFileBytes));
    connect(m_ui->sentenceEdit, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (m_live->isOpen())
            m_liveHistory->typeSentence(text); // the model's tokenizer decides the tokens
        else
            m_session->editSentence(text);
    });
    m_ui->crossEdit->setMaxLength(static_cast<int>(limits::maxFileBytes));
    connect(m_ui->crossEdit, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (m_live->isOpen())
            m_liveHistory->typeTarget(text); // an encoder-decoder model's target
        else
            m_session->editCrossSentence(text);
    });
    connect(m_ui->tokenStrip, &TokenStrip::tokenClicked, m_session, &DocumentSession::setSelectedToken);
    connect(m_ui->keyTokenStrip, &TokenStrip::tokenClicked, m_session, &DocumentSession::setSelectedKey);
    // A right-click on a token: its word's helpers, in the head the views show.
    const auto wordMenu = [this](bool keys) {
        return [this, keys](int token, const QPoint &at) {
            const Document &doc = m_session->document();
            QMenu menu(this);
            if (addWordActions(menu, m_session, keys ? doc.keyVectorKey(token) : doc.vectorKey(token),
                    m_session->currentHead(), [this](const QString &text) { statusBar()->showMessage(text, 5000); }))
                menu.exec(at);
        };
    };
    connect(m_ui->tokenStrip, &TokenStrip::tokenMenuRequested, this, wordMenu(false));
    connect(m_ui->keyTokenStrip, &TokenStrip::tokenMenuRequested, this, wordMenu(true));
    connect(m_ui->settingsPanel, &SettingsPanel::settingsEdited, m_session, &DocumentSession::editSettings);
    // A refused edit leaves the document as it was: the panel shows its settings again, while
    // the sentence box keeps what was typed, to be shortened.
    connect(m_session, &DocumentSession::editRefused, this, [this](const QString &why) {
        m_ui->settingsPanel->setSettings(m_session->document().settings());
        statusBar()->showMessage(tr("Not applied: %1.").arg(why));
    });
    m_ui->heatmapView->setSession(m_session);
    m_ui->headsView->setSession(m_session);
    m_ui->workedView->setSession(m_session);
    m_ui->arrowsView->setSession(m_session);
    m_ui->vectorsView->setSession(m_session);
    m_ui->barsView->setSession(m_session);
    connect(m_ui->settingsPanel, &SettingsPanel::colormapEdited, m_ui->heatmapView, &HeatmapView::setColormap);
    connect(m_ui->settingsPanel, &SettingsPanel::colormapEdited, m_ui->headsView, &HeadsGridView::setColormap);
    connect(m_ui->heatmapView, &HeatmapView::cellHovered, this, &MainWindow::showHoveredCell);
    connect(m_ui->sortedBox, &QCheckBox::toggled, m_ui->barsView, &DistributionView::setSorted);
    connect(m_ui->barsView, &DistributionView::keyHovered, this, [this](int key) {
        if (key >= 0)
            statusBar()->showMessage(m_ui->barsView->describeBar(key));
    });
    connect(m_ui->arrowsView, &ArrowGraphView::tokenHovered, this, [this](int token) {
        const QStringList &tokens = m_session->result().tokens;
        if (token >= 0 && token < tokens.size())
            statusBar()->showMessage(
                tr("“%1”: its arrows alone. Click to lock them; Escape or the unlock button frees them.")
                    .arg(tokens.at(token)));
    });
    connect(m_ui->vectorsView, &VectorPlotView::message, this,
        [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    setUpArrowControls();
    QAction *scores = m_ui->toolBar->addAction(tr("Raw scores"));
    scores->setObjectName(QStringLiteral("actionScores"));
    scores->setCheckable(true);
    scores->setToolTip(tr("Colour the heatmaps by the raw scores S (diverging map) instead of the weights"));
    scores->setStatusTip(scores->toolTip());
    connect(scores, &QAction::toggled, m_ui->heatmapView, &HeatmapView::setShowScores);
    connect(scores, &QAction::toggled, m_ui->headsView, &HeadsGridView::setShowScores);
    QAction *skipFirst = m_ui->toolBar->addAction(tr("Scale without first"));
    skipFirst->setObjectName(QStringLiteral("actionSkipFirst"));
    skipFirst->setCheckable(true);
    skipFirst->setToolTip(tr("Leave the first token's column out of the colour scale: real models park much "
                             "attention there (an attention sink), which washes out every other cell"));
    skipFirst->setStatusTip(skipFirst->toolTip());
    connect(skipFirst, &QAction::toggled, m_ui->heatmapView, &HeatmapView::setScaleSkipsFirst);
    connect(skipFirst, &QAction::toggled, m_ui->headsView, &HeadsGridView::setScaleSkipsFirst);

    const QSettings settings;
    m_ui->viewSplitter->restoreState(settings.value(QStringLiteral("window/viewSplitter")).toByteArray());
    m_ui->sortedBox->setChecked(ViewOptions::load(settings).barsSorted);
    for (QDockWidget *dock : {m_ui->vectorsDock, m_ui->barsDock})
        m_ui->menuView->insertAction(m_ui->toolBar->toggleViewAction(), dock->toggleViewAction());
}

void MainWindow::setUpArrowControls()
{
    // The controls wrap onto a second row where the panel is narrow (zoomed text, a small
    // window), rather than widening the panel and squeezing the heatmap beside it.
    auto *flow = new FlowLayout;
    for (QWidget *w : std::initializer_list<QWidget *> {
             m_ui->arrowLayoutBox, m_ui->arrowHeadsBox, m_ui->thresholdBox, m_ui->topKBox, m_ui->massBox})
        flow->addWidget(w);
    m_ui->arrowLayout->removeItem(m_ui->arrowControls);
    delete m_ui->arrowControls;
    m_ui->arrowLayout->insertLayout(0, flow);
    const ViewOptions o = ViewOptions::load(QSettings());
    m_ui->arrowLayoutBox->setCurrentIndex(o.arrowArcs ? 1 : 0);
    m_ui->arrowHeadsBox->setCurrentIndex(o.arrowAllHeads ? 1 : 0);
    m_ui->thresholdBox->setValue(o.arrowFilter.threshold);
    m_ui->topKBox->setValue(o.arrowFilter.topK);
    m_ui->massBox->setValue(100.0 * o.arrowFilter.mass);
    for (QComboBox *box : {m_ui->arrowLayoutBox, m_ui->arrowHeadsBox})
        connect(box, &QComboBox::currentIndexChanged, this, &MainWindow::applyArrowControls);
    for (QDoubleSpinBox *box : {m_ui->thresholdBox, m_ui->massBox})
        connect(box, &QDoubleSpinBox::valueChanged, this, &MainWindow::applyArrowControls);
    connect(m_ui->topKBox, &QSpinBox::valueChanged, this, &MainWindow::applyArrowControls);
    applyArrowControls();
}

void MainWindow::applyArrowControls()
{
    const FigureOptions o = figureOptions(FigureKind::Arrows);
    m_ui->arrowsView->setGraphLayout(o.arcs ? ArrowGraphView::Layout::Arcs : ArrowGraphView::Layout::Columns);
    m_ui->arrowsView->setHeadMode(o.allHeads ? ArrowGraphView::HeadMode::All : ArrowGraphView::HeadMode::Current);
    m_ui->arrowsView->setFilter(o.filter);
}

FigureOptions MainWindow::figureOptions(FigureKind kind) const
{
    FigureOptions o;
    o.kind = kind;
    o.colormap = colormapNames().value(static_cast<int>(m_ui->heatmapView->colormap()));
    o.scores = m_ui->heatmapView->showsScores();
    o.skipFirst = m_ui->heatmapView->scaleSkipsFirst();
    o.arcs = m_ui->arrowLayoutBox->currentIndex() == 1;
    o.allHeads = m_ui->arrowHeadsBox->currentIndex() == 1;
    o.filter = {m_ui->thresholdBox->value(), m_ui->topKBox->value(), m_ui->massBox->value() / 100.0};
    o.sorted = m_ui->sortedBox->isChecked();
    if (m_ui->vectorsView->axes() == VectorPlotView::Axes::Dimensions) {
        o.dimX = m_ui->vectorsView->dimensionX();
        o.dimY = m_ui->vectorsView->dimensionY();
    }
    // A figure looks like the window: its colours on the window's scale, and titled with the
    // model and layer it shows.
    o.dataScale = !m_ui->heatmapView->unitScale();
    o.source = figureSource();
    if (m_live->isOpen())
        o.sentence = m_live->sentence();
    return o;
}

void MainWindow::saveViewOptions() const
{
    const FigureOptions f = figureOptions(FigureKind::Arrows);
    QSettings settings;
    settings.setValue(QStringLiteral("window/viewSplitter"), m_ui->viewSplitter->saveState());
    ViewOptions {f.sorted, f.arcs, f.allHeads, f.filter}.save(settings);
}

void MainWindow::setUpLanguageMenu()
{
    // View → Language, after Theme. Every text of the window is made when it opens: a new
    // language shows from the next start, as the status bar says.
    auto *menu = new QMenu(tr("&Language"), this);
    menu->setObjectName(QStringLiteral("menuLanguage"));
    const QList<QAction *> viewActions = m_ui->menuView->actions();
    const auto theme = viewActions.indexOf(m_ui->menuTheme->menuAction());
    m_ui->menuView->insertMenu(viewActions.value(theme + 1), menu);
    auto *group = new QActionGroup(menu);
    const QString chosen = app::chosenLanguage();
    QList<app::Language> languages {{QString(), tr("System language")}};
    languages.append(app::availableLanguages());
    for (const app::Language &language : std::as_const(languages)) {
        QAction *action = menu->addAction(language.name);
        action->setCheckable(true);
        action->setChecked(language.code == chosen);
        action->setData(language.code);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, language] {
            app::setChosenLanguage(language.code);
            const QString name = language.code.isEmpty() ? tr("the system's language") : language.name;
            statusBar()->showMessage(tr("QKV Lab speaks %1 from its next start.").arg(name), 8000);
        });
    }
}

} // namespace qkv
