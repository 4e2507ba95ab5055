#include "analysis/headscores.h"

#include <cmath>

namespace qkv::analysis {
namespace {

constexpr const char *names[headScoreCount] = {"entropy", "previous-token", "duplicate-token", "induction",
    "induction-random", "first-token", "special-tokens", "distance", "concentration"};

// detect_head's "mul": Σ attention ⊙ pattern / Σ attention, with the pattern's 1s given as a test
// on (row, column) below or on the diagonal (every pattern it defines is lower triangular).
template<class Ones>
double detection(const Eigen::MatrixXf &a, Ones &&one)
{
    double matched = 0, total = 0;
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        for (Eigen::Index j = 0; j < a.cols(); ++j) {
            total += a(i, j);
            if (j <= i && one(i, j))
                matched += a(i, j);
        }
    }
    return total > 0 ? matched / total : 0;
}

// The mean over rows of f(row i, column j, weight) summed along each row.
template<class F>
double rowMean(const Eigen::MatrixXf &a, F &&f)
{
    double sum = 0;
    for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < a.cols(); ++j)
            sum += f(i, j, double(a(i, j)));
    return a.rows() > 0 ? sum / double(a.rows()) : 0;
}

} // namespace

QString headScoreName(HeadScore score)
{
    return QString::fromLatin1(names[int(score)]);
}

std::optional<HeadScore> headScoreFromName(QStringView name)
{
    for (int i = 0; i < headScoreCount; ++i) {
        if (name == QLatin1StringView(names[i]))
            return HeadScore(i);
    }
    return std::nullopt;
}

std::vector<HeadScore> allHeadScores()
{
    std::vector<HeadScore> all;
    all.reserve(headScoreCount);
    for (int i = 0; i < headScoreCount; ++i)
        all.push_back(HeadScore(i));
    return all;
}

QStringList headScoreNames()
{
    QStringList list;
    for (const char *name : names)
        list << QString::fromLatin1(name);
    return list;
}

bool scoresPassage(HeadScore score, const ScoredPassage &passage)
{
    switch (score) {
    case HeadScore::InductionRandom:
        return passage.repeatLength > 0;
    case HeadScore::PreviousToken:
    case HeadScore::DuplicateToken:
    case HeadScore::Induction:
        return passage.repeatLength == 0 && passage.ids.size() > 1;
    default:
        return passage.repeatLength == 0 && !passage.ids.empty();
    }
}

double headScore(HeadScore score, const Eigen::MatrixXf &a, const ScoredPassage &p)
{
    const std::vector<int> &ids = p.ids;
    const auto same = [&](Eigen::Index i, Eigen::Index j) { return ids[std::size_t(i)] == ids[std::size_t(j)]; };
    switch (score) {
    case HeadScore::Entropy:
        return rowMean(a, [](Eigen::Index, Eigen::Index, double w) { return w > 0 ? -w * std::log(w) : 0.0; });
    case HeadScore::PreviousToken:
        return detection(a, [](Eigen::Index i, Eigen::Index j) { return j == i - 1; });
    case HeadScore::DuplicateToken:
        return detection(a, [&](Eigen::Index i, Eigen::Index j) { return j < i && same(i, j); });
    case HeadScore::Induction:
        // The duplicate pattern moved one column right: column j is 1 where token j − 1 is an
        // earlier copy of token i (the diagonal included, as detect_head's tril keeps it).
        return detection(a, [&](Eigen::Index i, Eigen::Index j) { return j >= 1 && j - 1 < i && same(i, j - 1); });
    case HeadScore::InductionRandom: {
        // Row i of the repeat attends to the token after its copy's: column i − L + 1.
        const Eigen::Index L = p.repeatLength, first = p.repeatStart + L;
        double sum = 0;
        for (Eigen::Index i = first; i < first + L; ++i)
            sum += a(i, i - L + 1);
        return L > 0 ? sum / double(L) : 0;
    }
    case HeadScore::FirstToken:
        return rowMean(a, [](Eigen::Index, Eigen::Index j, double w) { return j == 0 ? w : 0.0; });
    case HeadScore::SpecialTokens:
        return rowMean(a, [&](Eigen::Index, Eigen::Index j, double w) { return p.special[std::size_t(j)] ? w : 0.0; });
    case HeadScore::Distance:
        return rowMean(a, [](Eigen::Index i, Eigen::Index j, double w) { return w * double(std::abs(i - j)); });
    case HeadScore::Concentration:
        return rowMean(
            a, [&](Eigen::Index i, Eigen::Index j, double) { return j == 0 ? double(a.row(i).maxCoeff()) : 0.0; });
    }
    return 0;
}

} // namespace qkv::analysis
