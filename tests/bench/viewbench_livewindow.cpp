// The live_window section: a real model in the main window, offscreen. One letter typed into
// the sentence box until the model's new run is shown and every visible view repainted, and
// the longest the event loop went without answering from the keystroke until the repaint was
// done: a 1 ms timer's largest gap while the model ran and while the window repainted, in the
// passes it spreads the repaint over, with where the window's thread was in the longest (running,
// waiting for a core, or neither). And a long document (GPT-2's 1,024 tokens) put in the box at
// once: until its run is shown and repainted, with the attention's memory.
#include "benchprocess.h"
#include "benchtiming.h"
#include "threadclock.h"
#include "viewbenches.h"

#include "app/mainwindow.h"
#include "app/sentencefilemenu.h"
#include "livemodel/livemodel.h"
#include "livemodel/livesession.h"
#include "livemodel/sentencefile.h"
#include "platform/cores.h"
#include "session/documentsession.h"
#include "views/layersgridview.h"
#include "views/stagedrepaint.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QKeyEvent>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <functional>
#include <numeric>

namespace qkv::bench {
using namespace Qt::StringLiterals;
namespace {

void paintPending()
{
    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateLater);
    QCoreApplication::processEvents();
}

// Waits in an event loop (as the window does) for the newest run; false after 60 s.
bool waitForRun(live::LiveSession *live)
{
    QEventLoop loop;
    QTimer::singleShot(60000, &loop, [&loop] { loop.exit(1); });
    const auto done = [live, &loop] {
        if (!live->isComputing())
            loop.exit(0);
    };
    const QMetaObject::Connection c = QObject::connect(live, &live::LiveSession::runChanged, &loop, done);
    const QMetaObject::Connection f
        = QObject::connect(live, &live::LiveSession::failed, &loop, [&loop] { loop.exit(2); });
    QTimer::singleShot(0, &loop, done);
    const int code = loop.exec();
    QObject::disconnect(c);
    QObject::disconnect(f);
    return code == 0;
}

// Runs the event loop until the window has released every view it held back after a run.
void waitForRepaints(const StagedRepaint *staged)
{
    if (!staged->isHolding())
        return;
    QEventLoop loop;
    QTimer::singleShot(5000, &loop, &QEventLoop::quit);
    const QMetaObject::Connection c = QObject::connect(staged, &StagedRepaint::released, &loop, &QEventLoop::quit);
    loop.exec();
    QObject::disconnect(c);
}

double timedMs(const std::function<void()> &work)
{
    QElapsedTimer clock;
    clock.start();
    work();
    return double(clock.nsecsElapsed()) / 1e6;
}

// The longest stall's milliseconds by where the window's thread was: running (the program's own
// work), waiting for a core (the scheduler), or neither (asleep until the probe's next tick,
// blocked, or the virtual machine stopped by its host: `host_steal` is the host's share over all
// cores, counted in 10 ms ticks, so only a rough guide).
QJsonObject stallBreakdown(double stallMs, const ThreadClock &in)
{
    return {{u"running"_s, tenths(in.runMs)}, {u"waiting_for_a_core"_s, tenths(in.waitMs)},
        {u"neither"_s, tenths(std::max(0.0, stallMs - in.runMs - in.waitMs))}, {u"host_steal"_s, tenths(in.stealMs)}};
}

QJsonObject typing(const QString &folder, const QString &sentence, int reps, double targetMs)
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    paintPending();
    if (!window.openLiveModel(folder, sentence))
        return unavailable(window.lastError());
    live::LiveSession *live = window.liveSession();
    if (!waitForRun(live))
        return unavailable(u"the model did not run: "_s + live->error());
    paintPending();
    auto *edit = window.findChild<QLineEdit *>(u"sentenceEdit"_s);
    edit->setFocus();
    edit->end(false);

