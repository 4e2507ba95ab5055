#pragma once

#include <system_error>
#include <thread>

namespace qkv {

// Runs work(0, 2) here and work(1, 2) on a second thread, or work(0, 1) alone when the split is
// not worth starting a thread (some tens of microseconds) or no thread can be had, which only
// costs the speed. `work` must not throw.
template<class Work>
void onTwoCores(bool worthIt, Work &&work)
{
    std::thread helper;
    if (worthIt && std::thread::hardware_concurrency() > 1) {
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

} // namespace qkv
