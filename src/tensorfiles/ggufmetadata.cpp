#include "tensorfiles/ggufmetadata.h"

#include "tensorfiles/formaterror.h"

#include <cmath>

namespace qkv {

GgufMetadata::GgufMetadata(const GgufHeader &header, QString where)
    : m_header(header)
    , m_where(std::move(where))
{ }

void GgufMetadata::bad(const QString &key, const QString &why) const
{
    tensorio::fail(QStringLiteral("%1: metadata %2: %3").arg(m_where, key, why));
}

qint64 GgufMetadata::count(const QString &key, qint64 fallback) const
{
    const GgufValue *v = find(key);
    if (!v) {
        if (fallback == 0)
            bad(key, QStringLiteral("missing"));
        return fallback;
    }
    if (v->type == GgufValueType::Array)
        bad(key, QStringLiteral("a value per layer is not supported"));
    const bool integer = v->type != GgufValueType::Float32 && v->type != GgufValueType::Float64
        && v->type != GgufValueType::String && v->type != GgufValueType::Bool;
    const qint64 n = v->value.toLongLong();
    if (!integer || n < 1 || n > (qint64(1) << 30)
        || (v->type == GgufValueType::UInt64 && v->value.toULongLong() > (quint64(1) << 30)))
        bad(key, QStringLiteral("expected a whole number from 1 to 2^30"));
    return n;
}

double GgufMetadata::positive(const QString &key, double fallback) const
{
    const GgufValue *v = find(key);
    if (!v)
        return fallback;
    if (v->type != GgufValueType::Float32 && v->type != GgufValueType::Float64)
        bad(key, QStringLiteral("expected a float"));
    const double x = v->value.toDouble();
    if (!std::isfinite(x) || x <= 0)
        bad(key, QStringLiteral("expected a positive number, not %1").arg(x));
    return x;
}

QString GgufMetadata::text(const QString &key) const
{
    const GgufValue *v = find(key);
    return v && v->type == GgufValueType::String ? v->value.toString() : QString();
}

bool GgufMetadata::flag(const QString &key, bool fallback) const
{
    const GgufValue *v = find(key);
    return v && v->type == GgufValueType::Bool ? v->value.toBool() : fallback;
}

QStringList GgufMetadata::strings(const QString &key) const
{
    const GgufValue *v = find(key);
    if (!v || v->type != GgufValueType::Array || v->elementType != GgufValueType::String)
        bad(key, QStringLiteral("expected a list of strings"));
    return v->value.toStringList();
}

namespace {

// A list with a value for each of `count` tokens, of numbers read as T; each `fallback` when absent.
template<typename T>
QList<T> perToken(const GgufMetadata &m, const QString &key, qsizetype count, T fallback, const QString &what)
{
    const GgufValue *v = m.find(key);
    if (!v)
        return QList<T>(count, fallback);
    QList<T> list = v->value.value<QList<T>>();
    if (v->type != GgufValueType::Array || list.size() != count)
        m.bad(key, QStringLiteral("expected %1 %2, one for each token").arg(count).arg(what));
    return list;
}

} // namespace

QList<qint64> GgufMetadata::integers(const QString &key, qsizetype count, qint64 fallback) const
{
    return perToken(*this, key, count, fallback, QStringLiteral("whole numbers"));
}

QList<double> GgufMetadata::floats(const QString &key, qsizetype count, double fallback) const
{
    return perToken(*this, key, count, fallback, QStringLiteral("numbers"));
}

qint64 GgufMetadata::id(const QString &key, qsizetype vocab) const
{
    const GgufValue *v = find(key);
    if (!v)
        return -1;
    const qint64 id = v->value.toLongLong();
    if (id < 0 || id >= vocab)
        bad(key, QStringLiteral("%1 is not a token id (the vocabulary has %2)").arg(id).arg(vocab));
    return id;
}

} // namespace qkv
