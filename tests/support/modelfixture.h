#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <Eigen/Core>

#include <cmath>
#include <vector>

namespace qkv::test {

// A small real-model file in the JSON form: layers × heads × n tokens, each head's attention
// exactly softmax(QKᵀ/√d) of its queries and keys (so the window can recompute it), layer l,
// head h, token i, component c of Q being (l + 1)·sin(…) and so on: known numbers, no randomness.
struct ModelFixture {
    QStringList tokens;
    int layers, heads, dim;
    std::vector<Eigen::MatrixXd> q, k, v, a; // [layer * heads + head]: n × dim, n × n

    ModelFixture(QStringList t, int l, int h, int d)
        : tokens(std::move(t))
        , layers(l)
        , heads(h)
        , dim(d)
    {
        const auto n = static_cast<int>(tokens.size());
        for (int b = 0; b < layers * heads; ++b) {
            Eigen::MatrixXd qq(n, dim), kk(n, dim), vv(n, dim);
            for (int i = 0; i < n; ++i)
                for (int c = 0; c < dim; ++c) {
                    qq(i, c) = (b % 3 + 1) * std::sin(0.7 * i + 1.3 * c + b);
                    kk(i, c) = std::cos(0.5 * i - 0.9 * c + 2 * b);
                    vv(i, c) = std::sin(0.3 * i * c + b);
                }
            Eigen::MatrixXd s = qq * kk.transpose() / std::sqrt(double(dim));
            s = (s.colwise() - s.rowwise().maxCoeff()).array().exp();
            s.array().colwise() /= s.rowwise().sum().array();
            q.push_back(qq);
            k.push_back(kk);
            v.push_back(vv);
            a.push_back(s);
        }
    }
    const Eigen::MatrixXd &attention(int layer, int head) const
    {
        return a[static_cast<std::size_t>(layer * heads + head)];
    }

    QByteArray json(bool withVectors = true) const
    {
        const auto nested = [&](const std::vector<Eigen::MatrixXd> &m) {
            QJsonArray all;
            for (int l = 0; l < layers; ++l) {
                QJsonArray layer;
                for (int h = 0; h < heads; ++h) {
                    QJsonArray rows;
                    const Eigen::MatrixXd &x = m[static_cast<std::size_t>(l * heads + h)];
                    for (Eigen::Index r = 0; r < x.rows(); ++r) {
                        QJsonArray row;
                        for (Eigen::Index c = 0; c < x.cols(); ++c)
                            row.append(x(r, c));
                        rows.append(row);
                    }
                    layer.append(rows);
                }
                all.append(layer);
            }
            return all;
        };
        QJsonObject o {
            {QStringLiteral("tokens"), QJsonArray::fromStringList(tokens)}, {QStringLiteral("attention"), nested(a)}};
        if (withVectors) {
            o.insert(QStringLiteral("queries"), nested(q));
            o.insert(QStringLiteral("keys"), nested(k));
            o.insert(QStringLiteral("values"), nested(v));
        }
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    }
};

} // namespace qkv::test
