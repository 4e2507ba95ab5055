#pragma once

#include <QRectF>

#include <algorithm>
#include <vector>

// Header-only: a small helper of the chart views without a build entry of its own.
namespace qkv {

// Labels placed greedily without overlap; a coarse grid keeps each test local, so thousands of
// candidate labels cost little.
class LabelPlacer
{
public:
    explicit LabelPlacer(const QRectF &bounds)
        : m_bounds(bounds)
        , m_cols(std::max(1, static_cast<int>(bounds.width() / cell) + 1))
        , m_rows(std::max(1, static_cast<int>(bounds.height() / cell) + 1))
        , m_cells(static_cast<std::size_t>(m_cols * m_rows))
    { }

    bool place(const QRectF &r)
    {
        if (!m_bounds.contains(r))
            return false;
        const int c0 = col(r.left()), c1 = col(r.right()), r0 = row(r.top()), r1 = row(r.bottom());
        for (int y = r0; y <= r1; ++y)
            for (int x = c0; x <= c1; ++x)
                for (const QRectF &other : m_cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(m_cols)
                         + static_cast<std::size_t>(x)])
                    if (other.intersects(r))
                        return false;
        block(r);
        return true;
    }

    // Something labels must not cover (a marker).
    void block(const QRectF &r)
    {
        const int c0 = col(r.left()), c1 = col(r.right()), r0 = row(r.top()), r1 = row(r.bottom());
        for (int y = r0; y <= r1; ++y)
            for (int x = c0; x <= c1; ++x)
                m_cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(m_cols) + static_cast<std::size_t>(x)]
                    .push_back(r);
    }

private:
    static constexpr qreal cell = 64;
    int col(qreal x) const { return std::clamp(static_cast<int>((x - m_bounds.left()) / cell), 0, m_cols - 1); }
    int row(qreal y) const { return std::clamp(static_cast<int>((y - m_bounds.top()) / cell), 0, m_rows - 1); }

    QRectF m_bounds;
    int m_cols, m_rows;
    std::vector<std::vector<QRectF>> m_cells;
};

} // namespace qkv
