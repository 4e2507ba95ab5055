#include "badinputs.h"

#include "document/examples.h"

namespace qkv::test {
namespace {

enum class Kind { Format, String, Choice, Integer, Number, List, Object };

// Every part of fullDocument() and what it must hold.
const std::vector<std::pair<QString, Kind>> &parts()
{
    static const std::vector<std::pair<QString, Kind>> all {{u"format"_qs, Kind::Format},
        {u"version"_qs, Kind::Integer}, {u"title"_qs, Kind::String}, {u"description"_qs, Kind::String},
        {u"sentence"_qs, Kind::String}, {u"tokenizer"_qs, Kind::Choice}, {u"mode"_qs, Kind::Choice},
        {u"heads"_qs, Kind::Integer}, {u"dim"_qs, Kind::Integer}, {u"scoring"_qs, Kind::Choice},
        {u"normalization"_qs, Kind::Choice}, {u"temperature"_qs, Kind::Number}, {u"mask"_qs, Kind::Choice},
        {u"masked"_qs, Kind::List}, {u"masked/0"_qs, Kind::List}, {u"masked/0/0"_qs, Kind::Integer},
        {u"masked/0/1"_qs, Kind::Integer}, {u"words"_qs, Kind::Object}, {u"words/a"_qs, Kind::Object},
        {u"words/a/q"_qs, Kind::List}, {u"words/a/q/0"_qs, Kind::List}, {u"words/a/q/0/1"_qs, Kind::Number},
        {u"words/a/k/1"_qs, Kind::List}, {u"words/a/v/1/0"_qs, Kind::Number}, {u"attention"_qs, Kind::List},
        {u"attention/1"_qs, Kind::List}, {u"attention/1/0"_qs, Kind::List}, {u"attention/1/0/1"_qs, Kind::Number},
        {u"d_model"_qs, Kind::Integer}, {u"positions"_qs, Kind::Choice}, {u"embeddings"_qs, Kind::Object},
        {u"embeddings/a"_qs, Kind::List}, {u"embeddings/a/1"_qs, Kind::Number}, {u"projections"_qs, Kind::List},
        {u"projections/0"_qs, Kind::Object}, {u"projections/1"_qs, Kind::Object}, {u"projections/0/wq"_qs, Kind::List},
        {u"projections/0/wk/1"_qs, Kind::List}, {u"projections/0/wv/1/1"_qs, Kind::Number}, {u"wo"_qs, Kind::List},
        {u"wo/3"_qs, Kind::List}, {u"wo/3/1"_qs, Kind::Number}, {u"view"_qs, Kind::Object}};
    return all;
}

// Values of every JSON type but the one `kind` needs (and, for choices, unknown spellings).
QList<QJsonValue> wrongValues(Kind kind)
{
    const QJsonValue null(QJsonValue::Null);
    const QJsonValue text(u"x"_qs), fraction(7.5), boolean(true), emptyList(QJsonArray {}), object(QJsonObject {});
    switch (kind) {
    case Kind::Format:
        return {u"other"_qs, u""_qs, u"QKVLAB"_qs, null, 1, emptyList, object};
    case Kind::String:
        return {null, boolean, fraction, emptyList, object};
    case Kind::Choice:
        return {text, u""_qs, u"Direct"_qs, null, boolean, fraction, emptyList, object};
    case Kind::Integer:
        return {fraction, u"1"_qs, null, boolean, emptyList, object};
    case Kind::Number:
        return {u"1"_qs, null, boolean, emptyList, object};
    case Kind::List:
        return {null, boolean, fraction, text, object};
    case Kind::Object:
        return {null, boolean, fraction, text, emptyList};
    }
    return {};
}

QString spelled(const QJsonValue &v)
{
    const QByteArray json = QJsonDocument(QJsonArray {v}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2));
}

BadInput valueRow(const QString &path, const QJsonValue &value, const QString &message)
{
    return {path + u" = "_qs + spelled(value), withValue(path, value), jsonPath(path), message};
}

// Raw JSON text the parser refuses: where Qt points, counted from the start of the text.
BadInput rawSyntaxRow(const QString &path, const QByteArray &raw, int shift, const QString &message)
{
    auto [bytes, place] = withRawValue(path, raw);
    const QStringList lineColumn = place.split(u':');
    place = lineColumn[0] + u':' + QString::number(lineColumn[1].toInt() + shift);
    return {path + u" = "_qs + QString::fromLatin1(raw), bytes, place, u"syntax error: "_qs + message};
}

BadInput syntaxRow(const char *name, const QByteArray &bytes, const char *place, const char *message)
{
    return {
        QString::fromUtf8(name), bytes, QString::fromUtf8(place), u"syntax error: "_qs + QString::fromUtf8(message)};
}

QByteArray minimalWithSentence(const QString &sentence, const QByteArray &extra = {})
{
    QJsonObject o {{u"format"_qs, u"qkvlab"_qs}, {u"version"_qs, 1}, {u"sentence"_qs, sentence}};
    QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Compact);
    return extra.isEmpty() ? json : json.chopped(1) + ',' + extra + '}';
}

} // namespace

