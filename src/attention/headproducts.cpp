#include "attention/headproducts.h"

#include "attention/softmaxrows.h"
#include "kernels/matmul.h"
#include "platform/cores.h"
#include "platform/memorytuning.h"
#include "platform/vectorstate.h"

#include <algorithm>

namespace qkv {
namespace {

// Below about 4 k multiply-adds (8 tokens, d = 64) Eigen's inlined product beats a library
// call; a part of about 1 M pays for handing it to another core (2 M took half the time on two).
constexpr double blasFrom = 4 * 1024, perCore = 1024 * 1024;

template<class Rows>
void splitRows(Eigen::Index rows, double work, Rows &&multiplyRows)
{
    // Parts of 8 rows at least: thinner blocks waste the product's kernel.
    inParts(partsFor(work, perCore, int(rows / 8)), [&](int part, int parts) {
        const auto [begin, end] = partOf(rows, part, parts);
        if (end > begin)
            multiplyRows(static_cast<Eigen::Index>(begin), static_cast<Eigen::Index>(end));
    });
}

void resizeLarge(SquareMatrix &m, Eigen::Index rows, Eigen::Index cols)
{
    if (m.rows() == rows && m.cols() == cols)
        return;
    m.resize(rows, cols);
    adviseHugePages(m.data(), static_cast<std::size_t>(m.size()) * sizeof(double));
}

// Rows r0 … r1 of the row-major out = a·bᵀ are columns of outᵀ = b · a(r0 … r1)ᵀ, column-major.
void scoresRows(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, SquareMatrix &out, Eigen::Index r0, Eigen::Index r1)
{
    const Eigen::Index n = b.rows();
    kernels::multiply(
        {b.data(), n, false}, {a.data() + r0, a.rows(), true}, n, r1 - r0, a.cols(), out.data() + r0 * n, n);
}

// Rows r0 … r1 of out = weights·values: of weights, row-major, the transposed column-major block
// at row r0.
void outputRows(
    const SquareMatrix &weights, const Eigen::MatrixXd &values, Eigen::MatrixXd &out, Eigen::Index r0, Eigen::Index r1)
{
    const Eigen::Index n = weights.cols();
    kernels::multiply({weights.data() + r0 * n, n, true}, {values.data(), values.rows(), false}, r1 - r0, values.cols(),
        n, out.data() + r0, out.rows());
}

} // namespace

void scoresProduct(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, SquareMatrix &out)
{
    const Eigen::Index m = a.rows(), n = b.rows(), k = a.cols();
    resizeLarge(out, m, n);
    const double work = double(m) * n * k;
    if (work < blasFrom || k == 0) {
        out.noalias() = a * b.transpose();
        return;
    }
    splitRows(m, work, [&](Eigen::Index r0, Eigen::Index r1) { scoresRows(a, b, out, r0, r1); });
}

void outputProduct(const SquareMatrix &weights, const Eigen::MatrixXd &values, Eigen::MatrixXd &out)
{
    const Eigen::Index m = weights.rows(), n = weights.cols(), d = values.cols();
    out.resize(m, d);
    const double work = double(m) * n * d;
    if (work < blasFrom || n == 0) {
        out.noalias() = weights * values;
        return;
    }
    splitRows(m, work, [&](Eigen::Index r0, Eigen::Index r1) { outputRows(weights, values, out, r0, r1); });
}

bool fusedSoftmaxHead(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, const Eigen::MatrixXd &values,
    const SquareMatrix &visible, double divisor, SquareMatrix &scores, SquareMatrix &weights, Eigen::MatrixXd &out,
    std::vector<kernels::RowStatus> &status, std::vector<double> &largest)
{
    const Eigen::Index n = a.rows(), m = b.rows(), k = a.cols(), d = values.cols();
    // Each block's products read b and values again (the BLAS packs them per call): worth it while
    // those stay in cache. At 4,096 tokens and d = 64 (2 MiB each) the head took 150 ms by blocks
    // and 85 ms by whole matrices; at d = 3, 32 ms by blocks and 55 by whole matrices.
    constexpr double rereadable = 512 * 1024;
    if (double(n) * double(m) * double(std::min(k, d)) < blasFrom || values.rows() != m || b.cols() != k
        || double(m) * double(std::max(k, d)) * sizeof(double) > rereadable)
        return false;
    resizeLarge(scores, n, m);
    resizeLarge(weights, n, m);
    out.resize(n, d);
    status.assign(static_cast<std::size_t>(n), kernels::RowStatus::Ok);
    largest.assign(static_cast<std::size_t>(n), 0.0);
    // About 128 KiB of scores a block, 8 rows at least: the block's scores are still in cache for
    // its softmax and its weights for its output product, where whole matrices (2 MiB each at 512
    // tokens, 128 MiB at 4,096) went out to memory and were read back, and the product packed
    // the weights again.
    constexpr Eigen::Index blockCells = Eigen::Index(16) * 1024;
    const Eigen::Index block = std::min(std::max<Eigen::Index>(blockCells / std::max<Eigen::Index>(m, 1), 8), n);
    inParts(partsFor(double(n) * double(m) * double(k + d), perCore, int(n / block)), [&](int part, int parts) {
        clearUpperVectorState(); // see vectorstate.h
        const auto [begin, end] = partOf(n, part, parts);
        for (Eigen::Index r0 = begin; r0 < end; r0 += block) {
            const Eigen::Index r1 = std::min<Eigen::Index>(r0 + block, end);
            scoresRows(a, b, scores, r0, r1);
            softmaxRowRange(scores, visible, divisor, weights, r0, r1, status.data(), largest.data());
            outputRows(weights, values, out, r0, r1);
        }
    });
    return true;
}

} // namespace qkv
