#include "analysis/headstatistics.h"

#include "platform/cores.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace qkv::analysis {

HeadStatistics::HeadStatistics(int layers, int heads, std::vector<HeadScore> scores, int topCount)
    : m_layers(layers)
    , m_heads(heads)
    , m_scores(std::move(scores))
    , m_topCount(topCount)
    , m_measured(m_scores.size(), 0)
    , m_sums(m_scores.size() * std::size_t(layers) * std::size_t(heads), 0.0)
    , m_top(m_sums.size())
{ }

int HeadStatistics::slot(HeadScore score) const
{
    const auto at = std::find(m_scores.begin(), m_scores.end(), score);
    return at == m_scores.end() ? -1 : int(at - m_scores.begin());
}

void HeadStatistics::add(int passage, const ScoredPassage &tokens, std::span<const Eigen::MatrixXf *const> attention)
{
    ++m_passages;
    const std::size_t cells = std::size_t(m_layers) * std::size_t(m_heads);
    std::vector<bool> counted(m_scores.size());
    for (std::size_t s = 0; s < m_scores.size(); ++s) {
        counted[s] = scoresPassage(m_scores[s], tokens);
        m_measured[s] += counted[s] ? 1 : 0;
    }
    const double work = double(cells) * double(tokens.ids.size()) * double(tokens.ids.size()) * double(m_scores.size());
    inParts(partsFor(work, 64 * 1024), [&](int part, int parts) {
        const auto [begin, end] = partOf(qint64(cells), part, parts);
        for (auto cell = std::size_t(begin); cell < std::size_t(end); ++cell) {
            for (std::size_t s = 0; s < m_scores.size(); ++s) {
                if (!counted[s])
                    continue;
                const double score = headScore(m_scores[s], *attention[cell], tokens);
                const std::size_t at = s * cells + cell;
                m_sums[at] += score;
                if (tokens.repeatLength > 0 || m_topCount <= 0)
                    continue;
                std::vector<TopPassage> &top = m_top[at];
                // Highest first; a tie keeps the earlier passage first.
                const auto place = std::upper_bound(
                    top.begin(), top.end(), score, [](double value, const TopPassage &t) { return value > t.score; });
                if (place - top.begin() < m_topCount) {
                    top.insert(place, {passage, score});
                    if (int(top.size()) > m_topCount)
                        top.pop_back();
                }
            }
        }
    });
}

double HeadStatistics::mean(HeadScore score, int layer, int head) const
{
    const int s = slot(score);
    if (s < 0 || m_measured[std::size_t(s)] == 0)
        return std::numeric_limits<double>::quiet_NaN();
    const std::size_t cells = std::size_t(m_layers) * std::size_t(m_heads);
    return m_sums[std::size_t(s) * cells + std::size_t(layer * m_heads + head)] / m_measured[std::size_t(s)];
}

int HeadStatistics::measured(HeadScore score) const
{
    const int s = slot(score);
    return s < 0 ? 0 : m_measured[std::size_t(s)];
}

std::set<int> HeadStatistics::topPassages() const
{
    std::set<int> named;
    for (const std::vector<TopPassage> &list : m_top)
        for (const TopPassage &t : list)
            named.insert(t.passage);
    return named;
}

std::vector<TopPassage> HeadStatistics::top(HeadScore score, int layer, int head) const
{
    const int s = slot(score);
    if (s < 0)
        return {};
    const std::size_t cells = std::size_t(m_layers) * std::size_t(m_heads);
    return m_top[std::size_t(s) * cells + std::size_t(layer * m_heads + head)];
}

} // namespace qkv::analysis
