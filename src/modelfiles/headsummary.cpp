#include "modelfiles/headsummary.h"

#include <cmath>

namespace qkv {

HeadSummary summarizeHead(const Eigen::Ref<const FloatMatrix> &weights)
{
    HeadSummary s;
    const Eigen::Index n = weights.rows();
    if (n == 0 || weights.cols() != n)
        return s;
    Eigen::Index row = 0, col = 0;
    s.strongest = weights.maxCoeff(&row, &col);
    s.from = static_cast<int>(row);
    s.to = static_cast<int>(col);
    double entropy = 0, previous = 0;
    for (Eigen::Index r = 0; r < n; ++r) {
        for (float p : weights.row(r))
            if (p > 0)
                entropy -= double(p) * std::log2(double(p));
        if (r > 0)
            previous += weights(r, r - 1);
    }
    s.entropyBits = entropy / double(n);
    s.toFirst = weights.col(0).cast<double>().mean();
    s.toPrevious = n > 1 ? previous / double(n - 1) : 0.0;
    s.toSelf = weights.diagonal().cast<double>().mean();
    return s;
}

} // namespace qkv
