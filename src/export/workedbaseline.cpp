// The worked computation against a snapshot: its numbers of the same row, beside the steps'.
#include "attention/difference.h"
#include "export/workedcomputation.h"

namespace qkv {

bool compareWorked(WorkedComputation &w, const Result &now, const Result &baseline, const QString &name)
{
    w.then.reset();
    if (!w.isValid() || !Difference::refusal(now, baseline, w.head, name).isEmpty())
        return false;
    const HeadResult &h = baseline.heads[static_cast<std::size_t>(w.head)];
    const auto n = static_cast<Eigen::Index>(w.keys.size());
    WorkedBaseline then;
    then.name = name;
    for (Eigen::Index j = 0; j < n; ++j)
        then.weights.push_back(h.weights(w.query, j));
    if (h.scores.rows() == n)
        for (Eigen::Index j = 0; j < n; ++j)
            then.scores.push_back(h.scores(w.query, j));
    if (h.output.rows() == n)
        then.output = h.output.row(w.query).transpose();
    w.then = std::move(then);
    return true;
}

} // namespace qkv
