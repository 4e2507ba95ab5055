#pragma once

// Head scores over a corpus: each head's score averaged over the passages it is measured on, with
// the passages where it scores highest. Memory is the running sums alone, never the corpus's
// attention.

#include "analysis/headscores.h"

#include <set>
#include <span>
#include <vector>

namespace qkv::analysis {

// A passage where a head scored high: its index in the corpus and the score there.
struct TopPassage {
    int passage = 0;
    double score = 0;
};

class HeadStatistics
{
public:
    HeadStatistics() = default;
    HeadStatistics(int layers, int heads, std::vector<HeadScore> scores, int topCount = 5);

    // One passage's attention: `attention[layer * heads + head]`, each n × n. Heads are spread
    // over the cores; the result does not depend on how many.
    void add(int passage, const ScoredPassage &tokens, std::span<const Eigen::MatrixXf *const> attention);

    int layers() const { return m_layers; }
    int heads() const { return m_heads; }
    const std::vector<HeadScore> &scores() const { return m_scores; }
    int passages() const { return m_passages; } // added, generated sequences included

    // The mean of `score` over the passages measuring it (NaN when none did), and how many those were.
    double mean(HeadScore score, int layer, int head) const;
    int measured(HeadScore score) const;
    // The passages where the head scored highest, highest first (none for generated sequences).
    std::vector<TopPassage> top(HeadScore score, int layer, int head) const;
    // Every passage some head's top list names.
    std::set<int> topPassages() const;

private:
    int slot(HeadScore score) const; // index in m_scores, −1 when not asked for

    int m_layers = 0;
    int m_heads = 0;
    std::vector<HeadScore> m_scores;
    int m_topCount = 5;
    int m_passages = 0;
    std::vector<int> m_measured; // per score
    std::vector<double> m_sums; // [score][layer][head]
    std::vector<std::vector<TopPassage>> m_top; // [score][layer][head]
};

} // namespace qkv::analysis
