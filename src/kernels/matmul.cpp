#include "kernels/matmul.h"

#include <cblas.h>

namespace qkv::kernels {
namespace {

// OpenBLAS runs each call on the calling thread only: the engine splits its products over the
// cores itself (onTwoCores), and OpenBLAS's own workers spin between calls, taking a core from
// the window on a 2-core machine.
const bool oneThreadPerCall = [] {
    openblas_set_num_threads(1);
    return true;
}();

} // namespace

void multiply(
    MatrixRef a, MatrixRef b, std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, double *c, std::ptrdiff_t cStride)
{
    const auto op = [](bool t) { return t ? CblasTrans : CblasNoTrans; };
    cblas_dgemm(CblasColMajor, op(a.transposed), op(b.transposed), static_cast<blasint>(m), static_cast<blasint>(n),
        static_cast<blasint>(k), 1.0, a.data, static_cast<blasint>(a.stride), b.data, static_cast<blasint>(b.stride),
        0.0, c, static_cast<blasint>(cStride));
}

const char *blasName()
{
    return openblas_get_config();
}

} // namespace qkv::kernels
