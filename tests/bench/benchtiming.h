#pragma once

#include <QElapsedTimer>

#include <algorithm>
#include <vector>

namespace qkv::bench {

// Median milliseconds of `reps` runs of `run` after one warm-up run; `setup` runs untimed before each.
template<typename Run, typename Setup>
double medianMs(Run run, int reps, Setup setup)
{
    setup();
    run();
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
        setup();
        QElapsedTimer t;
        t.start();
        run();
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

template<typename Run>
double medianMs(Run run, int reps)
{
    return medianMs(run, reps, [] {});
}

} // namespace qkv::bench