std::vector<BadInput> malformedJson()
{
    const QByteArray deep = "{\"a\": " + QByteArray(1100, '[') + QByteArray(1100, ']') + '}';
    return {syntaxRow("trailing comma", R"({"format": "qkvlab",})", "1:22", "object is missing after a comma"),
        syntaxRow("single quotes", R"({"a": 'q'})", "1:7", "illegal number"),
        syntaxRow("unquoted key", R"({a: 1})", "1:3", "unterminated object"),
        syntaxRow("line comment", R"({"a": 1} // c)", "1:10", "garbage at the end of the document"),
        syntaxRow("block comment", R"({"a": 1 /* c */})", "1:10", "unterminated object"),
        syntaxRow("two documents", R"({"a": 1} {"b": 2})", "1:10", "garbage at the end of the document"),
        syntaxRow("trailing comma in a list", R"({"a": [1, 2,]})", "1:14", "object is missing after a comma"),
        syntaxRow("leading zero", R"({"a": 01})", "1:9", "unterminated object"),
        syntaxRow("plus sign", R"({"a": +1})", "1:7", "illegal number"),
        syntaxRow("invalid UTF-8", "{\"a\": \"\xff\"}", "1:8", "invalid UTF8 string"),
        syntaxRow("missing colon", R"({"a" 1})", "1:7", "missing name separator"),
        syntaxRow("missing comma", R"({"a": 1 "b": 2})", "1:10", "unterminated object"),
        syntaxRow("misspelt literal", R"({"a": tru})", "1:8", "illegal value"),
        syntaxRow("capitalised literal", R"({"a": True})", "1:7", "illegal number"),
        syntaxRow("top-level null", "null", "1:2", "illegal value"),
        syntaxRow("top-level string", "\"s\"", "1:2", "illegal value"),
        syntaxRow("top-level number", "42", "1:2", "illegal value"),
        syntaxRow("empty file", "", "1:1", "illegal value"), syntaxRow("only spaces", "   ", "1:4", "illegal value"),
        syntaxRow("third line", "{\n  \"a\": 1,\n  \"b\": x\n}", "3:8", "illegal number"),
        // Columns count characters, not bytes: 'é' is two bytes and one column.
        syntaxRow("column after accents", "{\"a\": \"\xc3\xa9\xc3\xa9\" x}", "1:13", "unterminated object"),
        syntaxRow("nested 1,100 deep", deep, "1:1031", "too deeply nested document"),
        {u"top-level list"_qs, "[]", QString(), u"expected a JSON object at the top level"_qs},
        {u"not a document"_qs, R"({"a": 1})", u"format"_qs, u"expected \"qkvlab\""_qs},
        {u"no version"_qs, R"({"format": "qkvlab", "sentence": ""})", u"version"_qs, u"missing"_qs},
        {u"no sentence"_qs, R"({"format": "qkvlab", "version": 1})", u"sentence"_qs, u"missing"_qs}};
}

std::vector<BadInput> truncations(const QByteArray &valid, const QString &name)
{
    std::vector<BadInput> rows;
    // Cutting only the whitespace after the closing brace leaves a whole document.
    const qsizetype end = valid.lastIndexOf('}');
    for (qsizetype cut = 0; cut < end + 1; ++cut)
        rows.push_back({QStringLiteral("%1 cut at %2").arg(name).arg(cut), valid.left(cut), {}, {}, cut});
    return rows;
}

std::vector<BadInput> wrongTypes()
{
    std::vector<BadInput> rows;
    for (const auto &[path, kind] : parts())
        for (const QJsonValue &v : wrongValues(kind))
            rows.push_back(valueRow(path, v, u"expected "_qs));
    return rows;
}

