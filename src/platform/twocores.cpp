#include "platform/twocores.h"

#include <atomic>
#include <chrono>

#if defined(__linux__)
#include <sched.h>
#endif

namespace qkv {
namespace {

// Idle: a helper thread is alive and looking for a job; Posted: a job waits for it; Taken: the
// helper runs it; Done: it returned; Gone: no helper is looking (none started yet, or it ended).
enum State : int { Idle, Posted, Taken, Done, Gone };

// How long a helper looks for the next job before it ends. The next split of a recompute, a paint
// or a forward pass usually follows within microseconds; between recomputes of 8 heads of 64 tokens
// in a loop, copying their inputs took longer than 50 µs, and then every recompute started a
// thread. While it looks the helper yields its core to any other thread that wants it.
constexpr std::chrono::microseconds helperLooks(200);
// How long a helper that is done waits for the caller to finish its own half (a longer one, or one
// held up reading a file) before it ends rather than spin on.
constexpr std::chrono::microseconds callerFinishes(1000);

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
        // the process's end; one looking for a job is told to stop.
        if (m_claimed.exchange(true, std::memory_order_acquire)) {
            if (m_thread.joinable())
                m_thread.detach();
            return;
        }
        int state = Idle;
        while (!m_state.compare_exchange_weak(state, Gone, std::memory_order_acq_rel) && state != Gone)
            state = Idle;
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
        if (m_state.compare_exchange_strong(state, Posted, std::memory_order_acq_rel))
            return true; // a helper still looking takes it at once
        // None is looking: start one. It may not run for a while: on a virtual machine the idle
        // core's wake-up took 50–300 µs and Linux mostly queued the new thread on this core instead
        // (as it did a sleeping thread woken), which is why finish() takes back a job not yet begun
        // and no helper is kept asleep.
        if (m_thread.joinable())
            m_thread.join(); // it has returned or is returning
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
            state = Done; // Done → Idle hands the helper back; it may have ended already (Gone)
            m_state.compare_exchange_strong(state, Idle, std::memory_order_acq_rel);
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
        while (takeJob()) {
            m_takenOn.store(currentCpu(), std::memory_order_relaxed);
            m_job(m_context);
            m_state.store(Done, std::memory_order_release);
            m_state.notify_one();
        }
    }

    // Looks for a job for a while and takes it; false when none came and the helper is to end.
    // The while runs from when the caller has its result: its half may end well after ours.
    bool takeJob()
    {
        int seen = m_state.load(std::memory_order_acquire);
        auto until = std::chrono::steady_clock::now() + (seen == Done ? callerFinishes : helperLooks);
        for (int spins = 1;; ++spins) {
            int state = m_state.load(std::memory_order_acquire);
            if (state == Posted && m_state.compare_exchange_strong(state, Taken, std::memory_order_acq_rel))
                return true;
            if (state == Gone)
                return false; // told to stop
            if (state == Idle && seen == Done)
                until = std::chrono::steady_clock::now() + helperLooks;
            seen = state;
            if (spins % 64 == 0) {
                if (state != Posted && std::chrono::steady_clock::now() >= until
                    && m_state.compare_exchange_strong(state, Gone, std::memory_order_acq_rel))
                    return false;
                std::this_thread::yield();
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
