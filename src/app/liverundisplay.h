#pragma once

#include "livemodel/nexttoken.h"
#include "views/predictionview.h"

#include <QObject>
#include <QThreadPool>

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
    // A causal model's prediction `after` a token of `run`, compared with `previous` (a run before)
    // when given; empty when the run has none there.
    std::optional<PredictionGroup> nextTokenGroup(
        const live::LiveRun &run, const live::NextToken &after, const live::NextToken *previous);
    // The prediction after token `position` of `run`. Null while it is computed on m_pool: a row
    // the run did not keep is a product with the whole vocabulary's weights (10-20 ms for GPT-2,
    // far more for an 8B model), and showPredictions runs again once it is in.
    std::shared_ptr<const live::NextToken> nextTokenOf(const std::shared_ptr<const live::LiveRun> &run, int position);
    std::shared_ptr<const live::NextToken> keepNextToken(
        const std::shared_ptr<const live::LiveRun> &run, int position, live::NextToken next);
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
        int position; // asked for: `next` is empty when the run has no prediction there
        std::shared_ptr<const live::NextToken> next;
    };
    std::vector<CachedNext> m_nextTokens; // the last few asked for
    bool m_computingNext = false; // a row on m_pool: one at a time, the next is the one wanted then
    QThreadPool m_pool; // one worker; destroyed (and waited for) before the members it uses
};

} // namespace qkv
