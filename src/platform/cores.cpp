#include "platform/cores.h"

#ifdef __linux__
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace qkv {
namespace {

using Clock = std::chrono::steady_clock;

// How long a pool thread spins for the next split after each, and the caller for the last
// parts, before sleeping until woken. The next split of a recompute, a paint or a forward pass
// usually follows within microseconds; 8 heads of 64 tokens recomputed in a loop took 300 µs with
// a new thread a split, 120-165 with a kept thread caught spinning (175-190 when it spun only
// 50 µs). Not much longer: a thread that spun 200 µs to 1 ms after every job, even yielding, kept
// the window's thread from running for up to 90 ms while a model ran (the scheduler places a
// waking thread on an idle core, and a spinning one is not idle). It sleeps on the atomic itself,
// no timer: a timed nap cost 30 µs of CPU on a virtual machine.
constexpr std::chrono::microseconds spinFor(100);

void pause()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

std::atomic<bool> windowFirst {false};

int defaultThreads()
{
    const int asked = qEnvironmentVariableIntValue("QKV_THREADS");
    const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
    return std::clamp(asked > 0 ? asked : cores, 1, maxThreads);
}

std::atomic<int> limitOverride {0};

// Whether this thread is running a part of a split: a split within it runs its parts in place.
thread_local bool inSplit = false;

// Runs parts until none is left, taken from `next`; the caller counts them done.
struct PartTaker {
    CorePool::Job job;
    void *context;
    int parts;
    std::atomic<int> &next;

    void operator()() const
    {
        const bool was = inSplit;
        inSplit = true;
        for (int p = next.fetch_add(1, std::memory_order_relaxed); p < parts;
             p = next.fetch_add(1, std::memory_order_relaxed))
            job(context, p, parts);
        inSplit = was;
    }
};

// The value of `a` once it is no longer `from`: spun for until `spinUntil`, then slept for.
template<class T>
T awaitChange(const std::atomic<T> &a, T from, Clock::time_point spinUntil)
{
    for (int spins = 1;; ++spins) {
        const T now = a.load(std::memory_order_acquire);
        if (now != from)
            return now;
        if (spins % 64 == 0 && Clock::now() >= spinUntil) {
            a.wait(from, std::memory_order_acquire);
            spins = 0;
            continue;
        }
        pause();
    }
}

class Pool
{
public:
    ~Pool()
    {
        // At exit: threads still in a split (exit() from another thread mid-split) are left to
        // the process's end; idle ones are told to stop.
        if (m_claimed.exchange(true, std::memory_order_acquire)) {
            for (std::thread &t : m_threads)
                t.detach();
            return;
        }
        m_stopping.store(true, std::memory_order_release);
        m_generation.fetch_add(1, std::memory_order_acq_rel);
        m_generation.notify_all();
        for (std::thread &t : m_threads)
            t.join();
    }

    bool run(CorePool::Job job, void *context, int parts)
    {
        if (m_claimed.exchange(true, std::memory_order_acquire))
            return false;
        const int helpers = startHelpers(std::min(threadLimit(), parts) - 1);
        m_job = job;
        m_context = context;
        m_parts = parts;
        m_next.store(0, std::memory_order_relaxed);
        m_done.store(0, std::memory_order_relaxed);
        m_wanted.store(helpers, std::memory_order_relaxed);
        m_open.store(true, std::memory_order_seq_cst);
        m_generation.fetch_add(1, std::memory_order_seq_cst);
        m_generation.notify_all(); // helpers asleep wake (no system call when none is)
        takeParts();
        // The last parts are usually close behind: spin a little, then sleep.
        const auto until = Clock::now() + spinFor;
        for (int done = m_done.load(std::memory_order_acquire); done != parts;)
            done = awaitChange(m_done, done, until);
        // Closed, then every helper that came in has left: none reads this job once run() returns.
        m_open.store(false, std::memory_order_seq_cst);
        for (int active = m_active.load(std::memory_order_seq_cst); active != 0;)
            active = awaitChange(m_active, active, Clock::now());
        m_claimed.store(false, std::memory_order_release);
        return true;
    }

private:
    // Helpers 0 … count - 1 running (as many as could be started); returns how many there are.
    int startHelpers(int count)
    {
        while (int(m_threads.size()) < count) {
            try {
                const int index = int(m_threads.size());
                m_threads.emplace_back([this, index] { serve(index); });
            } catch (const std::system_error &) {
                break;
            }
        }
        return std::min(count, int(m_threads.size()));
    }

    // Parts until none is left; the one that completes the split wakes the caller.
    void takeParts()
    {
        const bool was = inSplit;
        inSplit = true;
        for (int p = m_next.fetch_add(1, std::memory_order_relaxed); p < m_parts;
             p = m_next.fetch_add(1, std::memory_order_relaxed)) {
            m_job(m_context, p, m_parts);
            if (m_done.fetch_add(1, std::memory_order_acq_rel) + 1 == m_parts)
                m_done.notify_all();
        }
        inSplit = was;
    }

    void serve(int index)
    {
        unsigned seen = 0;
        auto spinUntil = Clock::now();
        for (;;) {
            seen = awaitChange(m_generation, seen, spinUntil);
            if (m_stopping.load(std::memory_order_acquire))
                return;
            if (index >= m_wanted.load(std::memory_order_relaxed))
                continue; // fewer threads wanted for this split, or a late wake-up
            runBelowWindow();
            m_active.fetch_add(1, std::memory_order_seq_cst);
            if (m_open.load(std::memory_order_seq_cst))
                takeParts();
            if (m_active.fetch_sub(1, std::memory_order_seq_cst) == 1)
                m_active.notify_all();
            spinUntil = Clock::now() + spinFor;
        }
    }

    std::atomic<bool> m_claimed {false};
    std::atomic<bool> m_stopping {false};
    std::atomic<bool> m_open {false};
    std::atomic<unsigned> m_generation {0};
    std::atomic<int> m_wanted {0};
    std::atomic<int> m_next {0};
    std::atomic<int> m_done {0};
    std::atomic<int> m_active {0};
    CorePool::Job m_job = nullptr;
    void *m_context = nullptr;
    int m_parts = 0;
    std::vector<std::thread> m_threads; // changed only by the split that holds the pool
};

Pool &pool()
{
    static Pool p;
    return p;
}

} // namespace

#ifdef __linux__
namespace {

// sched_setattr(2)'s argument (glibc 2.36 wraps neither call).
struct SchedulingAttributes {
    std::uint32_t size;
    std::uint32_t policy;
    std::uint64_t flags;
    std::int32_t nice;
    std::uint32_t priority;
    std::uint64_t runtime; // for SCHED_OTHER and SCHED_BATCH: the thread's slice, in ns (Linux 6.12+)
    std::uint64_t deadline;
    std::uint64_t period;
};
constexpr std::uint64_t resetOnFork = 0x01; // SCHED_FLAG_RESET_ON_FORK

// The calling thread asks for the shortest slice Linux grants, 0.1 ms. Since Linux 6.12 a
// thread that wakes with a shorter slice than the running thread's takes the core from it at
// once; without it, a model's worker just woken for its next split kept the core for its own
// slice, and the window's thread, woken by a key or a timer, waited for the next scheduler tick
// (a 1 ms timer's wake-up: 99th percentile 2.3-3.0 ms, with 0.1 ms 0.09-0.11; waits of 4-5 ms in
// most keystrokes into a running model). The slice bounds how long the thread runs before others
// may, not how much it gets. Older kernels ignore the field. Threads started from this one begin
// with the default slice (reset on fork), so neither workers nor Qt's own threads inherit it.
void askForShortSlice()
{
    SchedulingAttributes a {};
    if (syscall(SYS_sched_getattr, 0, &a, sizeof a, 0) != 0)
        return;
    if (a.policy != SCHED_OTHER && a.policy != SCHED_BATCH)
        return; // real-time or idle as the user chose: left alone
    a.size = sizeof a;
    a.flags |= resetOnFork;
    a.runtime = 100'000;
    (void)syscall(SYS_sched_setattr, 0, &a, 0);
}

} // namespace
#endif

void letWindowGoFirst()
{
    windowFirst = true;
#ifdef __linux__
    askForShortSlice();
#endif
}

void runBelowWindow()
{
    thread_local bool lowered = false;
    if (lowered || !windowFirst.load(std::memory_order_relaxed))
        return;
    lowered = true;
#ifdef __linux__
    // A thread's own nice value (Linux keeps one per thread); raising it needs no privilege.
    const auto thread = id_t(syscall(SYS_gettid));
    errno = 0;
    const int now = getpriority(PRIO_PROCESS, thread);
    if (errno == 0)
        (void)setpriority(PRIO_PROCESS, thread, std::min(now + 5, 19));
#endif
}

int threadLimit()
{
    static const int fromEnvironment = defaultThreads();
    const int set = limitOverride.load(std::memory_order_relaxed);
    return set > 0 ? set : fromEnvironment;
}

void setThreadLimit(int threads)
{
    limitOverride.store(std::clamp(threads, 0, maxThreads), std::memory_order_relaxed);
}

int partsFor(double amount, double perPart, int most)
{
    if (!(amount >= 2 * perPart) || perPart <= 0)
        return 1;
    return int(std::clamp(std::floor(amount / perPart), 1.0, double(std::clamp(most, 1, maxParts))));
}

bool CorePool::run(Job job, void *context, int parts)
{
    return pool().run(job, context, parts);
}

bool CorePool::runBeside(Job job, void *context, int parts)
{
    if (inSplit)
        return false;
    std::atomic<int> next {0};
    const PartTaker take {job, context, parts, next};
    std::thread other;
    try {
        other = std::thread(take);
    } catch (const std::system_error &) {
        return false; // nothing taken yet: the caller runs every part
    }
    take();
    other.join();
    return true;
}

} // namespace qkv
