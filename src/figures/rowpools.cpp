#include "figures/rowpools.h"

#include "figures/maxpool.h"
#include "figures/pixelline.h"
#include "platform/cores.h"
#include "platform/vectorstate.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace qkv {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

// Parts of 32 k cells at least: below 64 k, one core (handing work over costs more).
int poolParts(double cells, int most)
{
    return partsFor(cells, 32 * 1024, most);
}

} // namespace

bool RowPools::affordable(int n, int width, bool magnitude)
{
    return double(n) * width * sizeof(double) * (magnitude ? 2 : 1) <= 64.0 * 1024 * 1024;
}

bool RowPools::fit(int n, int width, bool magnitude) const
{
    return n > 0 && n == m_n && width == m_width && magnitude == m_magnitude;
}

void RowPools::build(const SquareMatrix &values, const SquareMatrix &visible, int width, bool magnitude)
{
    m_n = static_cast<int>(values.rows());
    m_width = width;
    m_magnitude = magnitude;
    m_colFirst = cellBounds(m_n, width);
    const auto cells = static_cast<std::size_t>(m_n) * static_cast<std::size_t>(width);
    m_high.assign(cells, -inf);
    m_low.assign(magnitude ? cells : 0, inf);
    inParts(poolParts(double(m_n) * m_n, m_n), [&](int part, int parts) {
        clearUpperVectorState(); // see vectorstate.h
        const auto [begin, end] = partOf(m_n, part, parts);
        for (auto r = static_cast<int>(begin); r < end; ++r)
            poolRow(values, visible, r, 0, m_width);
    });
}

void RowPools::poolRow(const SquareMatrix &values, const SquareMatrix &visible, int row, int firstPixel, int endPixel)
{
    const bool masked = visible.rows() == m_n && visible.cols() == m_n;
    const double *v = values.row(row).data();
    const double *seen = masked ? visible.row(row).data() : nullptr;
    const auto at = static_cast<std::size_t>(row) * static_cast<std::size_t>(m_width);
    for (int x = firstPixel; x < endPixel; ++x) {
        double hi = -inf, lo = inf;
        for (int c = m_colFirst[static_cast<std::size_t>(x)]; c < m_colFirst[static_cast<std::size_t>(x) + 1]; ++c) {
            if (seen && seen[c] == 0)
                continue;
            hi = std::max(hi, v[c]);
            lo = std::min(lo, v[c]);
        }
        m_high[at + static_cast<std::size_t>(x)] = hi;
        if (m_magnitude)
            m_low[at + static_cast<std::size_t>(x)] = lo;
    }
}

void RowPools::update(const SquareMatrix &values, const SquareMatrix &visible, const HeadChange &change)
{
    const bool rescaled = change.rescaled() && std::ssize(change.factor) == m_n
        && change.before.size() == change.keys.size() * static_cast<std::size_t>(m_n)
        && change.after.size() == change.before.size();
    // The pixels whose columns hold an edited key, each with its keys (indices into change.keys).
    KeyPixels keyPixels;
    for (std::size_t e = 0; e < change.keys.size(); ++e) {
        const auto x = static_cast<int>(
            std::upper_bound(m_colFirst.begin(), m_colFirst.end(), change.keys[e]) - m_colFirst.begin() - 1);
        if (x < 0 || x >= m_width)
            continue;
        if (keyPixels.empty() || keyPixels.back().first != x)
            keyPixels.push_back({x, {}});
        keyPixels.back().second.push_back(e);
    }
    const auto rows = static_cast<int>(change.rows.size());
    inParts(poolParts(double(rows) * m_width, rows), [&](int part, int parts) {
        clearUpperVectorState();
        const auto [begin, end] = partOf(rows, part, parts);
        std::vector<char> follow(keyPixels.size());
        for (auto i = static_cast<int>(begin); i < end; ++i) {
            const int r = change.rows[static_cast<std::size_t>(i)];
            if (r < 0 || r >= m_n)
                continue;
            const double f = rescaled ? change.factor[static_cast<std::size_t>(r)] : 0.0;
            if (!(f > 0)) {
                poolRow(values, visible, r, 0, m_width);
                continue;
            }
            rescaleRow(values, visible, change, r, f, keyPixels, follow);
        }
    });
}

