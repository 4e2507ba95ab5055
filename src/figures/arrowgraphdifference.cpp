// The arrow graph against a baseline (a snapshot): its edges are the changes, beside
// arrowgraphfigure.cpp.
#include "attention/difference.h"
#include "figures/arrowgraphcache.h"
#include "figures/colormap.h"

namespace qkv {

namespace {
// Changes this small are rounding, not an edit: they are no edge (the Δ heatmap's smallest scale).
constexpr double unchanged = 1e-12;
} // namespace

void ArrowGraphFigure::setBaseline(const Result *baseline, const QString &name)
{
    m_baseline = baseline;
    m_baselineName = baseline ? name : QString();
    invalidate();
}

bool ArrowGraphFigure::showsDifference() const
{
    ensureEdges();
    return m_cache->difference;
}

QString ArrowGraphFigure::differenceRefusal() const
{
    ensureEdges();
    return m_cache->refusal;
}

double ArrowGraphFigure::change(const DrawnEdge &edge) const
{
    const Cache &c = *m_cache;
    const auto at = static_cast<std::size_t>(edge.head - c.firstHead);
    if (!c.difference || at >= c.sizes.size())
        return 0;
    const auto h = static_cast<std::size_t>(edge.head);
    return m_result->heads[h].weights(edge.edge.query, edge.edge.key)
        - m_baseline->heads[h].weights(edge.edge.query, edge.edge.key);
}

QColor ArrowGraphFigure::changeColor(bool gained, bool dark)
{
    // The ends of the Δ heatmap's diverging map, so both views say the same with one colour:
    // red gained, blue lost (apart for the colour-blind too).
    const QColor c = QColor::fromRgb(ColorScale::fit(Colormap::Diverging, -1, 1).color(gained ? 1.0 : -1.0));
    return dark ? c.lighter(150) : c;
}

// Every shown head must compare, or the weights are drawn and the first refusal says why.
void ArrowGraphFigure::compareWithBaseline(int first, int last) const
{
    Cache &c = *m_cache;
    c.difference = false;
    c.sizes.clear();
    c.refusal.clear();
    if (!m_baseline || !m_result)
        return;
    for (int h = first; h <= last && c.refusal.isEmpty(); ++h)
        c.refusal = Difference::refusal(*m_result, *m_baseline, h, m_baselineName);
    if (!c.refusal.isEmpty() || last < first)
        return;
    c.difference = true;
    for (int h = first; h <= last; ++h) {
        const SquareMatrix size = Difference::weights(*m_result, *m_baseline, h).cwiseAbs();
        c.sizes.push_back((size.array() > unchanged).select(size, 0.0));
    }
}

void ArrowGraphFigure::updateChangeSizes(int head, const std::vector<int> &rows) const
{
    SquareMatrix &size = m_cache->sizes[static_cast<std::size_t>(head - m_cache->firstHead)];
    const auto h = static_cast<std::size_t>(head);
    for (const int q : rows) {
        const Eigen::ArrayXd row
            = (m_result->heads[h].weights.row(q) - m_baseline->heads[h].weights.row(q)).array().abs().transpose();
        size.row(q) = (row > unchanged).select(row, 0.0).transpose();
    }
}

} // namespace qkv
