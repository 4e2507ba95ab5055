#include "transformer/tensormath.h"

#include "platform/twocores.h"

#include <cmath>

namespace qkv::transformer {

Eigen::MatrixXf applyLinear(const Linear &linear, const Eigen::MatrixXf &x)
{
    const WeightMatrix w = matrixOf(*linear.weight);
    const Eigen::Index out = linear.inOut ? w.cols() : w.rows();
    Eigen::MatrixXf y(x.rows(), out);
    // Each thread computes its own columns of y from its own part of W.
    const bool worthIt = double(x.rows()) * double(x.cols()) * double(out) > 2e6;
    onTwoCores(worthIt, [&](int part, int parts) {
        const auto [begin, end] = partOf(out, part, parts);
        if (linear.inOut)
            y.middleCols(begin, end - begin).noalias() = x * w.middleCols(begin, end - begin);
        else
            y.middleCols(begin, end - begin).noalias() = x * w.middleRows(begin, end - begin).transpose();
    });
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
        x = (x.array().colwise() * scale.array()).rowwise() * weight.array();
        return;
    }
    const Eigen::VectorXf mean = x.rowwise().sum() / d;
    x.colwise() -= mean;
    const Eigen::VectorXf scale = ((x.array().square().rowwise().sum() / d) + eps).rsqrt();
    x = (x.array().colwise() * scale.array()).rowwise() * weight.array();
    x.rowwise() += vectorOf(*norm.bias);
}

void activate(Eigen::MatrixXf &x, Activation activation)
{
    switch (activation) {
    case Activation::GeluTanh: {
        const float k = std::sqrt(2.0f / float(M_PI));
        x = x.unaryExpr([k](float t) { return 0.5f * t * (1.0f + std::tanh(k * (t + 0.044715f * t * t * t))); });
        break;
    }
    case Activation::GeluErf:
        x = x.unaryExpr([](float t) { return 0.5f * t * (1.0f + std::erf(t * float(M_SQRT1_2))); });
        break;
    case Activation::Relu:
        x = x.cwiseMax(0.0f);
        break;
    case Activation::Silu:
        x = x.unaryExpr([](float t) { return t / (1.0f + std::exp(-t)); });
        break;
    }
}

Eigen::MatrixXf softmaxRows(const Eigen::MatrixXf &scores, bool causal)
{
    const Eigen::Index n = scores.rows(), m = scores.cols();
    Eigen::MatrixXf a = Eigen::MatrixXf::Zero(n, m);
    for (Eigen::Index i = 0; i < n; ++i) {
        const Eigen::Index keys = causal ? std::min(i + 1, m) : m;
        const float top = scores.row(i).head(keys).maxCoeff();
        auto row = a.row(i).head(keys);
        row = (scores.row(i).head(keys).array() - top).exp().matrix();
        row /= row.sum();
    }
    return a;
}

} // namespace qkv::transformer