// Row r, rescaled by f: every cell but the edited keys became fl(v·f), and rounding keeps order,
// so a pixel's pooled maximum (and minimum) is the old one times f, to the bit; a masked pixel
// stays -inf. A pixel over an edited key takes the key's new weight into account; it is pooled
// again from the row's cells only where an edited key held its old maximum or minimum.
void RowPools::rescaleRow(const SquareMatrix &values, const SquareMatrix &visible, const HeadChange &change, int r,
    double f, const KeyPixels &keyPixels, std::vector<char> &follow)
{
    const auto at = static_cast<std::size_t>(r) * static_cast<std::size_t>(m_width);
    const std::size_t keys = change.keys.size();
    const double *before = change.before.data() + static_cast<std::size_t>(r) * keys;
    const double *after = change.after.data() + static_cast<std::size_t>(r) * keys;
    // Which pixels over keys can follow the factor: decided on the old pools.
    for (std::size_t p = 0; p < keyPixels.size(); ++p) {
        const double hi = m_high[at + static_cast<std::size_t>(keyPixels[p].first)];
        const double lo = m_magnitude ? m_low[at + static_cast<std::size_t>(keyPixels[p].first)] : -inf;
        follow[p] = true;
        // In a rescaled row a visible key's old weight is above 0, a hidden one's exactly 0.
        for (const std::size_t e : keyPixels[p].second)
            if (before[e] != 0)
                follow[p] = follow[p] && hi > before[e] && lo < before[e];
    }
    Eigen::Map<Eigen::ArrayXd>(m_high.data() + at, m_width) *= f;
    if (m_magnitude)
        Eigen::Map<Eigen::ArrayXd>(m_low.data() + at, m_width) *= f;
    for (std::size_t p = 0; p < keyPixels.size(); ++p) {
        const int x = keyPixels[p].first;
        if (!follow[p]) {
            poolRow(values, visible, r, x, x + 1);
            continue;
        }
        double &hi = m_high[at + static_cast<std::size_t>(x)];
        for (const std::size_t e : keyPixels[p].second)
            if (before[e] != 0) {
                hi = std::max(hi, after[e]);
                if (m_magnitude)
                    m_low[at + static_cast<std::size_t>(x)]
                        = std::min(m_low[at + static_cast<std::size_t>(x)], after[e]);
            }
    }
}

void RowPools::colour(QImage &image, const ColorScale &scale, MaskColors mask) const
{
    const int w = image.width(), h = image.height();
    if (w != m_width || m_n == 0)
        return;
    const PixelColours colours(scale, mask);
    const std::vector<int> rowFirst = cellBounds(m_n, h);
    uchar *const bits = image.bits();
    const qsizetype stride = image.bytesPerLine();
    inParts(poolParts(double(m_n) * w, h), [&](int part, int parts) {
        clearUpperVectorState();
        const auto [yBegin, yEnd] = partOf(h, part, parts);
        std::vector<double> high(static_cast<std::size_t>(w)), low(static_cast<std::size_t>(w), inf);
        Eigen::Map<Eigen::ArrayXd> hiA(high.data(), w), loA(low.data(), w);
        int previous[2] = {-1, -1};
        bool previousHadMask = true;
        for (auto y = static_cast<int>(yBegin); y < yEnd; ++y) {
            const int r0 = rowFirst[static_cast<std::size_t>(y)];
            const int r1 = std::max(r0 + 1, rowFirst[static_cast<std::size_t>(y) + 1]);
            auto *line = reinterpret_cast<QRgb *>(bits + stride * y);
            // Upsampled rows repeat the line above, as in matrixImage.
            if (r0 == previous[0] && r1 == previous[1] && !previousHadMask && y > yBegin) {
                std::memcpy(line, bits + stride * (y - 1), static_cast<std::size_t>(w) * sizeof(QRgb));
                continue;
            }
            previous[0] = r0;
            previous[1] = r1;
            hiA.setConstant(-inf);
            if (m_magnitude)
                loA.setConstant(inf);
            for (int r = r0; r < r1; ++r) {
                const auto at = static_cast<std::size_t>(r) * static_cast<std::size_t>(w);
                hiA = hiA.max(Eigen::Map<const Eigen::ArrayXd>(m_high.data() + at, w));
                if (m_magnitude)
                    loA = loA.min(Eigen::Map<const Eigen::ArrayXd>(m_low.data() + at, w));
            }
            previousHadMask = colours.colourLine(line, high.data(), low.data(), w, y);
        }
    });
}

} // namespace qkv
