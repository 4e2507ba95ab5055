// A real model in the window: the model panel's choices become the session's document,
// and its overview grid follows the layer and head every view shows.
#include "app/mainwindow.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include "app/modelopening.h"
#include "livemodel/livesession.h"
#include "livemodel/sessionfile.h"
#include "session/autosaver.h"
#include "session/documentsession.h"
#include "session/transformersession.h"
#include "views/heatmapview.h"
#include "views/layersgridview.h"
#include "views/transformerpanel.h"

#include <QFileInfo>
#include <QTimer>

namespace qkv {

void MainWindow::setUpModel()
{
    tabifyDockWidget(m_ui->workedDock, m_ui->modelDock);
    m_ui->workedDock->raise();
    m_ui->modelDock->hide();
    m_ui->menuView->insertAction(m_ui->historyDock->toggleViewAction(), m_ui->modelDock->toggleViewAction());
    LayersGridView *grid = m_ui->transformerPanel->grid();
    connect(m_ui->transformerPanel, &TransformerPanel::viewEdited, this, [this](const ModelView &view) {
        const QString error = m_transformer->setView(view);
        if (!error.isEmpty()) {
            m_files->showError(tr("Cannot show the model so"), error);
            showModelView(); // the panel shows what is shown
        }
    });
    connect(m_ui->transformerPanel, &TransformerPanel::headChosen, this, [this](int layer, int head) {
        ModelView view = m_transformer->view();
        view.layer = layer;
        view.headsBy.reset();
        if (const QString error = m_transformer->setView(view); !error.isEmpty())
            return m_files->showError(tr("Cannot show the model so"), error);
        m_session->setCurrentHead(head);
    });
    connect(m_transformer, &TransformerSession::modelChanged, this, [this] {
        m_ui->transformerPanel->setModel(m_transformer->model());
        m_ui->modelDock->setVisible(m_transformer->isOpen());
        if (m_transformer->isOpen()) // once the dock is shown: a hidden tab cannot be raised
            QTimer::singleShot(0, m_ui->modelDock, &QDockWidget::raise);
    });
    connect(m_transformer, &TransformerSession::viewChanged, this, &MainWindow::showModelView);
    connect(m_transformer, &TransformerSession::modelReplaced, this, [this] {
        m_ui->transformerPanel->setModel(m_transformer->model());
        showModelView();
    });
    connect(m_session, &DocumentSession::currentHeadChanged, this, &MainWindow::showModelView);
    connect(m_ui->settingsPanel, &SettingsPanel::colormapEdited, grid, &LayersGridView::setColormap);
    if (auto *skipFirst = findChild<QAction *>(QStringLiteral("actionSkipFirst")))
        connect(skipFirst, &QAction::toggled, grid, &LayersGridView::setScaleSkipsFirst);
}

void MainWindow::showModelView()
{
    if (!m_transformer->isOpen())
        return;
    const ModelView &view = m_transformer->view();
    m_ui->transformerPanel->setView(view, m_session->document().description());
    LayersGridView *grid = m_ui->transformerPanel->grid();
    grid->setTokenGroups(m_transformer->tokenGroups());
    grid->setCurrent(std::max(view.layer, 0), view.headsBy || view.layer < 0 ? -1 : m_session->currentHead());
}

QString MainWindow::figureSource() const
{
    if (!m_transformer->isOpen())
        return {};
    const ModelView &v = m_transformer->view();
    const int layers = m_transformer->shown()->layers;
    QStringList parts {
        m_live->isOpen() ? modelName(m_live->model()->location()) : QFileInfo(m_transformer->path()).fileName()};
    if (m_transformer->model()->isEncoderDecoder())
        parts << (v.stack == AttentionStack::Encoder ? tr("encoder")
                : v.stack == AttentionStack::Decoder ? tr("decoder")
                                                     : tr("cross-attention"));
    parts << (v.layer >= 0                     ? tr("layer %1 of %2").arg(v.layer + 1).arg(layers)
            : v.layersBy == Aggregate::Max     ? tr("max of %1 layers").arg(layers)
            : v.layersBy == Aggregate::Rollout ? tr("rollout through %1 layers").arg(layers)
            : v.layersBy == Aggregate::Flow    ? tr("flow through %1 layers").arg(layers)
                                               : tr("mean of %1 layers").arg(layers));
    if (v.headsBy && !(v.layer < 0 && throughLayers(v.layersBy)))
        parts << (*v.headsBy == Aggregate::Max ? tr("max of heads") : tr("mean of heads"));
    if (v.merge != SubwordStyle::None)
        parts << tr("word pieces merged");
    if (v.hideSpecial)
        parts << tr("special tokens hidden");
    return parts.join(QStringLiteral(", "));
}

} // namespace qkv
