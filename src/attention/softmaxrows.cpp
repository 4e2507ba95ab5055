#include "attention/softmaxrows.h"

#include "platform/cores.h"
#include "platform/memorytuning.h"
#include "platform/vectorstate.h"

#include <algorithm>
#include <cmath>

namespace qkv {

double softmaxDivisor(Normalization normalization, double temperature, int width)
{
    switch (normalization) {
    case Normalization::ScaledSoftmax:
        return temperature * std::sqrt(static_cast<double>(std::max(width, 1)));
    case Normalization::Softmax:
        return temperature;
    case Normalization::Sum:
    case Normalization::None:
        break;
    }
    return 0.0;
}

void softmaxRowRange(const SquareMatrix &scores, const SquareMatrix &visible, double divisor, SquareMatrix &weights,
    Eigen::Index begin, Eigen::Index end, kernels::RowStatus *status, double *largest)
{
    const bool masked = visible.size() > 0;
    for (Eigen::Index i = begin; i < end; ++i) {
        status[i] = kernels::softmaxRow(scores.row(i).data(), masked ? visible.row(i).data() : nullptr, scores.cols(),
            divisor, weights.row(i).data(), &largest[i]);
        if (status[i] != kernels::RowStatus::Ok)
            weights.row(i).setZero();
    }
}

void softmaxProblems(const std::vector<kernels::RowStatus> &status, std::vector<double> largest,
    std::vector<RowProblem> &problems, double *largestWeight, std::vector<double> *rowLargest)
{
    for (std::size_t i = 0; i < status.size(); ++i)
        if (status[i] != kernels::RowStatus::Ok)
            problems.push_back({static_cast<int>(i),
                status[i] == kernels::RowStatus::AllMasked ? RowIssue::AllMasked : RowIssue::NonFinite});
    if (largestWeight)
        *largestWeight = largest.empty() ? 0.0 : *std::max_element(largest.begin(), largest.end());
    if (rowLargest)
        *rowLargest = std::move(largest);
}

SquareMatrix softmaxRows(const SquareMatrix &scores, const SquareMatrix &visible, double divisor,
    std::vector<RowProblem> &problems, double *largestWeight, std::vector<double> *rowLargest)
{
    const Eigen::Index n = scores.rows(), cols = scores.cols();
    SquareMatrix weights(n, cols);
    adviseHugePages(weights.data(), static_cast<std::size_t>(weights.size()) * sizeof(double));
    std::vector<kernels::RowStatus> status(static_cast<std::size_t>(n));
    std::vector<double> largest(static_cast<std::size_t>(n), 0.0);
    // Parts of 32 k cells: 64 k took half the time on two cores.
    inParts(partsFor(double(n) * double(cols), 32.0 * 1024), [&](int part, int parts) {
        clearUpperVectorState(); // the SSE2 level's code on a thread of its own too (vectorstate.h)
        const auto [begin, end] = partOf(n, part, parts);
        softmaxRowRange(scores, visible, divisor, weights, begin, end, status.data(), largest.data());
    });
    softmaxProblems(status, std::move(largest), problems, largestWeight, rowLargest);
    return weights;
}

} // namespace qkv
