#pragma once

#include <QtGlobal>

#include <system_error>
#include <thread>

namespace qkv::transformer {

// Runs work(0, 2) here and work(1, 2) on a second thread, or work(0, 1) alone when the split is
// not worth a thread (starting one costs some tens of microseconds) or none can be had. Two
// independent halves joined once, rather than OpenMP's or Eigen's fine-grained barriers: on a
// 2-core machine busy with other work those spin while a core is taken, and a forward pass
// took ten times as long. `work` must not throw.
// QKV_TRANSFORMER_THREADS=1 keeps every computation on the calling thread.
inline bool secondThreadAllowed()
{
    static const bool allowed
        = std::thread::hardware_concurrency() > 1 && qEnvironmentVariableIntValue("QKV_TRANSFORMER_THREADS") != 1;
    return allowed;
}

template<class Work>
void onTwoThreads(bool worthIt, Work &&work)
{
    std::thread helper;
    if (worthIt && secondThreadAllowed()) {
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

} // namespace qkv::transformer
