#include "modelfiles/attentionreaders.h"

#include "document/documentio.h"
#include "platform/jsonpath.h"
#include "tensorfiles/tensordecode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qkv {
namespace tensorio {
namespace {

[[noreturn]] void failAt(const QString &path, const QString &message)
{
    fail(path + u": "_qs + message);
}

// The nested lists of one array: the shape is read down the first items, then every list must
// have its level's length and every leaf must be a number a float holds.
class NestedLists
{
public:
    // `maxNumbers`: how many numbers the text can hold at all, so that a shape read down the
    // first items (a few kilobytes can claim a billion numbers) reserves no more than that.
    NestedLists(Tensor &t, qint64 &budget, qint64 maxNumbers)
        : m_t(t)
        , m_budget(budget)
        , m_maxNumbers(maxNumbers)
    { }

    void read(const QJsonValue &v, const QString &path)
    {
        for (QJsonValue level = v; level.isArray(); level = level.toArray().isEmpty() ? QJsonValue() : level[0]) {
            if (m_t.shape.size() >= 32)
                failAt(path, QStringLiteral("more than 32 levels of lists"));
            m_t.shape.push_back(level.toArray().size());
        }
        if (m_t.shape.empty())
            failAt(path, QStringLiteral("expected nested lists of numbers, got %1").arg(describeValue(v)));
        try {
            m_t.data.reserve(std::min(checkedCount(m_t.shape, m_budget), m_maxNumbers));
        } catch (const Invalid &e) {
            failAt(path, e.message);
        }
        walk(v, path, 0);
    }

private:
    void walk(const QJsonValue &v, const QString &path, std::size_t depth)
    {
        if (depth == m_t.shape.size()) {
            const double x = v.toDouble();
            if (!v.isDouble())
                failAt(path, QStringLiteral("expected a finite number, got %1").arg(describeValue(v)));
            if (std::abs(x) > double(std::numeric_limits<float>::max()))
                failAt(path, QStringLiteral("%1 is beyond the range of a 32-bit float").arg(x));
            m_t.data.push_back(float(x));
            return;
        }
        const qint64 expected = m_t.shape[depth];
        if (!v.isArray())
            failAt(path, QStringLiteral("expected a list of %1, got %2").arg(expected).arg(describeValue(v)));
        const QJsonArray a = v.toArray();
        if (a.size() != expected)
            failAt(
                path, QStringLiteral("expected %1 items like the lists before it, got %2").arg(expected).arg(a.size()));
        for (qsizetype i = 0; i < a.size(); ++i)
            walk(a[i], path + u'[' + QString::number(i) + u']', depth + 1);
    }

    Tensor &m_t;
    qint64 &m_budget;
    qint64 m_maxNumbers;
};

Tensor tokens(const QJsonValue &v)
{
    Tensor t;
    t.name = QStringLiteral("tokens");
    t.text = true;
    if (!v.isArray())
        failAt(t.name, QStringLiteral("expected a list of strings, got %1").arg(describeValue(v)));
    const QJsonArray a = v.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!a[i].isString())
            failAt(QStringLiteral("tokens[%1]").arg(i),
                QStringLiteral("expected a string, got %1").arg(describeValue(a[i])));
        t.strings << a[i].toString();
    }
    t.shape = {qint64(t.strings.size())};
    return t;
}

} // namespace
} // namespace tensorio

TensorFile readAttentionJson(QByteArrayView bytes, const QString &where)
{
    using namespace tensorio;
    TensorFile file;
    QJsonParseError error;
    const QByteArray json = bytes.toByteArray();
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError) {
        const auto [line, column] = lineAndColumn(json, error.offset);
        file.error
            = QStringLiteral("%1:%2:%3: syntax error: %4").arg(where).arg(line).arg(column).arg(error.errorString());
        return file;
    }
    try {
        if (!doc.isObject())
            fail(QStringLiteral("expected a JSON object with \"tokens\" and \"attention\""));
        const QJsonObject o = doc.object();
        if (o.value(QStringLiteral("format")) == QStringLiteral("qkvlab"))
            fail(QStringLiteral("this is a QKV Lab document, not a model's attention: open it as a document"));
        qint64 budget = limits::maxTensorBytes;
        for (const char *key : {"tokens", "attention", "attentions", "queries", "keys", "values"}) {
            const QString name = QLatin1String(key);
            if (!o.contains(name))
                continue;
            file.names << name;
            if (name == u"tokens") {
                file.tensors.push_back(tokens(o.value(name)));
                continue;
            }
            Tensor t;
            t.name = name;
            // Each number takes a digit and a comma at least.
            NestedLists(t, budget, json.size() / 2 + 1).read(o.value(name), name);
            file.tensors.push_back(std::move(t));
        }
    } catch (const Invalid &e) {
        file.tensors.clear();
        file.error = where + u": "_qs + e.message;
    }
    return file;
}

} // namespace qkv