    std::vector<double> keystroke, stalls, repaint;
    std::pair<double, ThreadClock> worst; // the longest stall, and where the window's thread was in it
    for (int i = 0; i < reps; ++i) {
        // A letter typed, then taken back: the sentence alternates, every keystroke is new work.
        const bool add = i % 2 == 0;
        QKeyEvent press(
            QEvent::KeyPress, add ? Qt::Key_S : Qt::Key_Backspace, Qt::NoModifier, add ? u"s"_s : QString());
        QElapsedTimer clock, gap;
        double longest = 0;
        ThreadClock last = threadClock(), longestClock;
        QTimer probe;
        probe.setInterval(1);
        QObject::connect(&probe, &QTimer::timeout, [&] {
            const double ms = double(gap.nsecsElapsed()) / 1e6;
            gap.restart();
            const ThreadClock now = threadClock();
            if (ms > longest) {
                longest = ms;
                longestClock = now - last;
            }
            last = now;
        });
        clock.start();
        gap.start();
        probe.start();
        QApplication::sendEvent(edit, &press);
        if (!waitForRun(live))
            return unavailable(u"the model did not run: "_s + live->error());
        // The repaint, in the event loop as in the window: the probe times its passes too.
        QElapsedTimer paint;
        paint.start();
        waitForRepaints(window.stagedRepaint());
        const double lastGap = double(gap.nsecsElapsed()) / 1e6;
        probe.stop();
        const double lastPass = timedMs(paintPending); // the last view released, and anything left
        repaint.push_back(double(paint.nsecsElapsed()) / 1e6);
        keystroke.push_back(double(clock.nsecsElapsed()) / 1e6);
        if (lastGap + lastPass > longest) {
            longest = lastGap + lastPass;
            longestClock = threadClock() - last;
        }
        if (stalls.empty() || longest > *std::max_element(stalls.begin(), stalls.end()))
            worst = {longest, longestClock};
        stalls.push_back(longest);
    }
    // The same probe with nothing to do, as long as the typing took: what the machine's load
    // alone costs the event loop.
    double idle = 0;
    {
        QElapsedTimer gap;
        QTimer probe;
        probe.setInterval(1);
        QObject::connect(&probe, &QTimer::timeout, [&] {
            idle = std::max(idle, double(gap.nsecsElapsed()) / 1e6);
            gap.restart();
        });
        QEventLoop loop;
        QTimer::singleShot(int(std::accumulate(keystroke.begin(), keystroke.end(), 0.0)), &loop, &QEventLoop::quit);
        gap.start();
        probe.start();
        loop.exec();
    }
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const auto &run = *live->run();
    QJsonObject o {{u"tokens"_s, int(run.ids.size())}, {u"layers"_s, run.attention->layers},
        {u"heads"_s, run.attention->heads}, {u"keystroke_to_repainted_ms"_s, median(keystroke)},
        {u"of_which_model_run_ms"_s, live->lastRunMilliseconds()}, {u"of_which_repaint_ms"_s, median(repaint)},
        {u"longest_event_loop_stall_ms"_s, *std::max_element(stalls.begin(), stalls.end())},
        {u"longest_stall_window_thread_ms"_s, stallBreakdown(worst.first, worst.second)},
        {u"idle_event_loop_stall_ms"_s, idle}, {u"target_ms"_s, targetMs}, {u"repetitions"_s, reps}};
    o.insert(
        u"meets_target"_s, median(keystroke) <= targetMs && o.value(u"longest_event_loop_stall_ms"_s).toDouble() <= 16);
    return o;
}

