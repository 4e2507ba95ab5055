#include "cli/terminalbusy.h"

#include <unistd.h>

namespace qkv::cli {

TerminalBusy::TerminalBusy(const QString &what, FILE *to, bool terminal, std::chrono::milliseconds after)
    : m_what(what.toUtf8())
    , m_to(to)
{
    if (terminal)
        m_thread = std::thread([this, after] { run(after); });
}

TerminalBusy::~TerminalBusy()
{
    if (!m_thread.joinable())
        return;
    {
        const std::lock_guard lock(m_mutex);
        m_done = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void TerminalBusy::setProgress(int done, int total)
{
    const std::lock_guard lock(m_mutex);
    m_part = done;
    m_parts = total;
}

void TerminalBusy::setDetail(const QString &detail)
{
    const std::lock_guard lock(m_mutex);
    m_detail = detail.toLocal8Bit();
}

bool TerminalBusy::isTerminal(FILE *file)
{
    return isatty(fileno(file)) == 1;
}

void TerminalBusy::run(std::chrono::milliseconds after)
{
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(m_mutex);
    // A short step says nothing; a step asked to show at once shows at least once.
    if (after.count() > 0 && m_wake.wait_for(lock, after, [this] { return m_done; }))
        return;
    do {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        // NOLINTBEGIN(cppcoreguidelines-pro-type-vararg): stdio's own
        if (!m_detail.isEmpty())
            std::fprintf(m_to, "\r\033[K%s… %s, %.1f s", m_what.constData(), m_detail.constData(), seconds);
        else if (m_parts > 0 && m_part >= m_parts)
            std::fprintf(m_to, "\r\033[K%s… encoding %d frames, %.1f s", m_what.constData(), m_parts, seconds);
        else if (m_parts > 0)
            std::fprintf(m_to, "\r\033[K%s… frame %d of %d, %.1f s", m_what.constData(), m_part, m_parts, seconds);
        else
            std::fprintf(m_to, "\r\033[K%s… %.1f s", m_what.constData(), seconds);
        // NOLINTEND(cppcoreguidelines-pro-type-vararg)
        std::fflush(m_to);
    } while (!m_wake.wait_for(lock, std::chrono::milliseconds(250), [this] { return m_done; }));
    std::fputs("\r\033[K", m_to);
    std::fflush(m_to);
}

} // namespace qkv::cli
