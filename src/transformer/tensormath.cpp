#include "transformer/tensormath.h"

#include "kernels/matmul.h"
#include "platform/cores.h"

#include <cassert>
#include <cmath>
#include <limits>

namespace qkv::transformer {

Eigen::MatrixXf applyLinear(const Linear &linear, const Eigen::MatrixXf &x)
{
    const Weight &weight = *linear.weight;
    const std::ptrdiff_t rows = weight.rows(), cols = weight.cols();
    const std::ptrdiff_t out = linear.inOut ? cols : rows, in = linear.inOut ? rows : cols;
    assert(x.cols() == in); // the shapes were checked against config.json when the model opened
    Eigen::MatrixXf y(x.rows(), out);
    if (x.rows() == 0 || out == 0)
        return y;
    // The machine's BLAS (its kernels for this CPU's widest vectors) on the mapped weights, each
    // thread computing its own columns of y from its own part of W. A row-major W (rows × cols)
    // is, column-major, Wᵀ with columns `cols` apart: y = x·W (Conv1D) takes it transposed back,
    // y = x·Wᵀ (Linear) as it is.
    // Parts of 1 M multiply-adds and 64 columns at least (each part packs x again).
    const int columnParts = partsFor(double(x.rows()) * double(in) * double(out), 1e6, int(out / 64));
    const std::ptrdiff_t n = x.rows();
    // A sentence's tokens against weights kept as stored: our kernel on each tile of rows just
    // widened (matmul.h), x and y padded once for all of them. Below 8 tokens the padding would
    // cost more than the BLAS's packing.
    const bool fewRows = weight.isPacked() && n >= 8 && n <= kernels::fewRowsLimit;
    const std::ptrdiff_t padded = kernels::paddedRows(n);
    const unsigned short *bf16 = weight.bf16Rows();
    // One to seven tokens (the output head's row): dot products of their rows with the stored ones.
    const bool fewDots = bf16 && n > 0 && n < 8;
    Eigen::MatrixXf xRows;
    if (fewDots)
        xRows = x.transpose(); // column-major: each token's row contiguous
    Eigen::MatrixXf xPadded, yPadded;
    if (fewRows) {
        xPadded = Eigen::MatrixXf::Zero(padded, in);
        xPadded.topRows(n) = x;
        yPadded.resize(padded, out);
    }
    inParts(columnParts, [&](int part, int parts) {
        const auto [begin, end] = partOf(out, part, parts);
        if (end <= begin)
            return;
        if (weight.isPacked()) { // a Linear kept as stored (never a Conv1D): a tile of rows at a time
            assert(!linear.inOut);
            if (fewDots
                && kernels::dotRowsBf16(
                    xRows.data(), n, bf16 + begin * in, in, end - begin, in, y.data() + begin * n, n))
                return;
            // bfloat16 rows need no widening: the kernel reads them as stored.
            if (fewRows && bf16
                && kernels::multiplyFewRowsBf16(
                    xPadded.data(), bf16 + begin * in, in, n, end - begin, in, yPadded.data() + begin * padded))
                return;
            // For the BLAS a tile of 1 MiB of float32 rows at most: it stays in the core's cache for
            // the product. Our kernel takes 12 rows at a time (its tiles' columns), about 128 KiB.
            const std::ptrdiff_t tile = fewRows
                ? std::max<std::ptrdiff_t>(12, (std::ptrdiff_t(1) << 15) / std::max<std::ptrdiff_t>(in, 1) / 12 * 12)
                : std::max<std::ptrdiff_t>(16, (std::ptrdiff_t(1) << 18) / std::max<std::ptrdiff_t>(in, 1));
            std::vector<float> rows(std::size_t(std::min<std::ptrdiff_t>(tile, end - begin) * in));
            for (std::ptrdiff_t from = begin; from < end; from += tile) {
                const std::ptrdiff_t count = std::min<std::ptrdiff_t>(tile, end - from);
                weight.decodeRows(from, count, rows.data());
                if (fewRows) {
                    const auto [next, bytes]
                        = weight.storedRows(from + count, std::min<qint64>(tile, end - from - count));
                    kernels::multiplyFewRows(
                        xPadded.data(), rows.data(), in, n, count, in, yPadded.data() + from * padded, next, bytes);
                } else
                    kernels::multiply(
                        {x.data(), n, false}, {rows.data(), in, false}, n, count, in, y.data() + from * n, n);
            }
            return;
        }
        const kernels::FloatMatrixRef w = linear.inOut
            ? kernels::FloatMatrixRef {weight.data + begin, cols, true}
            : kernels::FloatMatrixRef {weight.data + begin * cols, cols, false};
        kernels::multiply({x.data(), n, false}, w, n, end - begin, in, y.data() + begin * n, n);
    });
    if (fewRows)
        y = yPadded.topRows(n);
    if (linear.bias)
        y.rowwise() += vectorOf(*linear.bias);
    return y;
}

void normalizeRows(Eigen::MatrixXf &x, const Norm &norm, float eps)
{
    const WeightVector weight = vectorOf(*norm.weight);
    const float d = float(x.cols());
    if (norm.rms) {
        const Eigen::VectorXf scale = ((x.array().square().rowwise().sum() / d) + eps).rsqrt();
        if (norm.plusOne)
            x = (x.array().colwise() * scale.array()).rowwise() * (weight.array() + 1.0f);
        else
            x = (x.array().colwise() * scale.array()).rowwise() * weight.array();
        return;
    }
    const Eigen::VectorXf mean = x.rowwise().sum() / d;
    x.colwise() -= mean;
    const Eigen::VectorXf scale = ((x.array().square().rowwise().sum() / d) + eps).rsqrt();
    x = (x.array().colwise() * scale.array()).rowwise() * weight.array();
    x.rowwise() += vectorOf(*norm.bias);
}

Eigen::MatrixXf normalized(Eigen::MatrixXf x, const Norm &norm, float eps)
{
    if (norm)
        normalizeRows(x, norm, eps);
    return x;
}

namespace {

void activateBlock(Eigen::Ref<Eigen::MatrixXf> x, Activation activation)
{
    // Whole arrays, so Eigen's vectorized exp and tanh do the work: a scalar call a number was
    // a quarter of a Llama forward pass.
    auto a = x.array();
    switch (activation) {
    case Activation::GeluTanh: {
        const float k = std::sqrt(2.0f / float(M_PI));
        a = 0.5f * a * (1.0f + (k * (a + 0.044715f * a.cube())).tanh());
        break;
    }
    case Activation::GeluErf:
        x = x.unaryExpr([](float t) { return 0.5f * t * (1.0f + std::erf(t * float(M_SQRT1_2))); });
        break;
    case Activation::Relu:
        x = x.cwiseMax(0.0f);
        break;
    case Activation::Silu:
        a = a / (1.0f + (-a).exp());
        break;
    }
}

} // namespace

void activate(Eigen::MatrixXf &x, Activation activation)
{
    // Columns spread over the cores, 32 k values a part at least (a tanh or exp each): at 32
    // tokens GPT-2's were a tenth of its forward pass on one core.
    const int parts = partsFor(double(x.size()), 32 * 1024, int(x.cols()));
    inParts(parts, [&](int part, int total) {
        const auto [begin, end] = partOf(x.cols(), part, total);
        activateBlock(x.middleCols(begin, end - begin), activation);
    });
}

Eigen::MatrixXf softmaxRows(Eigen::MatrixXf scores, bool causal, int window, Eigen::Index firstRow)
{
    // Column by column, down contiguous memory (a column-major row is strided by n: at 1,024 tokens
    // passes along rows took a sixth of the forward pass). Row i sees columns [begin(i), end(i)),
    // both growing with i, so the rows that see column j are one range [low, high).
    const Eigen::Index n = scores.rows(), m = scores.cols();
    const auto end = [&](Eigen::Index i) { return causal ? std::min(firstRow + i + 1, m) : m; };
    const auto begin = [&](Eigen::Index i) { return window > 0 ? std::max<Eigen::Index>(0, end(i) - window) : 0; };
    Eigen::VectorXf top = Eigen::VectorXf::Constant(n, -std::numeric_limits<float>::infinity());
    Eigen::VectorXf sum = Eigen::VectorXf::Zero(n);
    // In place: a column's scores are read once the maxima are known, just before it is written
    // (at 4,096 tokens a second 64 MB matrix a head was a fresh mapping the kernel had to zero).
    Eigen::MatrixXf &a = scores;
    Eigen::Index low = 0, high = 0;
    const auto rowsOf = [&](Eigen::Index j) {
        while (low < n && end(low) <= j)
            ++low;
        while (high < n && begin(high) <= j)
            ++high;
        return std::pair {low, std::max(low, high)};
    };
    for (Eigen::Index j = 0; j < m; ++j) {
        const auto [from, to] = rowsOf(j);
        top.segment(from, to - from) = top.segment(from, to - from).cwiseMax(scores.col(j).segment(from, to - from));
    }
    low = high = 0;
    for (Eigen::Index j = 0; j < m; ++j) {
        const auto [from, to] = rowsOf(j);
        auto column = a.col(j);
        column.head(from).setZero();
        column.tail(n - to).setZero();
        column.segment(from, to - from)
            = (column.segment(from, to - from) - top.segment(from, to - from)).array().exp().matrix();
        sum.segment(from, to - from) += column.segment(from, to - from);
    }
    for (Eigen::Index j = 0; j < m; ++j)
        a.col(j).array() /= sum.array();
    return scores;
}

} // namespace qkv::transformer