// A long document typed into the sentence box at once (as Model → Sentence from Text File does):
// the milliseconds until the layer in view is shown (the target), and until every layer
// is, each with every view repainted; the attention's memory, and the heatmap's repaint at that
// length (a selection moved). A target of 0: none.
QJsonObject longDocument(const QString &folder, int tokens, double targetMs)
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    paintPending();
    if (!window.openLiveModel(folder, u"The"_s))
        return unavailable(window.lastError());
    live::LiveSession *live = window.liveSession();
    if (!waitForRun(live))
        return unavailable(u"the model did not run: "_s + live->error());
    paintPending();
    QString text;
    for (int i = 0; text.size() < tokens * 8; ++i)
        text += u"Paragraph %1. When Mary and John went to the store, John gave a drink to Mary; the two friends "
                "then walked home along the river, talking about what they had seen. "_s.arg(i);
    text = live::leadingTokens(*live->model(), text, tokens);
    QTemporaryDir dir;
    QFile file(dir.filePath(u"document.txt"_s));
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0)
        return unavailable(u"cannot write "_s + file.fileName());
    file.close();
    QElapsedTimer clock;
    clock.start();
    // As Model → Sentence from Text File… types it; the run starts after the typing pause.
    if (const QString why = window.findChild<SentenceFileMenu *>()->typeFile(file.fileName(), true); !why.isEmpty())
        return unavailable(why);
    const auto done = [&] { return live->run() && live->run()->sentence == text && !live->isComputing(); };
    // An event loop that sleeps until the first layer is shown, then until the whole run (a loop
    // of processEvents would take a core from the run).
    double firstLayer = -1;
    for (const bool whole : {false, true}) {
        if (done())
            break;
        QEventLoop loop;
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        const QMetaObject::Connection c = QObject::connect(live, &live::LiveSession::runChanged, &loop, [&] {
            if (done())
                loop.quit();
        });
        const QMetaObject::Connection f = QObject::connect(live, &live::LiveSession::failed, &loop, &QEventLoop::quit);
        QMetaObject::Connection p;
        if (!whole) // the workspace, connected first, has shown it by then
            p = QObject::connect(live, &live::LiveSession::previewed, &loop, &QEventLoop::quit);
        loop.exec();
        QObject::disconnect(c);
        QObject::disconnect(f);
        QObject::disconnect(p);
        if (!whole && !done()) {
            waitForRepaints(window.stagedRepaint());
            paintPending();
            firstLayer = double(clock.nsecsElapsed()) / 1e6;
            if (const QString shot = qEnvironmentVariable("QKV_SCREENSHOT"); !shot.isEmpty())
                window.grab().save(QString(shot).replace(u".png"_s, u"-first-layer.png"_s));
        }
    }
    if (!live->run() || live->run()->sentence != text)
        return unavailable(u"the model did not run on the document: "_s + live->error());
    waitForRepaints(window.stagedRepaint());
    paintPending();
    const double shown = double(clock.nsecsElapsed()) / 1e6;
    if (firstLayer < 0) // no preview: the layer in view came with the whole run
        firstLayer = shown;
    const auto &run = *live->run();
    if (const QString shot = qEnvironmentVariable("QKV_SCREENSHOT"); !shot.isEmpty())
        window.grab().save(shot);
    auto *heatmap = window.findChild<QWidget *>(u"heatmapView"_s);
    std::vector<double> repaint;
    for (int i = 0; i < 9 && heatmap; ++i) {
        window.session()->setSelectedToken(int(run.ids.size()) - 1 - i * 37);
        repaint.push_back(timedMs([&] { heatmap->repaint(); }));
    }
    std::sort(repaint.begin(), repaint.end());
    // The heads grid: every tile drawn (a recomputed run's heads computed on a worker first).
    double grid = -1;
    if (auto *tiles = window.findChild<LayersGridView *>(); tiles && tiles->isVisible()) {
        QEventLoop loop;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (!tiles->waitsForHeads() || clock.elapsed() > 180000)
                loop.quit();
        });
        poll.start(20);
        loop.exec();
        if (!tiles->waitsForHeads()) {
            tiles->repaint(); // pooled from the heads
            grid = double(clock.nsecsElapsed()) / 1e6;
        }
        if (const QString shot = qEnvironmentVariable("QKV_SCREENSHOT"); !shot.isEmpty())
            window.grab().save(QString(shot).replace(u".png"_s, u"-grid.png"_s));
    }
    QJsonObject o {{u"tokens"_s, int(run.ids.size())}, {u"text_to_layer_shown_ms"_s, firstLayer},
        {u"text_to_heads_grid_shown_ms"_s, grid}, {u"text_to_every_layer_shown_ms"_s, shown},
        {u"of_which_model_run_ms"_s, live->lastRunMilliseconds()},
        {u"attention_mib"_s, double(run.attention->attentionBytes()) / (1 << 20)},
        {u"attention_float16"_s, run.attention->keepsHalfAttention()},
        {u"heatmap_repaint_ms"_s, repaint.empty() ? -1.0 : repaint[repaint.size() / 2]}};
    if (targetMs > 0) {
        o.insert(u"target_ms"_s, targetMs);
        o.insert(u"meets_target"_s, firstLayer <= targetMs);
    }
    return o;
}

} // namespace

