#include "threadclock.h"

#ifdef __linux__
#include <fcntl.h>
#include <unistd.h>
#endif

#include <cstdio>
#include <cstring>
#include <ctime>

namespace qkv::bench {
namespace {

#ifdef __linux__
// The whole of a small /proc file into `buffer`, from a descriptor kept open by the caller: read
// every millisecond by the probe, so no open() each time.
bool readAll(int fd, char *buffer, std::size_t size)
{
    const ssize_t n = pread(fd, buffer, size - 1, 0);
    if (n <= 0)
        return false;
    buffer[n] = '\0';
    return true;
}
#endif

} // namespace

ThreadClock threadClock()
{
    ThreadClock clock;
#ifdef __linux__
    thread_local const int schedstat = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    static const int stat = open("/proc/stat", O_RDONLY | O_CLOEXEC);
    static const double msPerTick = 1000.0 / double(sysconf(_SC_CLK_TCK));
    char text[4096];
    unsigned long long run = 0, wait = 0;
    if (schedstat >= 0 && readAll(schedstat, text, sizeof text) && std::sscanf(text, "%llu %llu", &run, &wait) == 2)
        clock.waitMs = double(wait) / 1e6;
    // schedstat's run time of a running thread lags by up to a scheduler tick; this clock does not.
    timespec cpu {};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu) == 0)
        clock.runMs = double(cpu.tv_sec) * 1e3 + double(cpu.tv_nsec) / 1e6;
    // "cpu  user nice system idle iowait irq softirq steal ...": the machine's first line.
    unsigned long long f[8] = {};
    if (stat >= 0 && readAll(stat, text, sizeof text)
        && std::sscanf(text, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1], &f[2], &f[3], &f[4], &f[5],
               &f[6], &f[7])
            == 8)
        clock.stealMs = double(f[7]) * msPerTick;
#endif
    return clock;
}

} // namespace qkv::bench
