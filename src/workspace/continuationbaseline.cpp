#include "workspace/continuationbaseline.h"

#include "livemodel/livemodel.h"
#include "livemodel/livesession.h"
#include "session/transformersession.h"
#include "workspace/modelcomparison.h"
#include "workspace/modelworkspace.h"

namespace qkv {

ContinuationBaseline::ContinuationBaseline(ModelWorkspace *workspace)
    : QObject(workspace)
    , m_workspace(workspace)
{
    connect(m_workspace, &ModelWorkspace::runShown, this, &ContinuationBaseline::show);
    connect(m_workspace->transformer(), &TransformerSession::viewChanged, this, &ContinuationBaseline::show);
    // No model, no continuation: the document the window goes on with keeps the snapshot as one of
    // its own (and a workspace being destroyed is not edited).
    connect(m_workspace, &ModelWorkspace::runningChanged, this, [this](bool running) {
        if (!running)
            m_first = nullptr;
    });
}

QString ContinuationBaseline::snapshotName()
{
    return tr("As first written");
}

void ContinuationBaseline::compare(std::shared_ptr<const live::LiveRun> first)
{
    if (m_first && !first)
        ModelComparison::removeBaseline(m_workspace, snapshotName());
    m_first = first && first->attention ? std::move(first) : nullptr;
    show();
}

void ContinuationBaseline::show()
{
    const std::shared_ptr<const live::LiveRun> shown = m_workspace->live()->run();
    if (!m_first || !shown || !shown->attention || shown->preview)
        return;
    // Cells compare by place: a text of another length has no first continuation to compare with.
    if (shown->ids.size() != m_first->ids.size()) {
        compare(nullptr);
        return;
    }
    ModelComparison::showBaseline(m_workspace, snapshotName(), *m_first->attention);
}

} // namespace qkv