QJsonObject liveWindowTimings(bool quick)
{
    letWindowGoFirst(); // as the program's main() does
    QString source = qEnvironmentVariable("QKV_SOURCE_DIR");
    if (source.isEmpty())
        source = QStringLiteral(QKV_BENCH_SOURCE_DIR);
    QJsonObject out;
    const QString induction = source + u"/resources/models/induction"_s;
    // 20 keystrokes even when quick: the median of 10 moved by 5 ms from run to run on one machine.
    if (QDir(induction).exists(u"config.json"_s))
        out.insert(u"built_in_induction_model"_s,
            typing(induction, u"The cat sat on the mat. The cat sat on the"_s, quick ? 20 : 40, 16));
    if (quick) {
        out.insert(u"gpt2-small-shaped"_s, unavailable(u"skipped with --quick: writing the checkpoint takes 500 MB"_s));
        return out;
    }
    // QKV_LARGE_CHECKPOINTS: a folder make_large_checkpoints.py wrote before, used as it is (the
    // 500 MB just written are otherwise still being flushed to disk while the window runs).
    QTemporaryDir dir;
    QString folder = qEnvironmentVariable("QKV_LARGE_CHECKPOINTS");
    QString error;
    if (folder.isEmpty()) {
        folder = dir.path();
        if (!runProcess(
                python, {source + u"/tests/transformer/make_large_checkpoints.py"_s, folder}, nullptr, &error)) {
            out.insert(u"gpt2-small-shaped"_s, unavailable(error));
            return out;
        }
    }
    // GPT-2's own tokenizer beside the random weights.
    const QString model = folder + u"/gpt2-small-shaped"_s;
    for (const QString &file : {u"vocab.json"_s, u"merges.txt"_s})
        QFile::copy(source + u"/tests/data/tokenizers/gpt2/"_s + file, model + u'/' + file);
    // 32 tokens with GPT-2's tokenizer.
    out.insert(u"gpt2-small-shaped"_s,
        typing(model,
            u"When Mary and John went to the store, John gave a drink to Mary. Later that evening, the two "
            "friends walked home along the river, talking about"_s,
            8, 350));
    // The long document: GPT-2's whole context, its layer in view shown within 3 s of the text.
    out.insert(u"gpt2-small-shaped_1024_tokens"_s, longDocument(model, 1024, 3000));
    // The Llama family's long contexts, on a SmolLM2-135M-shaped model with GPT-2's tokenizer (the
    // document's words all have ids within its 49,152): no target, the figures said.
    const QString smol = folder + u"/smollm2-135m-shaped"_s;
    for (const QString &file : {u"vocab.json"_s, u"merges.txt"_s})
        QFile::copy(source + u"/tests/data/tokenizers/gpt2/"_s + file, smol + u'/' + file);
    for (const int tokens : {2048, 4096})
        out.insert(u"smollm2-135m-shaped_%1_tokens"_s.arg(tokens), longDocument(smol, tokens, 0));
    return out;
}

} // namespace qkv::bench
