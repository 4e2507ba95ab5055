#pragma once

#include <QByteArray>
#include <QString>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

namespace qkv::cli {

// "Exporting the heatmap as PNG… 2.4 s" on stderr, redrawn every quarter second while one long
// step runs (a figure of thousands of pixels a side, a long animation), once it has taken `after`;
// with "frame 12 of 60" when the work says how far it is (setProgress, from any thread), then
// "encoding 60 frames"; cleared
// when the step ends. Only for a terminal: scripts read stderr, so a pipe or a file gets nothing.
class TerminalBusy
{
public:
    explicit TerminalBusy(const QString &what, FILE *to = stderr, bool terminal = isTerminal(stderr),
        std::chrono::milliseconds after = std::chrono::milliseconds(300));
    ~TerminalBusy();
    TerminalBusy(const TerminalBusy &) = delete;
    TerminalBusy &operator=(const TerminalBusy &) = delete;

    static bool isTerminal(FILE *file);
    // `done` of `total` parts (frames) are finished.
    void setProgress(int done, int total);
    // How far other work is, in its own words ("312 passages, 41 %"), shown instead.
    void setDetail(const QString &detail);

private:
    void run(std::chrono::milliseconds after);

    QByteArray m_what;
    FILE *m_to;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_done = false;
    int m_part = 0, m_parts = 0; // setProgress's, under m_mutex
    QByteArray m_detail; // setDetail's, under m_mutex
    std::thread m_thread;
};

} // namespace qkv::cli
