#pragma once

#include <QtGlobal>

#include <system_error>
#include <thread>
#include <utility>

namespace qkv {

// Whether work may be split onto a second thread: the machine has a second core, and
// QKV_THREADS=1 (for measurements and debugging) does not keep everything on one thread.
inline bool secondCoreAllowed()
{
    static const bool allowed
        = std::thread::hardware_concurrency() > 1 && qEnvironmentVariableIntValue("QKV_THREADS") != 1;
    return allowed;
}

// One helper thread for the second halves of splits, started by the first and kept: it spins a
// few tens of microseconds for the next job after each, then sleeps until one is posted (see
// twocores.cpp), so that handing a half over costs under a microsecond when splits follow closely
// rather than a thread's start (some tens, and its stack's and the BLAS buffers' first touches: 8
// heads of 64 tokens were slower on two new threads than on one). A half it has not begun when
// the caller's is done is run by the caller. It takes one job at a
// time; a caller that finds it busy (another thread's split, or a split inside the helper's own
// job) gets false.
class SplitHelper
{
public:
    using Job = void (*)(void *);
    // Starts job(context) on the helper and returns true, or returns false when the helper is
    // busy or cannot be started. After true, finish() must be called before context goes away.
    static bool start(Job job, void *context);
    // Returns once the job start() handed over has run, on the helper or, not yet begun, here.
    static void finish();
};

// Runs work(0, 2) here and work(1, 2) on the second core, or work(0, 1) alone when the split is
// not worth it or no second core can be had, which only costs the speed. Two independent halves
// joined once, rather than OpenMP's or Eigen's fine-grained barriers: on a 2-core machine busy
// with other work those spin while a core is taken, and a model's forward pass took ten times as
// long. When the helper is busy (a split within a split, or two threads splitting at once)
// a thread of its own is started, as before there was a helper. `work` must not throw.
template<class Work>
void onTwoCores(bool worthIt, Work &&work)
{
    if (!worthIt || !secondCoreAllowed()) {
        work(0, 1);
        return;
    }
    auto second = [&work] { work(1, 2); };
    using Second = decltype(second);
    if (SplitHelper::start([](void *c) { (*static_cast<Second *>(c))(); }, &second)) {
        work(0, 2);
        SplitHelper::finish();
        return;
    }
    std::thread helper;
    try {
        helper = std::thread(second);
    } catch (const std::system_error &) { }
    if (helper.joinable()) {
        work(0, 2);
        helper.join();
    } else {
        work(0, 1);
    }
}

// The half-open range [begin, end) of part `part` of `parts` equal parts of `count`.
inline std::pair<long long, long long> partOf(long long count, int part, int parts)
{
    return {count * part / parts, count * (part + 1) / parts};
}

} // namespace qkv
