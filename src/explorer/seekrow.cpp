#include "explorer/seekrow.h"

#include <cmath>
#include <limits>
#include <utility>

namespace qkv::explore {

SeekRow::SeekRow(Eigen::VectorXd query, Eigen::MatrixXd keys, std::vector<bool> shared, int target,
    Normalization normalization, double divisor, bool changeQuery, bool changeKey)
    : m_query(std::move(query))
    , m_keys(std::move(keys))
    , m_shared(std::move(shared))
    , m_target(target)
    , m_normalization(normalization)
    , m_divisor(divisor)
    , m_changeQuery(changeQuery)
    , m_changeKey(changeKey)
{
    for (bool s : m_shared)
        m_sharedCount += s ? 1 : 0;
}

bool SeekRow::softmax() const
{
    return m_normalization == Normalization::Softmax || m_normalization == Normalization::ScaledSoftmax;
}

Eigen::VectorXd SeekRow::start() const
{
    Eigen::VectorXd z((m_changeQuery ? dim() : 0) + (m_changeKey ? dim() : 0));
    if (m_changeQuery)
        z.head(dim()) = m_query;
    if (m_changeKey)
        z.tail(dim()) = m_keys.row(m_target).transpose();
    return z;
}

Eigen::VectorXd SeekRow::queryAt(const Eigen::VectorXd &z) const
{
    return m_changeQuery ? Eigen::VectorXd(z.head(dim())) : m_query;
}

Eigen::VectorXd SeekRow::keyAt(const Eigen::VectorXd &z) const
{
    return m_changeKey ? Eigen::VectorXd(z.tail(dim())) : Eigen::VectorXd(m_keys.row(m_target).transpose());
}

Eigen::VectorXd SeekRow::scores(const Eigen::VectorXd &z) const
{
    const Eigen::VectorXd q = queryAt(z);
    Eigen::VectorXd s = m_keys * q;
    if (m_changeKey) {
        const double shared = keyAt(z).dot(q);
        for (std::size_t l = 0; l < m_shared.size(); ++l)
            if (m_shared[l])
                s(Eigen::Index(l)) = shared;
    }
    if (softmax())
        s /= m_divisor;
    return s;
}

double SeekRow::weight(const Eigen::VectorXd &z) const
{
    const Eigen::VectorXd s = scores(z);
    switch (m_normalization) {
    case Normalization::ScaledSoftmax:
    case Normalization::Softmax:
        return std::exp(s(m_target) - s.maxCoeff()) / (s.array() - s.maxCoeff()).exp().sum();
    case Normalization::Sum: {
        const double sum = s.sum();
        return std::abs(sum) <= 1e-12 ? std::numeric_limits<double>::quiet_NaN() : s(m_target) / sum;
    }
    case Normalization::None:
        break;
    }
    return s(m_target);
}

double SeekRow::gap(const Eigen::VectorXd &z, double w) const
{
    if (!softmax())
        return weight(z) - w;
    const Eigen::VectorXd s = scores(z);
    const double top = s.maxCoeff();
    return s(m_target) - top - std::log((s.array() - top).exp().sum()) - std::log(w);
}

Eigen::VectorXd SeekRow::gradient(const Eigen::VectorXd &z) const
{
    const Eigen::VectorXd q = queryAt(z);
    Eigen::MatrixXd keys = m_keys;
    if (m_changeKey) {
        const Eigen::RowVectorXd y = keyAt(z).transpose();
        for (std::size_t l = 0; l < m_shared.size(); ++l)
            if (m_shared[l])
                keys.row(Eigen::Index(l)) = y;
    }
    // ∂gap/∂s_l for each visible column, then through s_l = q·k_l.
    Eigen::VectorXd ds;
    double scale = 1;
    const Eigen::VectorXd s = scores(z);
    switch (m_normalization) {
    case Normalization::ScaledSoftmax:
    case Normalization::Softmax: {
        Eigen::VectorXd a = (s.array() - s.maxCoeff()).exp();
        a /= a.sum();
        ds = -a;
        scale = 1 / m_divisor;
        break;
    }
    case Normalization::Sum: {
        const double sum = s.sum();
        ds = Eigen::VectorXd::Constant(s.size(), -s(m_target) / sum);
        scale = 1 / sum;
        break;
    }
    case Normalization::None:
        ds = Eigen::VectorXd::Zero(s.size());
        break;
    }
    ds(m_target) += 1;
    ds *= scale;

    Eigen::VectorXd g(start().size());
    if (m_changeQuery)
        g.head(dim()) = keys.transpose() * ds;
    if (m_changeKey) {
        double through = 0;
        for (std::size_t l = 0; l < m_shared.size(); ++l)
            if (m_shared[l])
                through += ds(Eigen::Index(l));
        g.tail(dim()) = through * q;
    }
    return g;
}

} // namespace qkv::explore
