#pragma once

#include <QByteArray>
#include <QString>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

namespace qkv::app {

// "Exporting the heatmap as PNG… 2.4 s" on stderr, redrawn every quarter second while one long
// step runs (a figure of thousands of pixels a side, a long animation) that cannot tell how far
// it is, once it has taken `after`; cleared when the step ends. Only for a terminal: scripts read
// stderr, so a pipe or a file gets nothing.
class TerminalBusy
{
public:
    explicit TerminalBusy(const QString &what, FILE *to = stderr, bool terminal = isTerminal(stderr),
        std::chrono::milliseconds after = std::chrono::milliseconds(300));
    ~TerminalBusy();
    TerminalBusy(const TerminalBusy &) = delete;
    TerminalBusy &operator=(const TerminalBusy &) = delete;

    static bool isTerminal(FILE *file);

private:
    void run(std::chrono::milliseconds after);

    QByteArray m_what;
    FILE *m_to;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_done = false;
    std::thread m_thread;
};

} // namespace qkv::app