std::vector<BadInput> badNumbers()
{
    std::vector<BadInput> rows;
    const QStringList leaves {u"temperature"_qs, u"words/a/q/0/1"_qs, u"words/a/v/1/0"_qs, u"attention/1/0/1"_qs,
        u"embeddings/a/1"_qs, u"projections/0/wv/1/1"_qs, u"wo/3/1"_qs};
    const QString range = u"expected a number between -1e+06 and 1e+06, got "_qs;
    for (const QString &leaf : leaves) {
        rows.push_back(valueRow(leaf, QJsonValue::Null, u"expected a finite number, got null"_qs));
        rows.push_back(valueRow(leaf, 1e308, range + u"1e+308"_qs));
        rows.push_back(valueRow(leaf, -1e308, range + u"-1e+308"_qs));
        rows.push_back(valueRow(leaf, 1000000.5, range + u"1000000.5"_qs));
        rows.push_back(valueRow(leaf, -2e6, range + u"-2000000"_qs));
        rows.push_back(rawSyntaxRow(leaf, "NaN", 0, u"illegal number"_qs));
        rows.push_back(rawSyntaxRow(leaf, "Infinity", 0, u"illegal number"_qs));
        rows.push_back(rawSyntaxRow(leaf, "-Infinity", 1, u"illegal number"_qs));
        rows.push_back(rawSyntaxRow(leaf, "1e400", 5, u"illegal number"_qs));
        rows.push_back(rawSyntaxRow(leaf, "-1e400", 6, u"illegal number"_qs));
        rows.push_back(rawSyntaxRow(leaf, "1e-400", 6, u"illegal number"_qs));
    }
    for (double t : {0.0, -1.0, -1e-300})
        rows.push_back(valueRow(u"temperature"_qs, t, u"expected a number above 0"_qs));
    const std::vector<std::tuple<QString, QString, QList<double>>> integers {
        {u"version"_qs, u"expected a whole number from 1 to 1000000"_qs, {0, -1, 1e308, 1e7}},
        {u"heads"_qs, u"expected a whole number from 1 to 64"_qs, {0, -1, 65, 1e308}},
        {u"dim"_qs, u"expected a whole number from 1 to 1024"_qs, {0, 1025, 1e9}},
        {u"d_model"_qs, u"expected a whole number from 1 to 4096"_qs, {0, 4097, -1e308}},
        {u"masked/0/0"_qs, u"expected a whole number from 0 to 1"_qs, {-1, 2, 1e308}},
        {u"masked/0/1"_qs, u"expected a whole number from 0 to 1"_qs, {-1, 2, 2147483648.0}}};
    for (const auto &[path, message, values] : integers)
        for (double v : values)
            rows.push_back(valueRow(path, v, message));
    rows.push_back(valueRow(u"version"_qs, 2, u"version 2 is newer than this program reads (1)"_qs));
    return rows;
}

std::vector<BadInput> mismatchedDimensions()
{
    const QJsonArray row2 = list(1, 0);
    return {valueRow(u"words/a/q/0"_qs, list(1), u"expected 2 numbers (dim), got 1"_qs),
        valueRow(u"words/a/q/0"_qs, list(1, 2, 3), u"expected 2 numbers (dim), got 3"_qs),
        valueRow(u"words/a/q"_qs, list(row2), u"expected 2 rows (heads), got 1"_qs),
        valueRow(u"words/a/k"_qs, list(row2, row2, row2), u"expected 2 rows (heads), got 3"_qs),
        {u"words/a/k flat with two heads"_qs, withValue(u"words/a/k"_qs, row2), u"words.a.k[0]"_qs,
            u"expected a list of 2 numbers (dim), got the number 1"_qs},
        valueRow(u"attention"_qs, list(list(row2, row2)), u"expected 2 matrices (heads), got 1"_qs),
        valueRow(u"attention/0"_qs, list(row2), u"expected 2 rows (tokens), got 1"_qs),
        valueRow(u"attention/0/1"_qs, list(1, 0, 0), u"expected 2 numbers (tokens), got 3"_qs),
        valueRow(u"embeddings/a"_qs, list(1, 2, 3), u"expected 2 numbers (d_model), got 3"_qs),
        valueRow(u"projections"_qs, list(QJsonObject {}), u"expected 2 projections (one per head), got 1"_qs),
        valueRow(u"projections/0/wq"_qs, list(row2), u"expected 2 rows (d_model), got 1"_qs),
        valueRow(u"projections/0/wq/0"_qs, list(1), u"expected 2 numbers (dim), got 1"_qs),
        valueRow(u"wo"_qs, list(row2), u"expected 4 rows (heads × dim), got 1"_qs),
        valueRow(u"wo/0"_qs, list(1, 0, 0), u"expected 2 numbers (d_model), got 3"_qs),
        valueRow(u"masked/0"_qs, list(0), u"expected 2 token indices [query, key], got 1"_qs),
        valueRow(u"masked/0"_qs, list(0, 1, 1), u"expected 2 token indices [query, key], got 3"_qs),
        {u"heads = 3, words for 2"_qs, withValue(u"heads"_qs, 3), u"words.a.q"_qs,
            u"expected 3 rows (heads), got 2"_qs},
        {u"dim = 3, words of 2"_qs, withValue(u"dim"_qs, 3), u"words.a.q[0]"_qs, u"expected 3 numbers (dim), got 2"_qs},
        {u"d_model = 3, embeddings of 2"_qs, withValue(u"d_model"_qs, 3), u"embeddings.a"_qs,
            u"expected 3 numbers (d_model), got 2"_qs},
        {u"one token, attention for 2"_qs, withValue(u"sentence"_qs, u"a"_qs), u"attention[0]"_qs,
            u"expected 1 rows (tokens), got 2"_qs},
        {u"three tokens, attention for 2"_qs, withValue(u"sentence"_qs, u"a b c"_qs), u"attention[0]"_qs,
            u"expected 3 rows (tokens), got 2"_qs}};
}

