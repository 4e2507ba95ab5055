#include "app/generatemenu.h"

#include "livemodel/livesession.h"
#include "panels/generatedialog.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "workspace/continuationbaseline.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include <QMainWindow>
#include <QToolButton>

#include <utility>

namespace qkv {
namespace {

bool writes(const live::LiveModel &model)
{
    const transformer::Config &c = model.model().config();
    return c.causal() && c.family != transformer::Family::T5 && model.model().hasLanguageHead();
}

} // namespace

GenerateMenu::GenerateMenu(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace)
    : QObject(window)
    , m_window(window)
    , m_workspace(workspace)
    , m_action(new QAction(tr("&Generate…"), window))
    , m_baseline(new ContinuationBaseline(workspace))
{
    m_action->setObjectName(QStringLiteral("actionGenerate"));
    m_action->setToolTip(tr("Let the model continue the sentence, token by token"));
    m_action->setStatusTip(tr("The model continues the sentence a token at a time; step through what it looked "
                              "at as it wrote each token"));
    ui->menuModel->insertAction(ui->actionAblateHead, m_action);
    // The same beside the sentence box, where the sentence it continues is.
    auto *button = new QToolButton(window);
    button->setObjectName(QStringLiteral("generateButton"));
    button->setDefaultAction(m_action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    ui->sentenceLayout->insertWidget(ui->sentenceLayout->indexOf(ui->sentenceEdit) + 1, button);
    connect(m_action, &QAction::triggered, this, &GenerateMenu::show);
    connect(m_workspace, &ModelWorkspace::runningChanged, this, &GenerateMenu::update);
    connect(m_workspace, &ModelWorkspace::runShown, this, [this](std::shared_ptr<const live::LiveRun> run) {
        update();
        if (m_awaitingRun && m_dialog && run) {
            m_awaitingRun = false;
            m_written = run;
            m_dialog->windowRan(run->ids);
        }
    });
    update();
}

void GenerateMenu::show()
{
    if (!m_dialog) {
        m_dialog = new GenerateDialog(m_window);
        // Shown in place of the first, the continuation written again is compared with it; a new
        // continuation ends that.
        connect(m_dialog, &GenerateDialog::aboutToShowChanged, this, [this] {
            m_showingChanged = true;
            m_baseline->compare(m_written);
        });
        connect(m_dialog, &GenerateDialog::generated, this, [this](const QString &text) {
            if (!std::exchange(m_showingChanged, false))
                m_baseline->compare(nullptr);
            m_awaitingRun = true;
            m_workspace->history()->replaceSentence(
                text, tr("Generate %n tokens", nullptr, int(m_dialog->continuation().size())));
        });
        connect(m_dialog, &GenerateDialog::stepChosen, m_workspace->session(), &DocumentSession::setSelectedToken);
    }
    update();
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
}

void GenerateMenu::update()
{
    const live::LiveSession *live = m_workspace->live();
    const bool can = m_workspace->isRunning() && live->model() && writes(*live->model());
    m_action->setEnabled(can);
    if (!m_dialog)
        return;
    // Every intervention the model runs with: heads switched off and queries, keys and values
    // edited hold while it writes, and a change writes the continuation again.
    m_dialog->setModel(can ? live->model() : nullptr, live->sentence(),
        can ? live->interventions() : std::vector<transformer::Intervention> {});
}

} // namespace qkv
