#include "transformer/rotary.h"

#include <cmath>

namespace qkv::transformer {

Eigen::VectorXf Rotary::inverseFrequencies(const Config &c, Eigen::Index tokens)
{
    const int dims = c.rotated(), half = dims / 2;
    Eigen::VectorXf inv(half);
    const RopeScaling &s = c.ropeScaling;
    if (s.longrope) { // 1 / (factor · base^(2i/d)), each product in float32 as Hugging Face's
        const std::vector<double> &factors
            = tokens > Eigen::Index(s.originalMaxPositions) ? s.longFactors : s.shortFactors;
        for (int i = 0; i < half; ++i)
            inv[i] = 1.0f / (float(factors[std::size_t(i)]) * std::pow(float(c.ropeTheta), float(2 * i) / float(dims)));
        return inv;
    }
    for (int i = 0; i < half; ++i)
        inv[i] = 1.0f / std::pow(float(c.ropeTheta), float(2 * i) / float(dims));
    if (std::size_t(half) == c.ropeFactors.size()) {
        for (int i = 0; i < half; ++i)
            inv[i] /= c.ropeFactors[std::size_t(i)];
        return inv;
    }
    if (c.ropeScaling.linear)
        return inv / float(c.ropeScaling.factor);
    if (!c.ropeScaling.llama3)
        return inv;
    const double lowWavelength = s.originalMaxPositions / s.lowFreqFactor;
    const double highWavelength = s.originalMaxPositions / s.highFreqFactor;
    for (int i = 0; i < half; ++i) {
        const double f = inv[i], wavelength = 2 * M_PI / f;
        if (wavelength > lowWavelength) {
            inv[i] = float(f / s.factor);
        } else if (wavelength >= highWavelength) {
            const double smooth
                = (s.originalMaxPositions / wavelength - s.lowFreqFactor) / (s.highFreqFactor - s.lowFreqFactor);
            inv[i] = float((1 - smooth) * f / s.factor + smooth * f);
        }
    }
    return inv;
}

Rotary::Rotary(const Config &config, Eigen::Index tokens)
    : m_half(config.rotated() / 2)
    , m_headDim(config.headDim)
    , m_cos(tokens, m_half)
    , m_sin(tokens, m_half)
{
    const Eigen::VectorXf inv = inverseFrequencies(config, tokens);
    const auto scale = float(config.ropeScaling.longrope ? config.ropeScaling.attentionFactor : 1.0);
    for (Eigen::Index p = 0; p < tokens; ++p) {
        for (Eigen::Index i = 0; i < m_half; ++i) {
            const float angle = float(p) * inv[i];
            m_cos(p, i) = std::cos(angle) * scale;
            m_sin(p, i) = std::sin(angle) * scale;
        }
    }
}

Rotary::Rotary(const Config &config, Eigen::Index first, Eigen::Index count)
    : Rotary(config, first + count)
{
    m_cos = Eigen::MatrixXf(m_cos.bottomRows(count));
    m_sin = Eigen::MatrixXf(m_sin.bottomRows(count));
}

Rotary::Rotary(const Config &config, const std::vector<Eigen::Index> &passages)
    : m_half(config.rotated() / 2)
    , m_headDim(config.headDim)
{
    Eigen::Index rows = 0;
    for (const Eigen::Index n : passages)
        rows += n;
    m_cos.resize(rows, m_half);
    m_sin.resize(rows, m_half);
    Eigen::Index at = 0;
    for (const Eigen::Index n : passages) {
        const Rotary one(config, n);
        m_cos.middleRows(at, n) = one.m_cos;
        m_sin.middleRows(at, n) = one.m_sin;
        at += n;
    }
}

void Rotary::apply(Eigen::MatrixXf &x) const
{
    for (Eigen::Index start = 0; start + m_headDim <= x.cols(); start += m_headDim) {
        const Eigen::MatrixXf first = x.middleCols(start, m_half);
        auto second = x.middleCols(start + m_half, m_half);
        x.middleCols(start, m_half) = first.cwiseProduct(m_cos) - second.cwiseProduct(m_sin);
        second = second.cwiseProduct(m_cos) + first.cwiseProduct(m_sin);
    }
}

} // namespace qkv::transformer