std::vector<BadInput> badTokenCounts()
{
    const auto words = [](int n, const QString &word) {
        QString s;
        for (int i = 0; i < n; ++i)
            s += word;
        return s;
    };
    const QByteArray byWords = "\"tokenizer\": \"words\"";
    return {{u"0 tokens with a masked cell"_qs, minimalWithSentence({}, "\"masked\": [[0, 0]]"), u"masked[0]"_qs,
                u"the sentence has no tokens to mask"_qs},
        {u"only spaces with a masked cell"_qs, minimalWithSentence(u" \t\n "_qs, "\"masked\": [[0, 0]]"),
            u"masked[0]"_qs, u"the sentence has no tokens to mask"_qs},
        {u"8,193 tokens"_qs, minimalWithSentence(words(8193, u"w "_qs)), u"sentence"_qs,
            u"8193 tokens is more than the 8192 this version handles"_qs},
        {u"10,000 tokens"_qs, minimalWithSentence(words(10000, u"w "_qs)), u"sentence"_qs,
            u"10000 tokens is more than the 8192 this version handles"_qs},
        {u"10,000 tokens once punctuation is split"_qs, minimalWithSentence(words(5000, u"w, "_qs), byWords),
            u"sentence"_qs, u"10000 tokens is more than the 8192 this version handles"_qs},
        // Every limit alone is met; together they ask for more memory than a machine has.
        {u"64 heads at 8,192 tokens"_qs, minimalWithSentence(words(8192, u"w "_qs), "\"heads\": 64"), {},
            u"too large to compute: 64 heads, 8192 tokens, dim 3, d_model 4 need 8597 million numbers; "
            "a document is limited to 400 million"_qs},
        {u"projection mode, 64 heads, d_model 4096, dim 1024"_qs,
            minimalWithSentence(u"a"_qs, "\"mode\": \"projection\", \"heads\": 64, \"dim\": 1024, \"d_model\": 4096"),
            {},
            u"too large to compute: 64 heads, 1 tokens, dim 1024, d_model 4096 need 806 million numbers; "
            "a document is limited to 400 million"_qs},
        {u"projections given in direct mode"_qs,
            minimalWithSentence(u"a"_qs, "\"heads\": 64, \"dim\": 1024, \"d_model\": 4096, \"projections\": []"), {},
            u"too large to compute: 64 heads, 1 tokens, dim 1024, d_model 4096 need 806 million numbers; "
            "a document is limited to 400 million"_qs}};
}

std::vector<BadInput> allBadDocuments()
{
    std::vector<BadInput> rows;
    for (auto part : {malformedJson(), wrongTypes(), badNumbers(), mismatchedDimensions(), badTokenCounts()})
        rows.insert(rows.end(), part.begin(), part.end());
    for (const QString &name : exampleNames()) {
        const std::vector<BadInput> cuts = truncations(exampleBytes(name), name);
        rows.insert(rows.end(), cuts.begin(), cuts.end());
    }
    const std::vector<BadInput> cuts = truncations(withValue(u"title"_qs, u"t"_qs), u"every field"_qs);
    rows.insert(rows.end(), cuts.begin(), cuts.end());
    return rows;
}

} // namespace qkv::test
