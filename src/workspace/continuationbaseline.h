#pragma once

#include <QObject>

#include <memory>

namespace qkv {

class ModelWorkspace;

namespace live {
struct LiveRun;
}

// A generated text written again after an intervention, against the text as first written: once
// the window shows the new continuation, the first one's run (its text, the interventions it was
// written with) is the views' baseline, so the Δ view shows how far the change moved each head's
// attention over both texts, token by token. It follows the look (another layer, another head) and
// ends when the window shows a text of another length, when compare() is given another run, or
// when the model stops running.
class ContinuationBaseline : public QObject
{
    Q_OBJECT

public:
    explicit ContinuationBaseline(ModelWorkspace *workspace);

    // Compares what the window shows from now on with `first`; null stops comparing.
    void compare(std::shared_ptr<const live::LiveRun> first);
    bool isComparing() const { return m_first != nullptr; }
    // The snapshot the views compare with: "As first written".
    static QString snapshotName();

private:
    void show();

    ModelWorkspace *m_workspace;
    std::shared_ptr<const live::LiveRun> m_first;
};

} // namespace qkv
