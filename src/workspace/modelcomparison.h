#pragma once

#include <QObject>
#include <QString>

#include <memory>

namespace qkv {

class ModelWorkspace;
struct ModelAttention;

namespace live {
class LiveModel;
class LiveSession;
struct LiveRun;
} // namespace live

// The running model against another file of itself — its F32 or BF16 weights against a Q8_0 or
// Q4_K_M file, say: the other file runs on every sentence and intervention the workspace shows,
// on a worker of its own, and its numbers of the shown look become the baseline the views compare
// with (a snapshot named after the file, kept by the look, no step of any history), so the Δ
// view shows how far quantization moved each head's attention; run() gives its predictions.
class ModelComparison : public QObject
{
    Q_OBJECT

public:
    explicit ModelComparison(ModelWorkspace *workspace);
    ~ModelComparison() override;

    // Compares with `other`; the reason when it cannot (no model runs, or the other has other
    // layers, heads or vocabulary), and nothing changes.
    QString start(std::shared_ptr<const live::LiveModel> other);
    // Back to the model alone: the comparison's snapshot leaves the shown look.
    void stop();
    bool isComparing() const;
    std::shared_ptr<const live::LiveModel> other() const;
    // The other file's run of the sentence and interventions shown now, or null until it has one.
    std::shared_ptr<const live::LiveRun> run() const;
    // The snapshot holding the other file's numbers: "Compared: NAME".
    QString snapshotName() const;
    // Returns once the other file's run is shown (tests).
    void waitForRun();

    // The shown look of `attention` as the views' baseline, a snapshot `name` of the workspace's
    // document (no step of any history); false when the look cannot be made of it. And the
    // snapshot taken away again. Also for a generated text's first continuation (ContinuationBaseline).
    static bool showBaseline(ModelWorkspace *workspace, const QString &name, const ModelAttention &attention);
    static void removeBaseline(ModelWorkspace *workspace, const QString &name);

Q_SIGNALS:
    void changed(); // started, stopped, or the other file's run of the shown sentence is shown
    // The comparison stopped because the two files turned out not to be one model's (other
    // tokens), or the other could not run.
    void failed(const QString &why);

private:
    void follow();
    void show();
    void removeSnapshot();

    ModelWorkspace *m_workspace;
    live::LiveSession *m_other;
};

} // namespace qkv
