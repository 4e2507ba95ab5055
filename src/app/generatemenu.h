#pragma once

#include <QObject>
#include <QPointer>

#include <memory>

class QAction;
class QMainWindow;

namespace Ui {
class MainWindow;
}

namespace qkv {

class ContinuationBaseline;
class GenerateDialog;
class ModelWorkspace;

namespace live {
struct LiveRun;
}

// Model → Generate… and its button beside the sentence box: the running causal language model
// continues the sentence (GenerateDialog), the whole text is typed as the sentence (one step of
// the history), and the dialog's step slider selects each new token in the views. An intervention
// made since writes the continuation again, shown beside the first and run on request, the first
// then the views' baseline (the Δ view between the two).
class GenerateMenu : public QObject
{
    Q_OBJECT

public:
    GenerateMenu(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace);
    void show();

private:
    void update();

    QMainWindow *m_window;
    ModelWorkspace *m_workspace;
    QAction *m_action;
    QPointer<GenerateDialog> m_dialog;
    bool m_awaitingRun = false; // the generated text was typed: its run tells the dialog the tokens
    bool m_showingChanged = false; // the text typed is the continuation written again
    // The window's run of the continuation as written, with the interventions it was written with.
    std::shared_ptr<const live::LiveRun> m_written;
    ContinuationBaseline *m_baseline;
};

} // namespace qkv
