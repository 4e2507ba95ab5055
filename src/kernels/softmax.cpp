#include "kernels/softmax.h"

#include "kernels/kernellevels.h"
#include "kernels/simdlevel.h"

namespace qkv::kernels {

RowStatus softmaxRow(
    const double *scores, const double *visible, std::ptrdiff_t n, double divisor, double *out, double *largest)
{
#ifdef QKV_KERNELS_X86
    switch (simdLevel()) {
    case SimdLevel::Avx512:
        return avx512::softmaxRow(scores, visible, n, divisor, out, largest);
    case SimdLevel::Avx2:
        return avx2::softmaxRow(scores, visible, n, divisor, out, largest);
    case SimdLevel::Sse2:
        break;
    }
#endif
    return sse2::softmaxRow(scores, visible, n, divisor, out, largest);
}

void expArray(const double *x, double *y, std::ptrdiff_t n)
{
#ifdef QKV_KERNELS_X86
    switch (simdLevel()) {
    case SimdLevel::Avx512:
        return avx512::expArray(x, y, n);
    case SimdLevel::Avx2:
        return avx2::expArray(x, y, n);
    case SimdLevel::Sse2:
        break;
    }
#endif
    sse2::expArray(x, y, n);
}

} // namespace qkv::kernels
