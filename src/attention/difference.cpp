#include "attention/difference.h"

namespace qkv {
namespace {

const HeadResult *headOf(const Result &r, int head)
{
    return head >= 0 && head < static_cast<int>(r.heads.size()) ? &r.heads[static_cast<std::size_t>(head)] : nullptr;
}

} // namespace

QString Difference::refusal(const Result &now, const Result &baseline, int head, const QString &name)
{
    if (now.tokens.size() != baseline.tokens.size())
        // No plural forms: the command line says this too, with no catalogue loaded.
        return tr("Tokens: %1 in “%2”, %3 in this sentence. A difference needs the same number of tokens.")
            .arg(baseline.tokens.size())
            .arg(name)
            .arg(now.tokens.size());
    if (now.keys().size() != baseline.keys().size())
        return tr("Keys: %1 in “%2”, %3 in this second sentence. A difference needs the same number of keys.")
            .arg(baseline.keys().size())
            .arg(name)
            .arg(now.keys().size());
    if (!headOf(baseline, head) || !headOf(now, head))
        return tr("“%1” has no head %2 to compare with (heads there: %3).")
            .arg(name)
            .arg(head + 1)
            .arg(baseline.heads.size());
    const auto n = now.tokens.size(), m = now.keys().size();
    const auto shaped = [&](const HeadResult *h) { return h->weights.rows() == n && h->weights.cols() == m; };
    if (!shaped(headOf(now, head)) || !shaped(headOf(baseline, head)))
        return tr("“%1” has no weights to compare with yet.").arg(name);
    return {};
}

SquareMatrix Difference::weights(const Result &now, const Result &baseline, int head)
{
    if (!refusal(now, baseline, head, {}).isEmpty())
        return {};
    return headOf(now, head)->weights - headOf(baseline, head)->weights;
}

SquareMatrix Difference::scores(const Result &now, const Result &baseline, int head)
{
    if (!refusal(now, baseline, head, {}).isEmpty())
        return {};
    const HeadResult &a = *headOf(now, head), &b = *headOf(baseline, head);
    // Weights mode has no scores: its weights stand in, as in the heatmap.
    const bool scored = a.scores.rows() == a.weights.rows() && b.scores.rows() == b.weights.rows();
    return scored ? SquareMatrix(a.scores - b.scores) : SquareMatrix(a.weights - b.weights);
}

double Difference::largest(const SquareMatrix &delta)
{
    return delta.size() == 0 ? 0.0 : delta.cwiseAbs().maxCoeff();
}

} // namespace qkv
