#include "document/defaultvalues.h"

#include <cmath>

namespace qkv {
namespace {

quint64 fnv1a(const QByteArray &bytes, quint64 h = 0xcbf29ce484222325ULL)
{
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

quint64 splitmix64(quint64 x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

quint64 baseHash(const QString &word, QStringView role)
{
    return fnv1a(role.toUtf8(), fnv1a(word.toUtf8()) ^ 0xffULL);
}

double valueFromBase(quint64 base, int head, int index)
{
    const quint64 h = splitmix64(base ^ (static_cast<quint64>(head) << 32) ^ static_cast<quint32>(index));
    // 201 evenly spaced values -1.00 … 1.00; the modulo bias over 2^64 is negligible.
    return static_cast<double>(static_cast<int>(h % 201) - 100) / 100.0;
}

} // namespace

double defaultValue(const QString &word, QStringView role, int head, int index)
{
    return valueFromBase(baseHash(word, role), head, index);
}

Eigen::VectorXd defaultVector(const QString &word, QStringView role, int head, int dim)
{
    const quint64 base = baseHash(word, role);
    Eigen::VectorXd v(dim);
    for (int i = 0; i < dim; ++i)
        v(i) = valueFromBase(base, head, i);
    return v;
}

Eigen::MatrixXd defaultMatrix(QStringView role, int head, int rows, int cols)
{
    // Indexing by (row, col) rather than row * cols + col keeps existing cells when a size grows.
    // The row's hash once, not per cell: a 4096 × 1024 matrix is 4M cells.
    Eigen::MatrixXd m(rows, cols);
    for (int r = 0; r < rows; ++r) {
        const quint64 base = baseHash(QString::number(r), role);
        for (int c = 0; c < cols; ++c)
            m(r, c) = valueFromBase(base, head, c);
    }
    return m;
}

} // namespace qkv
