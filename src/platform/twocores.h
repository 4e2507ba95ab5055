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

// Runs work(0, 2) here and work(1, 2) on a second thread, or work(0, 1) alone when the split is
// not worth a thread (starting one costs some tens of microseconds) or none can be had, which
// only costs the speed. Two independent halves joined once, rather than OpenMP's or Eigen's
// fine-grained barriers: on a 2-core machine busy with other work those spin while a core is
// taken, and a model's forward pass took ten times as long. `work` must not throw.
template<class Work>
void onTwoCores(bool worthIt, Work &&work)
{
    std::thread helper;
    if (worthIt && secondCoreAllowed()) {
        try {
            helper = std::thread([&work] { work(1, 2); });
        } catch (const std::system_error &) { }
    }
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
