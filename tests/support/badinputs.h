#pragma once

// The bad-input matrix of SPEC §5 for documents, shared by the core test (every input through
// the loader) and the window test (every input through File → Open, which must change nothing).

#include "document/documentio.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace qkv::test {

// One document the loader must refuse. `place` is where the message must point: "line:column"
// for syntax, the JSON path for a value, empty for the file as a whole; `message` is how the
// message starts. A truncation only has to point inside what is left (`cut`).
struct BadInput {
    QString name;
    QByteArray bytes;
    QString place;
    QString message;
    qsizetype cut = -1;
};

// "3:14" for syntax errors, the JSON path for values, "" for the file as a whole.
inline QString placeOf(const LoadError &e)
{
    return e.line > 0 ? QStringLiteral("%1:%2").arg(e.line).arg(e.column) : e.path;
}

// Checks a refusal against its row; an empty string when it is as promised, else what is wrong.
inline QString mismatch(const BadInput &input, const LoadResult &r)
{
    if (r)
        return QStringLiteral("accepted");
    if (input.cut >= 0) {
        const QByteArray before = input.bytes.left(input.cut);
        const int lines = static_cast<int>(before.count('\n')) + 1;
        if (r.error.line < 1 || r.error.line > lines || r.error.column < 1 || r.error.column > before.size() + 1
            || !r.error.message.startsWith(u"syntax error: "))
            return QStringLiteral("not located inside the %1 bytes: %2").arg(input.cut).arg(r.error.toString());
        return {};
    }
    if (placeOf(r.error) != input.place || !r.error.message.startsWith(input.message))
        return QStringLiteral("expected \"%1: %2…\", got \"%3: %4\"")
            .arg(input.place, input.message, placeOf(r.error), r.error.message);
    return {};
}

// A valid document with every field, two heads, dim 2, d_model 2, two tokens: each wrong value
// below replaces one part of it, so the loader reaches that part with everything else right.
// A JSON list of the given values. (Braces alone would not do: QJsonArray {QJsonArray {…}} is a
// copy, not a list holding a list.)
template<typename... Values>
QJsonArray list(const Values &...values)
{
    QJsonArray a;
    (a.append(QJsonValue(values)), ...);
    return a;
}

inline QJsonObject fullDocument()
{
    const auto m2 = [](double a, double b, double c, double d) { return list(list(a, b), list(c, d)); };
    const QJsonObject words {{u"q"_qs, m2(1, 2, 3, 4)}, {u"k"_qs, m2(1, 0, 0, 1)}, {u"v"_qs, m2(0.5, 0, 0, 0.5)}};
    const QJsonObject projection {{u"wq"_qs, m2(1, 0, 0, 1)}, {u"wk"_qs, m2(0, 1, 1, 0)}, {u"wv"_qs, m2(1, 1, 0, 1)}};
    return QJsonObject {{u"format"_qs, u"qkvlab"_qs}, {u"version"_qs, 1}, {u"title"_qs, u"t"_qs},
        {u"description"_qs, u"d"_qs}, {u"sentence"_qs, u"a b"_qs}, {u"tokenizer"_qs, u"whitespace"_qs},
        {u"mode"_qs, u"projection"_qs}, {u"heads"_qs, 2}, {u"dim"_qs, 2}, {u"scoring"_qs, u"query-key"_qs},
        {u"normalization"_qs, u"softmax"_qs}, {u"temperature"_qs, 1.5}, {u"mask"_qs, u"none"_qs},
        {u"masked"_qs, list(list(0, 1))}, {u"words"_qs, QJsonObject {{u"a"_qs, words}}},
        {u"attention"_qs, list(m2(1, 0, 0, 1), m2(0.5, 0.5, 0, 1))}, {u"d_model"_qs, 2}, {u"positions"_qs, u"none"_qs},
        {u"embeddings"_qs, QJsonObject {{u"a"_qs, list(1, 2)}}}, {u"projections"_qs, list(projection, QJsonObject {})},
        {u"wo"_qs, list(list(1, 0), list(0, 1), list(1, 0), list(0, 1))}, {u"view"_qs, QJsonObject {}}};
}

// `at` with the part named by `path` ("words/a/q/0": keys and list indices) set to `value`.
inline QJsonValue replaced(const QJsonValue &at, QStringList path, const QJsonValue &value)
{
    if (path.isEmpty())
        return value;
    const QString step = path.takeFirst();
    bool isIndex = false;
    const int index = step.toInt(&isIndex);
    if (isIndex) {
        QJsonArray a = at.toArray();
        a[index] = replaced(a[index], path, value);
        return a;
    }
    QJsonObject o = at.toObject();
    o[step] = replaced(o[step], path, value);
    return o;
}

// How the loader names that part: words.a.q[0][1].
inline QString jsonPath(const QString &path)
{
    QString out;
    for (const QString &step : path.split(u'/')) {
        bool isIndex = false;
        step.toInt(&isIndex);
        out += isIndex ? u'[' + step + u']' : (out.isEmpty() ? step : u'.' + step);
    }
    return out;
}

inline QByteArray withValue(const QString &path, const QJsonValue &value)
{
    return QJsonDocument(replaced(fullDocument(), path.split(u'/'), value).toObject()).toJson();
}

// `path` set to raw JSON text (NaN, 1e400: what QJsonValue cannot hold), and the line:column
// where that text starts.
inline std::pair<QByteArray, QString> withRawValue(const QString &path, const QByteArray &raw)
{
    const QByteArray marker = "\"@raw@\"";
    QByteArray bytes = withValue(path, u"@raw@"_qs);
    const qsizetype at = bytes.indexOf(marker);
    const QByteArray before = bytes.left(at);
    const QString place = QStringLiteral("%1:%2").arg(before.count('\n') + 1).arg(at - before.lastIndexOf('\n'));
    return {bytes.replace(marker, raw), place};
}

std::vector<BadInput> malformedJson();
std::vector<BadInput> truncations(const QByteArray &valid, const QString &name);
std::vector<BadInput> wrongTypes();
std::vector<BadInput> badNumbers();
std::vector<BadInput> mismatchedDimensions();
std::vector<BadInput> badTokenCounts();
// Every row above, with every truncation point of every bundled example.
std::vector<BadInput> allBadDocuments();

} // namespace qkv::test
