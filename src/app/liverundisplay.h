#pragma once

#include "livemodel/nexttoken.h"
#include "views/predictionview.h"

#include <QObject>

#include <memory>
#include <optional>
#include <vector>

class QMainWindow;
class QProgressBar;
class QToolButton;

namespace Ui {
class MainWindow;
}

namespace qkv {

class ModelWorkspace;
class WindowFiles;

// What the window shows of a running model beside its attention: the Prediction dock (the newest
// run's predictions, compared before → after an edit, or why there are none), the busy bar and
// Stop button in the status bar once a run takes long enough to notice, and why a run failed or
// stopped.
class LiveRunDisplay : public QObject
{
    Q_OBJECT

public:
    LiveRunDisplay(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace, WindowFiles *files);

private:
    void showPredictions();
    // A causal model's prediction after token `position` of `run`, compared with `before`'s
    // when given; empty when the run has none there.
    std::optional<PredictionGroup> nextTokenGroup(const live::LiveRun &run, const live::LiveRun *before, int position);
    const live::NextToken &nextTokenOf(const live::LiveRun &run, int position);
    void setUpBusy();
    // Before a long run: the attention it keeps, and its memory, in the status bar.
    void announceMemory();

    QMainWindow *m_window;
    Ui::MainWindow *m_ui;
    ModelWorkspace *m_workspace;
    QProgressBar *m_busy;
    QToolButton *m_stop;
    QString m_previewMessage; // in the status bar until the run is done
    struct CachedNext {
        std::weak_ptr<const live::LiveRun> run;
        live::NextToken next;
    };
    std::vector<CachedNext> m_nextTokens; // the last few asked for
};

} // namespace qkv
