// The heatmap against a baseline (a snapshot): its Δ cells, beside heatmapfigure.cpp.
#include "attention/difference.h"
#include "figures/heatmapfigure.h"

namespace qkv {

void HeatmapFigure::setBaseline(const Result *baseline, const QString &name)
{
    m_baseline = baseline;
    m_baselineName = baseline ? name : QString();
    dataChanged();
}

QString HeatmapFigure::differenceTitle(bool scores)
{
    return scores ? tr("Δ score") : tr("Δ weight");
}

// After every change of the data: O(n²), as the colour scale's pass over the cells is.
void HeatmapFigure::updateDifference()
{
    m_delta = SquareMatrix();
    m_refusal.clear();
    if (!m_baseline || !m_result)
        return;
    m_refusal = Difference::refusal(*m_result, *m_baseline, m_head, m_baselineName);
    if (m_refusal.isEmpty())
        m_delta = m_showScores ? Difference::scores(*m_result, *m_baseline, m_head)
                               : Difference::weights(*m_result, *m_baseline, m_head);
}

} // namespace qkv
