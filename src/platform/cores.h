#pragma once

#include <QtGlobal>

#include <type_traits>
#include <utility>

namespace qkv {

// Work spread over the machine's cores: a pool of threads sized by the hardware, and splits whose
// parts depend on the work alone. A part is always the same rows of the same product, whatever the
// thread count, so every number computed is the same bit for bit on 2 cores or 16 and at any
// QKV_THREADS; only the time differs.

inline constexpr int maxThreads = 64;
inline constexpr int maxParts = 16;

// The threads work is spread over: QKV_THREADS=N (1 keeps everything on the calling thread;
// more than the cores is allowed, for tests), otherwise every core the machine reports.
int threadLimit();
// The limit from now on, 1 to maxThreads; 0 gives back the default. For tests and the benchmark.
void setThreadLimit(int threads);

// How many parts `amount` of work is worth when each part needs about `perPart` to pay for
// handing it to another core: amount / perPart, at least 1 and at most `most` (and maxParts).
int partsFor(double amount, double perPart, int most = maxParts);

// The half-open range [begin, end) of part `part` of `parts` equal parts of `count`.
inline std::pair<long long, long long> partOf(long long count, int part, int parts)
{
    return {count * part / parts, count * (part + 1) / parts};
}

// The program's window, which must answer while a model computes beside it, asks for this once
// (the command line does not): from then on the pool's threads, and each thread that calls
// runBelowWindow() (a model's worker), run at a lower scheduling priority than the window's
// thread (nice +5 on Linux: a third of its share when they compete for a core), so that a
// keystroke or a repaint has a core at once; and the calling thread runs in short slices, so that
// when it wakes it need not wait for a worker's slice to end (Linux 6.12 and later). Numbers and
// idle speed are unchanged.
void letWindowGoFirst();
// This thread below the window, once it has asked to go first (only once a thread; no-op otherwise).
void runBelowWindow();

class CorePool
{
public:
    using Job = void (*)(void *context, int part, int parts);
    // Runs job(context, p, parts) once for each p of [0, parts) on the pool's threads and this
    // one, returning once all have run. False, having run nothing, when the pool is held by
    // another split (one within a part, or another thread's).
    static bool run(Job job, void *context, int parts);
    // The same on a thread started for it and this one, when another thread's split holds the
    // pool (the window painting while a model runs, each then has two threads, as before the
    // pool); false, having run nothing, inside a part: a split within a split runs in place.
    static bool runBeside(Job job, void *context, int parts);
};

// Runs work(part, parts) for each part of [0, parts), spread over the cores, and returns once
// all have run. The caller takes parts too, so none waits for a thread to wake: a helper asleep
// when the split begins may find nothing left. The pool's threads spin some tens of microseconds
// for the next split after each, then sleep (see cores.cpp). Fine-grained barriers (OpenMP's,
// Eigen's) were ruled out: on a machine busy with other work they spin while a core is taken,
// and a model's forward pass took ten times as long. While another thread's split holds the pool
// the parts share a thread started for them; a split within a part runs its parts in place.
// `work` must not throw.
template<class Work>
void inParts(int parts, Work &&work)
{
    if (parts > 1 && threadLimit() > 1) {
        using W = std::remove_reference_t<Work>;
        const CorePool::Job job = [](void *c, int part, int n) { (*static_cast<W *>(c))(part, n); };
        void *context = const_cast<void *>(static_cast<const void *>(&work));
        if (CorePool::run(job, context, parts) || CorePool::runBeside(job, context, parts))
            return;
    }
    for (int part = 0; part < parts; ++part)
        work(part, parts);
}

} // namespace qkv
