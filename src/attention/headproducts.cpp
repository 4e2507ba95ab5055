#include "attention/headproducts.h"

#include "kernels/matmul.h"
#include "platform/memorytuning.h"
#include "platform/twocores.h"

namespace qkv {
namespace {

// Below about 4 k multiply-adds (8 tokens, d = 64) Eigen's inlined product beats a library
// call; from about 2 M a second thread pays for itself.
constexpr double blasFrom = 4 * 1024, twoCoresFrom = 2 * 1024 * 1024;

template<class Rows>
void splitRows(Eigen::Index rows, double work, Rows &&multiplyRows)
{
    onTwoCores(work >= twoCoresFrom, [&](int part, int parts) {
        const auto [begin, end] = partOf(rows, part, parts);
        if (end > begin)
            multiplyRows(static_cast<Eigen::Index>(begin), static_cast<Eigen::Index>(end));
    });
}

} // namespace

void scoresProduct(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, SquareMatrix &out)
{
    const Eigen::Index m = a.rows(), n = b.rows(), k = a.cols();
    if (out.rows() != m || out.cols() != n) {
        out.resize(m, n);
        adviseHugePages(out.data(), static_cast<std::size_t>(out.size()) * sizeof(double));
    }
    const double work = double(m) * n * k;
    if (work < blasFrom || k == 0) {
        out.noalias() = a * b.transpose();
        return;
    }
    // Rows r0 … r1 of the row-major out are columns of outᵀ = b · a(r0 … r1)ᵀ, column-major.
    splitRows(m, work, [&](Eigen::Index r0, Eigen::Index r1) {
        kernels::multiply(
            {b.data(), b.rows(), false}, {a.data() + r0, a.rows(), true}, n, r1 - r0, k, out.data() + r0 * n, n);
    });
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
    // Rows r0 … r1 of weights, row-major, are the transposed column-major block at row r0.
    splitRows(m, work, [&](Eigen::Index r0, Eigen::Index r1) {
        kernels::multiply({weights.data() + r0 * n, n, true}, {values.data(), values.rows(), false}, r1 - r0, d, n,
            out.data() + r0, out.rows());
    });
}

} // namespace qkv
