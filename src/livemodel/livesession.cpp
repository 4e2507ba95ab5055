#include "livemodel/livesession.h"

#include "platform/cores.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <utility>

namespace qkv::live {

LiveSession::LiveSession(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_pause.setSingleShot(true);
    connect(&m_pause, &QTimer::timeout, this, &LiveSession::request);
}

LiveSession::~LiveSession()
{
    if (m_cancel)
        m_cancel->store(true);
    m_pool.waitForDone();
}

void LiveSession::open(std::shared_ptr<const LiveModel> model, const QString &sentence, const QString &target)
{
    m_model = std::move(model);
    m_sentence = sentence;
    m_target = target;
    m_interventions.clear();
    m_run.reset();
    m_baseline.reset();
    m_error.clear();
    m_pause.stop();
    request();
    Q_EMIT modelChanged();
}

void LiveSession::close()
{
    if (m_cancel)
        m_cancel->store(true);
    ++m_generation; // what is under way is dropped when it comes back
    m_pending = false;
    m_pause.stop();
    m_model.reset();
    m_interventions.clear();
    m_run.reset();
    m_baseline.reset();
    updateComputing();
    Q_EMIT modelChanged();
}

void LiveSession::setSentence(const QString &sentence)
{
    if (!m_model || sentence == m_sentence)
        return;
    m_sentence = sentence;
    typed();
}

void LiveSession::setTarget(const QString &target)
{
    if (!m_model || target == m_target)
        return;
    m_target = target;
    typed();
}

void LiveSession::typed()
{
    std::erase_if(m_interventions,
        [](const transformer::Intervention &i) { return i.kind != transformer::Intervention::Kind::Ablate; });
    m_pause.start(typingPause());
    updateComputing();
}

int LiveSession::typingPause() const
{
    // A third of a run: a letter typed meanwhile cancels the run at its next layer, which costs
    // less than waiting longer before every sentence.
    return std::clamp(int(m_lastRunMs / 3), m_minPause, std::max(m_minPause, m_maxPause));
}

void LiveSession::setTypingPause(int shortest, int longest)
{
    m_minPause = shortest;
    m_maxPause = longest;
}

void LiveSession::setInterventions(std::vector<transformer::Intervention> interventions)
{
    if (!m_model)
        return;
    m_interventions = std::move(interventions);
    m_pause.stop();
    request();
}

void LiveSession::restore(
    const QString &sentence, const QString &target, std::vector<transformer::Intervention> interventions)
{
    if (!m_model)
        return;
    m_sentence = sentence;
    m_target = target;
    setInterventions(std::move(interventions));
}

void LiveSession::request()
{
    ++m_generation;
    if (m_cancel)
        m_cancel->store(true); // a newer request: the older one is not waited for
    m_pending = true;
    if (!m_computing)
        startPending();
    updateComputing();
}

void LiveSession::startPending()
{
    m_pending = false;
    m_computing = true;
    Request r {m_model, m_sentence, m_target, m_interventions, {}, {}, m_generation, m_previewLayer, m_previewAfterMs};
    // Both are of this sentence when their tokens agree; recompute checks that again.
    const auto same = [this](const std::shared_ptr<const LiveRun> &run) {
        return run && run->sentence == m_sentence
            && run->target == (m_model->isEncoderDecoder() ? m_target : QString());
    };
    if (same(m_baseline))
        r.baseline = m_baseline;
    if (same(m_run))
        r.previous = m_run;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    // Layers done and a preview reach the window through its event loop; an older request's are
    // dropped.
    Reports reports;
    reports.progress = [this, generation = m_generation](int done, int layers) {
        QMetaObject::invokeMethod(
            this,
            [this, generation, done, layers] {
                if (generation == m_generation)
                    Q_EMIT this->progress(done, layers);
            },
            Qt::QueuedConnection);
    };
    reports.preview = [this, generation = m_generation](std::shared_ptr<const LiveRun> preview) {
        QMetaObject::invokeMethod(
            this,
            [this, generation, preview = std::move(preview)] {
                if (generation == m_generation && m_computing)
                    Q_EMIT previewed(preview);
            },
            Qt::QueuedConnection);
    };
    m_pool.start([this, r = std::move(r), cancel = m_cancel, reports = std::move(reports)] {
        runBelowWindow();
        Outcome outcome = compute(r, *cancel, reports);
        // Queued to this object's thread; dropped if the session is gone by then.
        QMetaObject::invokeMethod(
            this, [this, outcome = std::move(outcome)]() mutable { accept(std::move(outcome)); }, Qt::QueuedConnection);
    });
}

LiveSession::Outcome LiveSession::compute(const Request &r, const std::atomic<bool> &cancel, const Reports &reports)
{
    QElapsedTimer clock;
    clock.start();
    Outcome out = computeRuns(r, cancel, reports);
    out.milliseconds = double(clock.nsecsElapsed()) / 1e6;
    return out;
}

LiveSession::Outcome LiveSession::computeRuns(const Request &r, const std::atomic<bool> &cancel, const Reports &reports)
{
    Outcome out;
    out.generation = r.generation;
    RunOptions options;
    options.target = r.target;
    options.cancel = &cancel;
    options.progress = reports.progress;
    out.baseline = r.baseline;
    if (!out.baseline) {
        if (r.interventions.empty()) { // the run shown: worth a preview when long
            options.previewLayer = r.previewLayer;
            options.previewAfterMs = r.previewAfterMs;
            options.preview = reports.preview;
        }
        out.baseline = std::make_shared<const LiveRun>(live::run(*r.model, r.sentence, options));
        options.preview = nullptr;
        if (r.interventions.empty() || !*out.baseline) {
            out.run = out.baseline;
            return out;
        }
    }
    // Start from whichever earlier run of this sentence shares the most layers.
    options.interventions = r.interventions;
    options.previous = out.baseline.get();
    if (r.previous && r.previous->forward && out.baseline->forward) {
        transformer::ForwardOptions probe;
        probe.interventions = r.interventions;
        if (transformer::firstChangedLayer(*r.previous->forward, probe)
            > transformer::firstChangedLayer(*out.baseline->forward, probe))
            options.previous = r.previous.get();
    }
    out.run = std::make_shared<const LiveRun>(live::run(*r.model, r.sentence, options));
    return out;
}

void LiveSession::stop()
{
    m_pause.stop();
    m_pending = false;
    if (m_cancel)
        m_cancel->store(true);
    m_stopping = m_computing;
    if (!m_stopping)
        Q_EMIT stopped();
    updateComputing();
}

void LiveSession::accept(Outcome outcome)
{
    m_computing = false;
    if (std::exchange(m_stopping, false))
        Q_EMIT stopped();
    const bool newest = outcome.generation == m_generation;
    if (outcome.run && !outcome.run->cancelled && outcome.generation <= m_generation && m_model) {
        if (!*outcome.run) {
            if (newest) {
                m_error = outcome.run->error;
                Q_EMIT failed(m_error);
            }
        } else {
            // An older request that finished before it saw its cancel is still news: the views
            // show it until the newest is ready.
            m_error.clear();
            m_lastRunMs = outcome.milliseconds;
            m_run = std::move(outcome.run);
            m_baseline = std::move(outcome.baseline);
            Q_EMIT runChanged();
        }
    }
    if (m_pending)
        startPending();
    updateComputing();
}

void LiveSession::updateComputing()
{
    const bool computing = isComputing();
    if (computing == m_signalledComputing)
        return;
    m_signalledComputing = computing;
    Q_EMIT computingChanged(computing);
}

void LiveSession::waitForRun()
{
    if (m_pause.isActive()) {
        m_pause.stop();
        request();
    }
    while (m_computing || m_pending) {
        m_pool.waitForDone();
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    }
}

} // namespace qkv::live
