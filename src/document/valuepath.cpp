#include "document/valuepath.h"

#include "document/jsonfields.h"

#include <QRegularExpression>

namespace qkv {
namespace {

// The path split into keys and indices: `words["a b"].q[0]` → "words", "a b", "q", 0.
struct Part {
    QString key;
    int index = -1; // ≥ 0 for an index
};

std::optional<std::vector<Part>> split(const QString &path, QString *why)
{
    static const QRegularExpression part(
        QStringLiteral(R"re(\G(?:\.?([A-Za-z_][A-Za-z0-9_']*)|\[(\d{1,9})\]|\["((?:[^"\\]|\\.)*)"\]))re"));
    std::vector<Part> parts;
    qsizetype at = 0;
    while (at < path.size()) {
        const QRegularExpressionMatch m = part.match(path, at);
        if (!m.hasMatch() || m.capturedLength(0) == 0 || (at == 0 && path.startsWith(u'.'))) {
            *why = QStringLiteral("%1: cannot read the path at character %2 (“%3”)")
                       .arg(path)
                       .arg(at + 1)
                       .arg(path.mid(at, 10));
            return std::nullopt;
        }
        if (m.capturedLength(1))
            parts.push_back({m.captured(1)});
        else if (m.capturedLength(2))
            parts.push_back({{}, m.captured(2).toInt()});
        else
            parts.push_back({m.captured(3).replace(QStringLiteral("\\\""), QStringLiteral("\""))});
        at += m.capturedLength(0);
    }
    return parts;
}

} // namespace

std::optional<ValueRef> parseValuePath(const QString &path, const Document &doc, QString *why)
{
    const std::optional<std::vector<Part>> parts = split(path, why);
    if (!parts)
        return std::nullopt;
    const Settings &s = doc.settings();
    const auto key = [&](std::size_t i) { return i < parts->size() ? (*parts)[i].key : QString(); };
    const auto index = [&](std::size_t i) { return i < parts->size() ? (*parts)[i].index : -1; };
    const std::size_t count = parts->size();
    ValueRef ref;
    bool shaped = false;
    if (key(0) == u"words" && count >= 4 && !key(1).isEmpty()) {
        static const std::pair<QStringView, Field> roles[]
            = {{u"q", Field::Query}, {u"k", Field::Key}, {u"v", Field::Value}};
        for (const auto &[name, field] : roles)
            if (key(2) == name)
                ref.field = field, shaped = true;
        ref.word = key(1);
        // One head may be written flat, q[i]; several name the head first, q[h][i].
        if (count == 4 && s.heads == 1)
            ref.col = index(3);
        else if (count == 5)
            ref.head = index(3), ref.col = index(4);
        else
            shaped = false;
    } else if (key(0) == u"embeddings" && count == 3 && !key(1).isEmpty()) {
        ref = {Field::Embedding, key(1), 0, 0, index(2)};
        shaped = true;
    } else if (key(0) == u"projections" && count == 5 && index(1) >= 0) {
        static const std::pair<QStringView, Field> matrices[]
            = {{u"wq", Field::Wq}, {u"wk", Field::Wk}, {u"wv", Field::Wv}};
        for (const auto &[name, field] : matrices)
            if (key(2) == name)
                ref = {field, {}, index(1), index(3), index(4)}, shaped = true;
    } else if (key(0) == u"wo" && count == 3) {
        ref = {Field::Wo, {}, 0, index(1), index(2)};
        shaped = true;
    } else if (key(0) == u"attention" && (count == 3 || count == 4)) {
        if (count == 3 && s.heads == 1)
            ref = {Field::Attention, {}, 0, index(1), index(2)}, shaped = true;
        else if (count == 4)
            ref = {Field::Attention, {}, index(1), index(2), index(3)}, shaped = true;
    }
    if (!shaped || ref.head < 0 || ref.row < 0 || ref.col < 0) {
        *why = QStringLiteral("%1: not the path of a number; e.g. words.it.q[0]%2, embeddings.it[0], "
                              "projections[0].wq[0][0], wo[0][0] or attention%3[0][1]")
                   .arg(path, s.heads > 1 ? QStringLiteral("[0]") : QString(),
                       s.heads > 1 ? QStringLiteral("[0]") : QString());
        return std::nullopt;
    }
    const bool byWord = ref.field == Field::Query || ref.field == Field::Key || ref.field == Field::Value
        || ref.field == Field::Embedding;
    bool known = false;
    for (int i = 0; byWord && i < doc.tokenCount() && !known; ++i)
        known = doc.vectorKey(i) == ref.word;
    for (int j = 0; byWord && doc.isCross() && j < doc.keyTokenCount() && !known; ++j)
        known = doc.keyVectorKey(j) == ref.word;
    if (byWord && !known) {
        *why = QStringLiteral("%1: the sentence has no word “%2”").arg(path, ref.word);
        return std::nullopt;
    }
    if (!doc.isValid(ref)) {
        *why = QStringLiteral("%1: beyond the document's shape (%2 head(s), d = %3, d_model = %4, %5 token(s))")
                   .arg(path)
                   .arg(s.heads)
                   .arg(s.dim)
                   .arg(s.dModel)
                   .arg(doc.tokenCount());
        return std::nullopt;
    }
    return ref;
}

QString valuePath(const ValueRef &ref, const Document &doc)
{
    const bool flat = doc.settings().heads == 1;
    const QString head = flat ? QString() : QStringLiteral("[%1]").arg(ref.head);
    switch (ref.field) {
    case Field::Query:
    case Field::Key:
    case Field::Value: {
        const QString role = ref.field == Field::Query ? QStringLiteral("q")
            : ref.field == Field::Key                  ? QStringLiteral("k")
                                                       : QStringLiteral("v");
        return QStringLiteral("%1.%2%3[%4]")
            .arg(json::child(QStringLiteral("words"), ref.word), role, head)
            .arg(ref.col);
    }
    case Field::Embedding:
        return QStringLiteral("%1[%2]").arg(json::child(QStringLiteral("embeddings"), ref.word)).arg(ref.col);
    case Field::Wq:
    case Field::Wk:
    case Field::Wv: {
        const QString m = ref.field == Field::Wq ? QStringLiteral("wq")
            : ref.field == Field::Wk             ? QStringLiteral("wk")
                                                 : QStringLiteral("wv");
        return QStringLiteral("projections[%1].%2[%3][%4]").arg(ref.head).arg(m).arg(ref.row).arg(ref.col);
    }
    case Field::Wo:
        return QStringLiteral("wo[%1][%2]").arg(ref.row).arg(ref.col);
    case Field::Attention:
        return QStringLiteral("attention%1[%2][%3]").arg(head).arg(ref.row).arg(ref.col);
    }
    return {};
}

} // namespace qkv
