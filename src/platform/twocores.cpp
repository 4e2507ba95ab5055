#include "platform/twocores.h"

#include <atomic>
#include <chrono>

#if defined(__linux__)
#include <sched.h>
#endif

namespace qkv {
namespace {

// Idle: no job (the helper looks for one, or sleeps); Posted: a job waits for it; Taken: the
// helper runs it; Done: it returned, and the caller has not yet handed the helper back; Gone: no
// helper (none started yet, or told to stop at exit).
enum State : int { Idle, Posted, Taken, Done, Gone };

// How long the helper spins for the next job, or for the caller to hand it back, before it sleeps
// until woken. The next split of a recompute, a paint or a forward pass usually follows within
// microseconds; 8 heads of 64 tokens recomputed in a loop took 300 µs with a new thread a split,
// 120-165 with the helper caught spinning (175-190 when it spun only 50 µs: copying the inputs
// between two took longer). Not much longer: a helper that spun 200 µs to 1 ms after every job,
// even yielding, kept the window's thread from running for up to 90 ms while a model ran (the
// scheduler places a waking thread on an idle core, and a spinning one is not idle). It sleeps on
// the state itself, no timer: a timed nap cost 30 µs of CPU on a virtual machine.
constexpr std::chrono::microseconds helperSpins(100);

void pause()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

int currentCpu()
{
#if defined(__linux__)
    return sched_getcpu();
#else
    return -1;
#endif
}

class Helper
{
public:
    ~Helper()
    {
        // At exit: a helper still running a job (exit() from another thread mid-split) is left to
        // the process's end; one looking for a job or asleep is told to stop.
        if (m_claimed.exchange(true, std::memory_order_acquire)) {
            if (m_thread.joinable())
                m_thread.detach();
            return;
        }
        m_state.store(Gone, std::memory_order_release);
        m_state.notify_all();
        if (m_thread.joinable())
            m_thread.join();
    }

    bool start(SplitHelper::Job job, void *context)
    {
        if (m_claimed.exchange(true, std::memory_order_acquire))
            return false;
        m_job = job;
        m_context = context;
        int state = Idle;
        if (m_state.compare_exchange_strong(state, Posted, std::memory_order_acq_rel)) {
            m_state.notify_all(); // a helper asleep wakes (no system call when none is)
            return true;
        }
        // None yet: start it. It may not run for a while: on a virtual machine the idle core's
        // wake-up took 50–300 µs and Linux mostly queued a new or woken thread on this core
        // instead, which is why finish() takes back a job not yet begun.
        m_state.store(Posted, std::memory_order_release);
        try {
            m_thread = std::thread([this] { run(); });
            return true;
        } catch (const std::system_error &) {
            m_state.store(Gone, std::memory_order_release);
            m_claimed.store(false, std::memory_order_release);
            return false;
        }
    }

    void finish()
    {
        int state = Posted;
        if (m_state.compare_exchange_strong(state, Idle, std::memory_order_acq_rel)) {
            m_job(m_context); // the helper had not begun it: sooner done here than waited for
        } else {
            waitForDone();
            m_state.store(Idle, std::memory_order_release); // the helper is handed back
            m_state.notify_all();
        }
        m_claimed.store(false, std::memory_order_release);
    }

private:
    void waitForDone()
    {
        // The two halves usually end close together: spin a little, then sleep. Not when the helper
        // runs on this core (time-sliced with us): spinning would only delay it.
        const bool spin = m_takenOn.load(std::memory_order_relaxed) != currentCpu();
        const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(spin ? 100 : 0);
        for (int spins = 1;; ++spins) {
            const int state = m_state.load(std::memory_order_acquire);
            if (state != Taken)
                return;
            if (spins % 64 == 0 && std::chrono::steady_clock::now() >= until) {
                m_state.wait(Taken, std::memory_order_acquire);
                spins = 0;
                continue;
            }
            pause();
        }
    }

    void run()
    {
        // One spin a job, for the caller to hand the helper back and the next job both.
        auto spinUntil = std::chrono::steady_clock::now() + helperSpins;
        for (;;) {
            int state = awaitChange(Idle, spinUntil);
            if (state == Gone)
                return;
            if (state != Posted || !m_state.compare_exchange_strong(state, Taken, std::memory_order_acq_rel))
                continue; // taken back by the caller: asleep again at once
            m_takenOn.store(currentCpu(), std::memory_order_relaxed);
            m_job(m_context);
            m_state.store(Done, std::memory_order_release);
            m_state.notify_all(); // the caller may be asleep waiting for it
            spinUntil = std::chrono::steady_clock::now() + helperSpins;
            if (awaitChange(Done, spinUntil) == Gone)
                return;
        }
    }

    // The state once it is no longer `from`: spun for until `spinUntil`, then slept for.
    int awaitChange(int from, std::chrono::steady_clock::time_point spinUntil)
    {
        for (int spins = 1;; ++spins) {
            const int state = m_state.load(std::memory_order_acquire);
            if (state != from)
                return state;
            if (spins % 64 == 0 && std::chrono::steady_clock::now() >= spinUntil) {
                m_state.wait(from, std::memory_order_acquire);
                spins = 0;
                continue;
            }
            pause();
        }
    }

    std::atomic<bool> m_claimed {false};
    std::atomic<int> m_state {Gone};
    std::atomic<int> m_takenOn {-1};
    SplitHelper::Job m_job = nullptr;
    void *m_context = nullptr;
    std::thread m_thread;
};

Helper &helper()
{
    static Helper h;
    return h;
}

} // namespace

bool SplitHelper::start(Job job, void *context)
{
    return helper().start(job, context);
}

void SplitHelper::finish()
{
    helper().finish();
}

} // namespace qkv
