#include "livemodel/nexttoken.h"

#include "transformer/forward.h"

#include <algorithm>

namespace qkv::live {

NextToken nextTokenAfter(const LiveModel &model, const LiveRun &run, int position, int topK)
{
    if (!run.forward || !run.causal || (run.attention && run.attention->decoder))
        return {};
    const Eigen::VectorXf logits = transformer::logitsAfter(model.model(), *run.forward, position);
    if (logits.size() == 0)
        return {};
    NextToken next;
    next.position = position;
    next.probabilities = softmax(logits);
    for (const transformer::TokenProbability &t : transformer::topTokens(logits, topK))
        next.top.push_back({model.tokenizer().display(t.id), t.id, next.probabilities[t.id]});
    if (position + 1 < int(run.ids.size()))
        next.written = run.ids[std::size_t(position) + 1];
    return next;
}

bool keptNextToken(const LiveRun &run, int position)
{
    return run.forward && std::ranges::find(run.forward->logitPositions, position) != run.forward->logitPositions.end();
}

int rankOf(const Eigen::VectorXd &probabilities, int id)
{
    if (id < 0 || id >= probabilities.size())
        return 0;
    const double p = probabilities[id];
    // Ties go to the lower id, as the top list orders them.
    int rank = 1;
    for (Eigen::Index i = 0; i < probabilities.size(); ++i)
        rank += probabilities[i] > p || (probabilities[i] == p && i < id);
    return rank;
}

} // namespace qkv::live
