#pragma once

#include <QElapsedTimer>

#include <algorithm>

namespace qkv::hub {

// How fast a download goes, counted from its first progress report (bytes already in the cache
// before it are not its speed): bytes a second and the seconds left. The command line's progress
// line and the window's dialog both say it.
class DownloadRate
{
public:
    void update(qint64 done)
    {
        if (m_first < 0) {
            m_first = done;
            m_clock.start();
        }
        m_done = done;
    }
    bool started() const { return m_first >= 0; }
    void restart() { m_first = -1; }
    double bytesPerSecond() const
    {
        return started() ? double(m_done - m_first) / (double(std::max<qint64>(m_clock.elapsed(), 1)) / 1000.0) : 0;
    }
    // -1 while unknown (no bytes yet, or done).
    double secondsLeft(qint64 total) const
    {
        const double speed = bytesPerSecond();
        return speed > 0 && m_done < total ? double(total - m_done) / speed : -1;
    }

private:
    QElapsedTimer m_clock;
    qint64 m_first = -1;
    qint64 m_done = 0;
};

} // namespace qkv::hub
