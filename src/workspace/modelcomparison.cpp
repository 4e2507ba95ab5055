#include "workspace/modelcomparison.h"

#include "document/snapshot.h"
#include "livemodel/documentinterventions.h"
#include "livemodel/livesession.h"
#include "modelfiles/modeldocument.h"
#include "session/documentsession.h"
#include "session/transformersession.h"
#include "workspace/modelworkspace.h"

#include <algorithm>

namespace qkv {

ModelComparison::ModelComparison(ModelWorkspace *workspace)
    : QObject(workspace)
    , m_workspace(workspace)
    , m_other(new live::LiveSession(this))
{
    m_other->setTypingPause(0, 0); // it follows finished runs, never keys
    connect(m_workspace, &ModelWorkspace::runShown, this, &ModelComparison::follow);
    connect(m_workspace->transformer(), &TransformerSession::viewChanged, this, &ModelComparison::show);
    connect(m_workspace, &ModelWorkspace::runningChanged, this, [this](bool running) {
        if (!running)
            stop();
    });
    connect(m_other, &live::LiveSession::runChanged, this, &ModelComparison::show);
    connect(m_other, &live::LiveSession::failed, this, [this](const QString &why) {
        stop();
        Q_EMIT failed(why);
    });
}

ModelComparison::~ModelComparison() = default;

QString ModelComparison::start(std::shared_ptr<const live::LiveModel> other)
{
    const std::shared_ptr<const live::LiveRun> shown = m_workspace->live()->run();
    if (!m_workspace->isRunning() || !shown)
        return tr("Open a model first: another file of it is compared with the model running.");
    const transformer::Config &a = m_workspace->live()->model()->model().config(), &b = other->model().config();
    if (a.layers != b.layers || a.heads != b.heads || a.vocab != b.vocab)
        return tr("%1 has %2 layers of %3 heads and %4 tokens, the model running %5, %6 and %7: they are not "
                  "files of one model.")
            .arg(modelName(other->location()))
            .arg(b.layers)
            .arg(b.heads)
            .arg(b.vocab)
            .arg(a.layers)
            .arg(a.heads)
            .arg(a.vocab);
    removeSnapshot(); // of a file compared before
    m_other->open(std::move(other), shown->sentence, shown->target);
    follow();
    Q_EMIT changed();
    return {};
}

void ModelComparison::stop()
{
    if (!isComparing())
        return;
    removeSnapshot(); // while it still has its name
    m_other->close();
    Q_EMIT changed();
}

bool ModelComparison::isComparing() const
{
    return m_other->isOpen();
}

std::shared_ptr<const live::LiveModel> ModelComparison::other() const
{
    return m_other->model();
}

std::shared_ptr<const live::LiveRun> ModelComparison::run() const
{
    const std::shared_ptr<const live::LiveRun> &shown = m_workspace->live()->run();
    std::shared_ptr<const live::LiveRun> theirs = m_other->run();
    if (!isComparing() || !shown || !theirs || !theirs->forward || !shown->forward || theirs->ids != shown->ids
        || !live::sameInterventions(theirs->forward->interventions, shown->forward->interventions))
        return nullptr;
    return theirs;
}

QString ModelComparison::snapshotName() const
{
    return isComparing() ? tr("Compared: %1").arg(modelName(m_other->model()->location())) : QString();
}

void ModelComparison::waitForRun()
{
    if (!isComparing())
        return;
    m_other->waitForRun();
    show();
}

void ModelComparison::follow()
{
    const std::shared_ptr<const live::LiveRun> shown = m_workspace->live()->run();
    if (!isComparing() || !shown || !shown->forward)
        return;
    // The other file runs what the model just showed: its sentence and its interventions.
    if (m_other->sentence() != shown->sentence || m_other->target() != shown->target
        || !live::sameInterventions(m_other->interventions(), shown->forward->interventions))
        m_other->restore(shown->sentence, shown->target, shown->forward->interventions);
    else
        show();
}

void ModelComparison::show()
{
    const std::shared_ptr<const live::LiveRun> shown = m_workspace->live()->run(), theirs = m_other->run();
    if (!isComparing() || !shown || !theirs)
        return;
    if (theirs->sentence == shown->sentence && theirs->ids != shown->ids) {
        const QString why = tr("%1 splits the sentence into other tokens: it is not a file of the model running.")
                                .arg(modelName(m_other->model()->location()));
        stop();
        Q_EMIT failed(why);
        return;
    }
    if (!run())
        return; // its run of the shown sentence and edits is still to come
    if (showBaseline(m_workspace, snapshotName(), *theirs->attention))
        Q_EMIT changed();
}

void ModelComparison::removeSnapshot()
{
    removeBaseline(m_workspace, snapshotName());
}

bool ModelComparison::showBaseline(ModelWorkspace *workspace, const QString &name, const ModelAttention &attention)
{
    if (!workspace->transformer()->isOpen())
        return false;
    std::optional<ModelDocument> compared = modelDocument(attention, workspace->transformer()->view(), name);
    if (!compared)
        return false;
    Document doc = workspace->session()->document();
    std::vector<Snapshot> snapshots = doc.snapshots();
    std::erase_if(snapshots, [&name](const Snapshot &s) { return s.name == name; });
    snapshots.push_back({name, std::make_shared<const Document>(snapshotState(compared->document))});
    doc.setSnapshots(std::move(snapshots));
    doc.setBaseline(name);
    // A running model's look takes snapshots without a step of any history.
    workspace->session()->editDocument(doc, tr("Compare with %1").arg(name));
    return true;
}

void ModelComparison::removeBaseline(ModelWorkspace *workspace, const QString &name)
{
    Document doc = workspace->session()->document();
    std::vector<Snapshot> snapshots = doc.snapshots();
    if (std::erase_if(snapshots, [&name](const Snapshot &s) { return s.name == name; }) == 0)
        return;
    doc.setSnapshots(std::move(snapshots));
    if (doc.baseline() == name)
        doc.setBaseline({});
    workspace->session()->editDocument(doc, tr("Stop comparing"));
}

} // namespace qkv
