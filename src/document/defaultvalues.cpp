#include "document/defaultvalues.h"

#include <QByteArrayView>

#include <array>

namespace qkv {
namespace {

constexpr quint64 fnvOffset = 0xcbf29ce484222325ULL;

quint64 fnv1a(QByteArrayView bytes, quint64 h)
{
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

// FNV-1a of the text's UTF-8 bytes. ASCII, nearly every word, is its own UTF-8 and is hashed as
// it stands: converting allocated twice per vector drawn.
quint64 fnv1aUtf8(QStringView text, quint64 h)
{
    quint64 ascii = h;
    for (const QChar c : text) {
        if (c.unicode() >= 0x80)
            return fnv1a(text.toUtf8(), h);
        ascii ^= c.unicode();
        ascii *= 0x100000001b3ULL;
    }
    return ascii;
}

quint64 splitmix64(quint64 x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

quint64 baseHash(QStringView word, QStringView role)
{
    return fnv1aUtf8(role, fnv1aUtf8(word, fnvOffset) ^ 0xffULL);
}

// The 201 evenly spaced values -1.00 … 1.00, each as (i - 100) / 100.0 gives it: looked up,
// not divided, a division being most of a value's cost.
const std::array<double, 201> hundredths = [] {
    std::array<double, 201> t {};
    for (int i = 0; i < 201; ++i)
        t[static_cast<std::size_t>(i)] = static_cast<double>(i - 100) / 100.0;
    return t;
}();

double valueFromBase(quint64 base, int head, int index)
{
    const quint64 h = splitmix64(base ^ (static_cast<quint64>(head) << 32) ^ static_cast<quint32>(index));
    // The modulo bias over 2^64 is negligible.
    return hundredths[h % 201];
}

} // namespace

DefaultNumbers::DefaultNumbers(const QString &word, QStringView role)
    : m_base(baseHash(word, role))
{ }

double DefaultNumbers::at(int head, int index) const
{
    return valueFromBase(m_base, head, index);
}

void DefaultNumbers::fill(Eigen::MatrixXd &m) const
{
    // In the matrix's memory order.
    for (Eigen::Index i = 0; i < m.cols(); ++i)
        for (Eigen::Index h = 0; h < m.rows(); ++h)
            m(h, i) = valueFromBase(m_base, static_cast<int>(h), static_cast<int>(i));
}

double defaultValue(const QString &word, QStringView role, int head, int index)
{
    return DefaultNumbers(word, role).at(head, index);
}

Eigen::VectorXd defaultVector(const QString &word, QStringView role, int head, int dim)
{
    const DefaultNumbers numbers(word, role);
    Eigen::VectorXd v(dim);
    for (int i = 0; i < dim; ++i)
        v(i) = numbers.at(head, i);
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
