#pragma once

#include "livemodel/livemodel.h"

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <functional>
#include <memory>
#include <vector>

namespace qkv::live {

// A model in the window: the sentence typed and the heads changed, computed away from the
// window's thread. Typing waits for a pause before it computes; a newer request cancels the
// one under way (between layers), so only the newest sentence is ever waited for. With
// interventions, the model's own run of the same sentence is kept beside it (predictions
// before → after) and an intervention recomputes from the first layer it changes.
class LiveSession : public QObject
{
    Q_OBJECT

public:
    explicit LiveSession(QObject *parent = nullptr);
    ~LiveSession() override; // cancels and waits for the computation under way

    // Shows `model` on `sentence` (and an encoder-decoder model's `target`), computed at once,
    // without interventions.
    void open(std::shared_ptr<const LiveModel> model, const QString &sentence, const QString &target = {});
    void close();
    bool isOpen() const { return static_cast<bool>(m_model); }
    const std::shared_ptr<const LiveModel> &model() const { return m_model; }

    QString sentence() const { return m_sentence; }
    // Typing: computed once the sentence has not changed for typingPause(), a third of what the
    // last run took (at most 150 ms): a model that answers at once is never waited for, a slow one
    // is not started on every letter. Interventions that replace numbers belong to the old tokens
    // and are dropped; ablations stay.
    void setSentence(const QString &sentence);
    // An encoder-decoder model's target so far, typed as the sentence is.
    QString target() const { return m_target; }
    void setTarget(const QString &target);
    // The pause the next letter typed waits for, from `shortest` to `longest` ms.
    int typingPause() const;
    void setTypingPause(int shortest, int longest);
    double lastRunMilliseconds() const { return m_lastRunMs; }

    const std::vector<transformer::Intervention> &interventions() const { return m_interventions; }
    // Computed at once, from the first layer that changes.
    void setInterventions(std::vector<transformer::Intervention> interventions);
    // A sentence, target and the interventions made on them, together (undo, redo): computed at once.
    void restore(const QString &sentence, const QString &target, std::vector<transformer::Intervention> interventions);

    // The newest finished run of the newest request: null before the first, or after an error.
    const std::shared_ptr<const LiveRun> &run() const { return m_run; }
    // The same sentence without interventions (the same as run() when there are none).
    const std::shared_ptr<const LiveRun> &baseline() const { return m_baseline; }
    QString error() const { return m_error; }
    bool isComputing() const { return m_computing || m_pending || m_pause.isActive(); }

    // Computes what is pending now and returns once run() is up to date (tests, scripts).
    void waitForRun();
    // Gives up the computation under way and the one waiting: run() stays what it was until
    // the next sentence or edit asks again.
    void stop();
    // The layer the views show (-1: none, or all layers combined): a new sentence's run whose
    // later layers look like taking over previewAfter() ms yet hands it on as soon as it is
    // computed (previewed()).
    void setPreviewLayer(int layer) { m_previewLayer = layer; }
    double previewAfter() const { return m_previewAfterMs; }
    void setPreviewAfter(double ms) { m_previewAfterMs = ms; }

Q_SIGNALS:
    void modelChanged(); // opened, or closed
    void computingChanged(bool computing);
    void runChanged(); // run() and baseline() hold the newest request's result
    // The newest request's layers done of layers (each run of it counts from 0 again).
    void progress(int done, int layers);
    // stop() took effect: run() is of an earlier sentence or edit than the one asked for.
    void stopped();
    void failed(const QString &error); // the newest request was refused (error() says why)
    // The newest request's layers up to the preview layer, while the rest compute (LiveRun::preview).
    void previewed(std::shared_ptr<const qkv::live::LiveRun> preview);

private:
    struct Request {
        std::shared_ptr<const LiveModel> model;
        QString sentence, target;
        std::vector<transformer::Intervention> interventions;
        std::shared_ptr<const LiveRun> baseline; // of the same sentence, when known
        std::shared_ptr<const LiveRun> previous; // the last run of the same sentence
        quint64 generation = 0;
        int previewLayer = -1;
        double previewAfterMs = 0;
    };
    struct Outcome {
        std::shared_ptr<const LiveRun> run;
        std::shared_ptr<const LiveRun> baseline;
        quint64 generation = 0;
        double milliseconds = 0; // computing it took
    };
    void request();
    void typed(); // the sentence or target changed: computed after a pause
    void startPending();
    void accept(Outcome outcome);
    void updateComputing(); // signals computingChanged when isComputing() changed
    struct Reports { // to the window's thread, while computing
        std::function<void(int, int)> progress;
        std::function<void(std::shared_ptr<const LiveRun>)> preview;
    };
    static Outcome compute(const Request &request, const std::atomic<bool> &cancel, const Reports &reports); // timed
    static Outcome computeRuns(const Request &request, const std::atomic<bool> &cancel, const Reports &reports);

    std::shared_ptr<const LiveModel> m_model;
    QString m_sentence;
    QString m_target;
    std::vector<transformer::Intervention> m_interventions;
    std::shared_ptr<const LiveRun> m_run;
    std::shared_ptr<const LiveRun> m_baseline;
    QString m_error;
    QTimer m_pause;
    int m_minPause = 0;
    int m_maxPause = 150; // a typist's pause between words, not between letters
    double m_lastRunMs = 150;
    int m_previewLayer = -1;
    double m_previewAfterMs = 1000;
    quint64 m_generation = 0; // of the newest request
    bool m_pending = false; // a request waits for the worker
    bool m_stopping = false; // stop() waits for the computation under way to notice
    bool m_computing = false;
    bool m_signalledComputing = false;
    std::shared_ptr<std::atomic<bool>> m_cancel; // of the computation under way
    QThreadPool m_pool; // one worker; destroyed (and waited for) before the members it uses
};

} // namespace qkv::live
