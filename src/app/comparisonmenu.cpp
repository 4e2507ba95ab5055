#include "app/comparisonmenu.h"

#include "app/modelopening.h"
#include "livemodel/livemodel.h"
#include "workspace/modelcomparison.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace qkv {

ComparisonMenu::ComparisonMenu(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace)
    : QObject(window)
    , m_window(window)
    , m_workspace(workspace)
    , m_compare(new QAction(tr("&Compare With Another File…"), window))
    , m_stop(new QAction(tr("Stop Co&mparing"), window))
{
    m_compare->setObjectName(QStringLiteral("actionCompareModel"));
    m_compare->setStatusTip(tr("Run another file of this model (another precision or quantization) on the same "
                               "sentence and show how far its attention and predictions are from these"));
    m_stop->setObjectName(QStringLiteral("actionStopComparing"));
    m_stop->setStatusTip(tr("Show the model alone again"));
    // After Open GGUF File… and Download Model…, before the head's own actions.
    ui->menuModel->insertAction(ui->actionAblateHead, m_compare);
    ui->menuModel->insertAction(ui->actionAblateHead, m_stop);
    ui->menuModel->insertSeparator(ui->actionAblateHead);
    connect(m_compare, &QAction::triggered, this, &ComparisonMenu::choose);
    ModelComparison *comparison = m_workspace->comparison();
    connect(m_stop, &QAction::triggered, comparison, &ModelComparison::stop);
    connect(comparison, &ModelComparison::changed, this, [this] {
        update();
        const ModelComparison *c = m_workspace->comparison();
        if (c->isComparing() && c->run())
            m_window->statusBar()->showMessage(tr("Compared with %1: the Δ view and the predictions show how far "
                                                  "this model's numbers are from it")
                                                   .arg(modelName(c->other()->location())));
    });
    // Running once its first run is shown.
    connect(m_workspace, &ModelWorkspace::runningChanged, this, &ComparisonMenu::update);
    connect(m_workspace, &ModelWorkspace::runShown, this, &ComparisonMenu::update);
    connect(comparison, &ModelComparison::failed, this,
        [this](const QString &why) { QMessageBox::warning(m_window, tr("Cannot compare"), why); });
    update();
}

void ComparisonMenu::choose()
{
    const QString file = QFileDialog::getOpenFileName(m_window, tr("Compare with another file of this model"),
        QSettings().value(QStringLiteral("files/modelFolder")).toString(),
        tr("Models (*.gguf config.json);;All files (*)"));
    if (file.isEmpty())
        return;
    // A folder's model is chosen by its config.json.
    const QString location = QFileInfo(file).fileName() == u"config.json" ? QFileInfo(file).absolutePath() : file;
    QString error;
    const std::shared_ptr<const live::LiveModel> other = app::openModelShowingProgress(m_window, location, &error);
    if (!other) {
        if (!error.isEmpty())
            QMessageBox::warning(m_window, tr("Cannot compare"), error);
        return;
    }
    if (const QString why = m_workspace->comparison()->start(other); !why.isEmpty())
        QMessageBox::warning(m_window, tr("Cannot compare"), why);
}

void ComparisonMenu::update()
{
    const ModelComparison *comparison = m_workspace->comparison();
    m_compare->setEnabled(m_workspace->isRunning());
    m_stop->setEnabled(comparison->isComparing());
}

} // namespace qkv
