#pragma once

// Where a thread's time went, as Linux counts it: on a core, waiting for one, and what the host
// took from the whole virtual machine. For the benchmark's event-loop stalls: a stall the window's
// thread spent running is the program's work; one spent waiting for a core is the scheduler's; one
// spent neither was the thread asleep, blocked, or the machine itself stopped by its host.

#include <QtGlobal>

namespace qkv::bench {

struct ThreadClock {
    double runMs = 0; // on a core (the thread's CPU clock)
    double waitMs = 0; // runnable, waiting for a core (its second)
    double stealMs = 0; // the host's steal over all the machine's cores (/proc/stat, 10 ms ticks)

    ThreadClock operator-(const ThreadClock &o) const
    {
        return {runMs - o.runMs, waitMs - o.waitMs, stealMs - o.stealMs};
    }
};

// The calling thread's clocks now; zeros where the system does not say (not Linux).
ThreadClock threadClock();

} // namespace qkv::bench
