#include "document/jsonwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QVariant>

#include <algorithm>
#include <array>
#include <cmath>

namespace qkv {
namespace {

// The order keys are written in; one list serves documents and `qkvlab compute` output.
constexpr std::array keyOrder {"format", "version", "title", "description", "sentence", "tokens", "tokenizer", "mode",
    "heads", "dim", "scoring", "normalization", "temperature", "precision", "softmax", "mask", "masked", "switched_off",
    "words", "q", "k", "v", "attention", "d_model", "positions", "embeddings", "projections", "wq", "wk", "wv", "wo",
    "queries", "keys", "values", "scores", "weights", "output", "warnings", "view"};

int rank(const QString &key)
{
    for (std::size_t i = 0; i < keyOrder.size(); ++i)
        if (key == QLatin1String(keyOrder[i]))
            return static_cast<int>(i);
    return static_cast<int>(keyOrder.size());
}

bool isScalar(const QJsonValue &v)
{
    return !v.isArray() && !v.isObject();
}

QByteArray scalar(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return "null";
    case QJsonValue::Bool:
        return v.toBool() ? "true" : "false";
    case QJsonValue::Double:
        // An integer the parser kept as one (every integer of 64 bits) is written exactly: as a
        // double, 155555555555555555 would come back as 155555555555555550.
        if (v.toVariant().typeId() == QMetaType::LongLong)
            return QByteArray::number(v.toInteger());
        return formatNumber(v.toDouble()).toLatin1();
    case QJsonValue::String: {
        // QJsonDocument already escapes strings exactly as JSON requires. But Qt 6.4's parser drops
        // a raw U+FEFF at the start of a string (read as a byte order mark), so it is written as
        // an escape, which reads back intact: the text survives a save and load byte for byte.
        QByteArray a = QJsonDocument(QJsonArray {v}).toJson(QJsonDocument::Compact);
        return a.mid(1, a.size() - 2).replace("\xEF\xBB\xBF", "\\ufeff");
    }
    default:
        return "null";
    }
}

void write(const QJsonValue &v, int depth, QByteArray &out)
{
    const QByteArray pad(qsizetype(depth + 1) * 2, ' ');
    const QByteArray closePad(qsizetype(depth) * 2, ' ');
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        if (std::all_of(a.begin(), a.end(), [](const QJsonValue &e) { return isScalar(e); })) {
            out += '[';
            for (qsizetype i = 0; i < a.size(); ++i)
                out += (i ? ", " : "") + scalar(a[i]);
            out += ']';
            return;
        }
        out += "[\n";
        for (qsizetype i = 0; i < a.size(); ++i) {
            out += pad;
            write(a[i], depth + 1, out);
            out += i + 1 < a.size() ? ",\n" : "\n";
        }
        out += closePad + ']';
    } else if (v.isObject()) {
        const QJsonObject o = v.toObject();
        if (o.isEmpty()) {
            out += "{}";
            return;
        }
        QStringList keys = o.keys();
        std::stable_sort(
            keys.begin(), keys.end(), [](const QString &a, const QString &b) { return rank(a) < rank(b); });
        out += "{\n";
        for (qsizetype i = 0; i < keys.size(); ++i) {
            out += pad + scalar(keys[i]) + ": ";
            write(o.value(keys[i]), depth + 1, out);
            out += i + 1 < keys.size() ? ",\n" : "\n";
        }
        out += closePad + '}';
    } else {
        out += scalar(v);
    }
}

} // namespace

QString formatNumber(double x)
{
    // Plain digits in the range people read (100000, not 1e+05); exponents only at the extremes.
    const double a = std::abs(x);
    const char format = (a == 0 || (a >= 1e-4 && a < 1e15)) ? 'f' : 'g';
    return QLocale::c().toString(x, format, QLocale::FloatingPointShortest);
}

QByteArray toPrettyJson(const QJsonValue &value)
{
    QByteArray out;
    write(value, 0, out);
    out += '\n';
    return out;
}

} // namespace qkv
