// The scaling section: how much faster the attention kernel and the arrow graph's raster run on
// every core than on one thread (platform/cores.h; the forward pass's is in live_model). Blocks
// at one thread and at all alternate, so that a machine's changing load falls on both alike; the
// figures are the medians of the blocks' medians.
#include "viewbenches.h"

#include "attention/engine.h"
#include "document/document.h"
#include "platform/cores.h"
#include "views/arrowgraphview.h"

#include <QApplication>
#include <QImage>
#include <QJsonArray>

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace qkv::bench {
namespace {

using ScalingClock = std::chrono::steady_clock;

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

double msSince(ScalingClock::time_point t)
{
    return std::chrono::duration<double, std::milli>(ScalingClock::now() - t).count();
}

// `run` (which times itself, in ms) in blocks of repetitions, alternately at one thread and at
// all, about two seconds in all: a block of back-to-back runs, as in a drag or a forward pass,
// where the pool's threads are still awake from the run before (a single run after a pause
// mostly measures how long a sleeping core takes to wake, 50-300 µs on a virtual machine).
QJsonObject oneAgainstAll(const QString &name, const std::function<double()> &run)
{
    std::vector<double> one, all;
    const auto start = ScalingClock::now();
    const double firstMs = std::max(run(), 0.001); // warm-up: threads started, caches, allocations
    const int perBlock = std::clamp(int(50 / firstMs), 3, 200);
    while (one.size() < 10 && (one.size() < 3 || ScalingClock::now() - start < std::chrono::seconds(2))) {
        for (int threads : {1, 0}) {
            setThreadLimit(threads);
            run(); // the block's own warm-up: at all cores, the threads woken
            std::vector<double> block;
            for (int i = 0; i < perBlock; ++i)
                block.push_back(run());
            (threads == 1 ? one : all).push_back(medianOf(block));
        }
    }
    setThreadLimit(0);
    const double oneMs = medianOf(one), allMs = medianOf(all);
    return {{u"case"_qs, name}, {u"one_thread_ms"_qs, oneMs}, {u"all_cores_ms"_qs, allMs},
        {u"speedup"_qs, allMs > 0 ? oneMs / allMs : 0.0}, {u"blocks"_qs, int(one.size())},
        {u"runs_per_block"_qs, perBlock}};
}

Document scalingDocument(int n)
{
    Document doc;
    Settings s = doc.settings();
    s.dim = 64;
    s.temperature = 0.25;
    doc.setSettings(s);
    QStringList words;
    for (int i = 0; i < n; ++i)
        words << QStringLiteral("w%1").arg(i);
    doc.setSentence(words.join(QLatin1Char(' ')));
    return doc;
}

} // namespace

QJsonObject scalingTimings()
{
    QJsonArray cases;
    for (const auto &[n, heads] : {std::pair {64, 1}, std::pair {64, 8}, std::pair {512, 1}, std::pair {512, 8}}) {
        // As the recompute section's kernel: computeHeads from ready Q, K, V, copied off the clock.
        Settings settings;
        settings.heads = heads;
        settings.dim = 64;
        const SquareMatrix visible = visibility(n, MaskKind::None, {});
        std::vector<HeadInput> inputs;
        for (int h = 0; h < heads; ++h)
            inputs.push_back(
                {Eigen::MatrixXd::Random(n, 64), Eigen::MatrixXd::Random(n, 64), Eigen::MatrixXd::Random(n, 64)});
        cases.append(oneAgainstAll(QStringLiteral("attention kernel: N = %1, d = 64, %2 head%3")
                                       .arg(n)
                                       .arg(heads)
                                       .arg(heads > 1 ? u"s"_qs : QString()),
            [&] {
                std::vector<HeadInput> copies = inputs;
                const auto t = ScalingClock::now();
                const std::vector<HeadResult> results = computeHeads(std::move(copies), nullptr, settings, visible);
                return msSince(t);
            }));
    }
    if (qobject_cast<QApplication *>(QCoreApplication::instance())) {
        ArrowGraphView view;
        view.resize(1000, 1000);
        view.setGraphLayout(ArrowGraphView::Layout::Arcs);
        QImage image(1000, 1000, QImage::Format_ARGB32_Premultiplied);
        for (int n : {64, 256}) {
            view.setResult(compute(scalingDocument(n)));
            cases.append(oneAgainstAll(
                QStringLiteral("arrow graph raster: arcs, N = %1, all %2 edges, first paint").arg(n).arg(n * n), [&] {
                    view.setFilter(EdgeFilter {0.5, 1, 1.0}); // drops the cached edges, as a new result does
                    view.setFilter(EdgeFilter::none());
                    const auto t = ScalingClock::now();
                    view.render(&image);
                    return msSince(t);
                }));
        }
    }
    return {{u"threads"_qs, threadLimit()}, {u"cases"_qs, cases},
        {u"note"_qs,
            u"speedup: one thread's median over all cores' (QKV_THREADS or every core); the forward pass's is live_model's forward_speedup"_qs}};
}

} // namespace qkv::bench
