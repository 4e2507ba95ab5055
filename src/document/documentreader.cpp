#include "document/documentio.h"

#include "document/examples.h"
#include "document/jsonfields.h"
#include "document/sentencesplit.h"
#include "platform/fileread.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextBoundaryFinder>

#include <cmath>

namespace qkv {

namespace {

using namespace json;

Eigen::MatrixXd matrix(
    const QJsonValue &v, const QString &path, int rows, int cols, const QString &rowWhat, const QString &colWhat)
{
    const QJsonArray a = array(v, path, rows, QStringLiteral("rows (%1)").arg(rowWhat));
    Eigen::MatrixXd out(rows, cols);
    for (int r = 0; r < rows; ++r)
        out.row(r) = vector(a[r], child(path, r), cols, colWhat).transpose();
    return out;
}

// A per-head matrix of vectors (heads × dim); with one head a flat vector is accepted too.
Eigen::MatrixXd perHead(const QJsonValue &v, const QString &path, int heads, int dim)
{
    // Anything but a list first ([null, 1, 2]) is a flat vector with a bad number: named by its
    // place, k[0], rather than "expected 1 rows".
    if (heads == 1 && v.isArray() && !v.toArray().isEmpty() && !v.toArray().first().isArray())
        return vector(v, path, dim, QStringLiteral("dim")).transpose();
    return matrix(v, path, heads, dim, QStringLiteral("heads"), QStringLiteral("dim"));
}

template<typename E>
E choice(const QJsonObject &o, const QString &key, E fallback)
{
    if (!o.contains(key))
        return fallback;
    const QString s = string(o.value(key), key);
    if (const auto e = fromString<E>(s))
        return *e;
    fail(key,
        QStringLiteral("expected one of \"%1\", got \"%2\"").arg(spellings<E>().join(QStringLiteral("\", \"")), s));
}

const QStringList knownKeys {QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("title"),
    QStringLiteral("description"), QStringLiteral("sentence"), QStringLiteral("tokenizer"), QStringLiteral("mode"),
    QStringLiteral("heads"), QStringLiteral("dim"), QStringLiteral("scoring"), QStringLiteral("normalization"),
    QStringLiteral("temperature"), QStringLiteral("mask"), QStringLiteral("masked"), QStringLiteral("words"),
    QStringLiteral("attention"), QStringLiteral("d_model"), QStringLiteral("positions"), QStringLiteral("embeddings"),
    QStringLiteral("projections"), QStringLiteral("wo"), QStringLiteral("view"), QStringLiteral("vectors"),
    QStringLiteral("cross"), QStringLiteral("annotations"), QStringLiteral("precision"), QStringLiteral("softmax"),
    QStringLiteral("snapshots"), QStringLiteral("baseline"), QStringLiteral("switched_off")};

Settings readSettings(const QJsonObject &o)
{
    Settings s;
    s.tokenizer = choice(o, QStringLiteral("tokenizer"), s.tokenizer);
    s.mode = choice(o, QStringLiteral("mode"), s.mode);
    s.scoring = choice(o, QStringLiteral("scoring"), s.scoring);
    s.normalization = choice(o, QStringLiteral("normalization"), s.normalization);
    s.mask = choice(o, QStringLiteral("mask"), s.mask);
    s.positions = choice(o, QStringLiteral("positions"), s.positions);
    s.vectors = choice(o, QStringLiteral("vectors"), s.vectors);
    s.precision = choice(o, QStringLiteral("precision"), s.precision);
    s.softmax = choice(o, QStringLiteral("softmax"), s.softmax);
    if (o.contains(QStringLiteral("heads")))
        s.heads = integer(o.value(QStringLiteral("heads")), QStringLiteral("heads"), 1, limits::maxHeads);
    if (o.contains(QStringLiteral("dim")))
        s.dim = integer(o.value(QStringLiteral("dim")), QStringLiteral("dim"), 1, limits::maxDim);
    if (o.contains(QStringLiteral("d_model")))
        s.dModel = integer(o.value(QStringLiteral("d_model")), QStringLiteral("d_model"), 1, limits::maxDModel);
    if (o.contains(QStringLiteral("temperature"))) {
        s.temperature = number(o.value(QStringLiteral("temperature")), QStringLiteral("temperature"));
        if (s.temperature <= 0)
            fail(QStringLiteral("temperature"), QStringLiteral("expected a number above 0, got %1").arg(s.temperature));
    }
    return s;
}

void readWords(const QJsonObject &o, Document &doc)
{
    const Settings &s = doc.settings();
    const QJsonObject words = object(o.value(QStringLiteral("words")), QStringLiteral("words"));
    for (auto it = words.begin(); it != words.end(); ++it) {
        const QString path = child(QStringLiteral("words"), it.key());
        const QJsonObject entry = object(it.value(), path);
        if (entry.isEmpty())
            continue; // chooses nothing: storing the defaults would cost heads × dim × 3 numbers for 5 bytes
        WordVectors vectors = doc.wordVectors(it.key());
        for (const auto &[key, role] : {std::pair {u"q", Role::Query}, {u"k", Role::Key}, {u"v", Role::Value}}) {
            const QString k = QString::fromUtf16(key);
            if (entry.contains(k))
                vectors[role] = perHead(entry.value(k), child(path, k), s.heads, s.dim);
        }
        for (const QString &k : entry.keys())
            if (k != u"q" && k != u"k" && k != u"v")
                fail(child(path, k), QStringLiteral("unknown key: a word has \"q\", \"k\" and \"v\""));
        doc.setWordVectors(it.key(), vectors);
    }
}

void readProjection(const QJsonObject &o, Document &doc)
{
    const Settings &s = doc.settings();
    if (o.contains(QStringLiteral("embeddings"))) {
        const QJsonObject e = object(o.value(QStringLiteral("embeddings")), QStringLiteral("embeddings"));
        for (auto it = e.begin(); it != e.end(); ++it)
            doc.setEmbedding(it.key(),
                vector(it.value(), child(QStringLiteral("embeddings"), it.key()), s.dModel, QStringLiteral("d_model")));
    }
    if (o.contains(QStringLiteral("projections"))) {
        const QJsonArray p = array(o.value(QStringLiteral("projections")), QStringLiteral("projections"), s.heads,
            QStringLiteral("projections (one per head)"));
        for (int h = 0; h < s.heads; ++h) {
            const QString path = child(QStringLiteral("projections"), h);
            const QJsonObject entry = object(p[h], path);
            if (entry.isEmpty())
                continue; // chooses nothing; storing one head stores them all (heads × 3 matrices)
            Projection proj = doc.projection(h);
            for (auto [name, m] : {std::pair {u"wq", &proj.wq}, {u"wk", &proj.wk}, {u"wv", &proj.wv}}) {
                const QString key = QString::fromUtf16(name);
                if (entry.contains(key))
                    *m = matrix(entry.value(key), child(path, key), s.dModel, s.dim, QStringLiteral("d_model"),
                        QStringLiteral("dim"));
            }
            doc.setProjection(h, proj);
        }
    }
    if (o.contains(QStringLiteral("wo")))
        doc.setWo(matrix(o.value(QStringLiteral("wo")), QStringLiteral("wo"), s.heads * s.dim, s.dModel,
            QStringLiteral("heads × dim"), QStringLiteral("d_model")));
}

void readAttentionAndMasks(const QJsonObject &o, Document &doc)
{
    const int n = doc.tokenCount(), m = doc.keyTokenCount();
    const QString keysWhat = doc.isCross() ? QStringLiteral("tokens of the second sentence") : QStringLiteral("tokens");
    const int heads = doc.settings().heads;
    if (o.contains(QStringLiteral("attention"))) {
        const QJsonValue v = o.value(QStringLiteral("attention"));
        const bool flat = heads == 1 && v.isArray() && !v.toArray().isEmpty() && v.toArray().first().isArray()
            && !v.toArray().first().toArray().isEmpty() && v.toArray().first().toArray().first().isDouble();
        if (flat) {
            doc.setAttention(0, matrix(v, QStringLiteral("attention"), n, m, QStringLiteral("tokens"), keysWhat));
        } else {
            const QJsonArray a = array(v, QStringLiteral("attention"), heads, QStringLiteral("matrices (heads)"));
            for (int h = 0; h < heads; ++h)
                doc.setAttention(
                    h, matrix(a[h], child(QStringLiteral("attention"), h), n, m, QStringLiteral("tokens"), keysWhat));
        }
    }
    if (o.contains(QStringLiteral("masked"))) {
        const QJsonArray cells = array(
            o.value(QStringLiteral("masked")), QStringLiteral("masked"), -1, QStringLiteral("[query, key] pairs"));
        std::set<Cell> masked;
        for (qsizetype i = 0; i < cells.size(); ++i) {
            const QString path = child(QStringLiteral("masked"), i);
            if (n == 0)
                fail(path, QStringLiteral("the sentence has no tokens to mask"));
            const QJsonArray pair = array(cells[i], path, 2, QStringLiteral("token indices [query, key]"));
            if (m == 0)
                fail(path, QStringLiteral("the second sentence has no tokens to mask"));
            masked.insert({integer(pair[0], child(path, 0), 0, n - 1), integer(pair[1], child(path, 1), 0, m - 1)});
        }
        doc.setMaskedCells(masked);
    }
    if (o.contains(QStringLiteral("switched_off"))) {
        const int heads = doc.settings().heads;
        const QJsonArray list = array(o.value(QStringLiteral("switched_off")), QStringLiteral("switched_off"), -1,
            QStringLiteral("heads (from 1)"));
        std::set<int> off;
        for (qsizetype i = 0; i < list.size(); ++i)
            off.insert(integer(list[i], child(QStringLiteral("switched_off"), i), 1, heads) - 1);
        doc.setSwitchedOffHeads(off);
    }
}

Document readDocument(const QJsonObject &o);

// "cross": {"sentence": "…"}: the second sentence of cross-attention, whose tokens give the keys
// and values. Read after the settings, which it must agree with.
void readCross(const QJsonValue &v, Document &doc, bool projections)
{
    const QString key = QStringLiteral("cross");
    const QJsonObject cross = object(v, key);
    const QString path = child(key, QStringLiteral("sentence"));
    if (!cross.contains(QStringLiteral("sentence")))
        fail(path, QStringLiteral("missing: cross-attention needs the second sentence, whose tokens give the keys"));
    for (const QString &k : cross.keys())
        if (k != u"sentence")
            fail(child(key, k), QStringLiteral("unknown key: \"cross\" has a \"sentence\""));
    const QString sentence = string(cross.value(QStringLiteral("sentence")), path);
    if (sentence.trimmed().isEmpty())
        fail(path, QStringLiteral("empty: the second sentence needs a token to attend to"));
    if (const QString why = crossRefusal(doc.settings()); !why.isEmpty())
        fail(key, why);
    const qsizetype count = countTokens(sentence, doc.settings().tokenizer);
    if (const QString why = sizeRefusal(doc.settings(), std::max<qsizetype>(count, doc.tokenCount()), projections);
        !why.isEmpty())
        fail(path, why);
    doc.setCrossSentence(sentence);
}

// Each snapshot is a whole document, read as one; its problems are placed under its own path
// ("snapshots[1].state.words.it.q[0]").
std::vector<Snapshot> readSnapshots(const QJsonValue &v)
{
    const QString key = QStringLiteral("snapshots");
    const QJsonArray list = array(v, key, -1, QStringLiteral("snapshots"));
    if (list.size() > limits::maxSnapshots)
        fail(key,
            QStringLiteral("%1 snapshots is more than the %2 a document holds")
                .arg(list.size())
                .arg(limits::maxSnapshots));
    std::vector<Snapshot> snapshots;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString path = child(key, i);
        const QJsonObject entry = object(list[i], path);
        const QString namePath = child(path, QStringLiteral("name"));
        if (!entry.contains(QStringLiteral("name")))
            fail(namePath, QStringLiteral("missing: every snapshot has a name"));
        const QString name = string(entry.value(QStringLiteral("name")), namePath).trimmed();
        if (name.isEmpty())
            fail(namePath, QStringLiteral("empty: every snapshot has a name"));
        if (findSnapshot(snapshots, name))
            fail(namePath, QStringLiteral("\"%1\" is the name of an earlier snapshot too").arg(name));
        const QString statePath = child(path, QStringLiteral("state"));
        if (!entry.contains(QStringLiteral("state")))
            fail(statePath, QStringLiteral("missing: a snapshot holds the document's state"));
        const QJsonObject state = object(entry.value(QStringLiteral("state")), statePath);
        if (state.contains(key))
            fail(child(statePath, key), QStringLiteral("a snapshot holds no snapshots of its own"));
        if (state.contains(QStringLiteral("baseline")))
            fail(child(statePath, QStringLiteral("baseline")), QStringLiteral("a snapshot has no baseline of its own"));
        try {
            snapshots.push_back({name, std::make_shared<const Document>(readDocument(state))});
        } catch (const Invalid &e) {
            fail(e.path.isEmpty()       ? statePath
                    : e.path[0] == u'[' ? statePath + e.path
                                        : statePath + u'.' + e.path,
                e.message);
        }
    }
    return snapshots;
}

Document readDocument(const QJsonObject &o)
{
    if (!o.contains(QStringLiteral("format")) || o.value(QStringLiteral("format")) != QStringLiteral("qkvlab"))
        fail(QStringLiteral("format"), QStringLiteral("expected \"qkvlab\": this is not a QKV Lab document"));
    if (!o.contains(QStringLiteral("version")))
        fail(QStringLiteral("version"), QStringLiteral("missing: expected 1"));
    const int version = integer(o.value(QStringLiteral("version")), QStringLiteral("version"), 1, 1000000);
    if (version != 1)
        fail(QStringLiteral("version"), QStringLiteral("version %1 is newer than this program reads (1)").arg(version));
    if (!o.contains(QStringLiteral("sentence")))
        fail(QStringLiteral("sentence"), QStringLiteral("missing: every document has a sentence"));

    Document doc;
    doc.setSettings(readSettings(o));
    const QString sentence = string(o.value(QStringLiteral("sentence")), QStringLiteral("sentence"));
    const qsizetype count = countTokens(sentence, doc.settings().tokenizer);
    const bool projections = doc.settings().mode == Mode::Projection || o.contains(QStringLiteral("projections"));
    if (const QString why = sizeRefusal(doc.settings(), count, projections); !why.isEmpty())
        fail(count > limits::maxTokens ? QStringLiteral("sentence") : QString(), why);
    doc.setSentence(sentence);
    if (o.contains(QStringLiteral("cross")))
        readCross(o.value(QStringLiteral("cross")), doc, projections);
    if (o.contains(QStringLiteral("title")))
        doc.setTitle(string(o.value(QStringLiteral("title")), QStringLiteral("title")));
    if (o.contains(QStringLiteral("description")))
        doc.setDescription(string(o.value(QStringLiteral("description")), QStringLiteral("description")));
    if (o.contains(QStringLiteral("words")))
        readWords(o, doc);
    readProjection(o, doc);
    readAttentionAndMasks(o, doc);
    if (o.contains(QStringLiteral("annotations")))
        doc.setAnnotations(readAnnotations(o.value(QStringLiteral("annotations")), QStringLiteral("annotations")));
    if (o.contains(QStringLiteral("view")))
        doc.setView(object(o.value(QStringLiteral("view")), QStringLiteral("view")));
    if (o.contains(QStringLiteral("snapshots")))
        doc.setSnapshots(readSnapshots(o.value(QStringLiteral("snapshots"))));
    if (o.contains(QStringLiteral("baseline"))) {
        const QString name = string(o.value(QStringLiteral("baseline")), QStringLiteral("baseline"));
        if (!findSnapshot(doc.snapshots(), name))
            fail(QStringLiteral("baseline"), QStringLiteral("no snapshot is called \"%1\"").arg(name));
        doc.setBaseline(name);
    }
    QJsonObject extra;
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!knownKeys.contains(it.key()))
            extra.insert(it.key(), it.value());
    doc.setExtraKeys(extra);
    return doc;
}

} // namespace

std::pair<int, int> lineAndColumn(const QByteArray &bytes, int offset)
{
    offset = std::clamp(offset, 0, static_cast<int>(bytes.size()));
    // A line ends at \n, \r\n or a lone \r (old Mac files), as editors count them.
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i) {
        if (bytes[i] == '\n' || (bytes[i] == '\r' && (i + 1 >= bytes.size() || bytes[i + 1] != '\n'))) {
            ++line;
            lineStart = i + 1;
        }
    }
    // Columns count characters as people see them: an emoji, or a letter with its accents, is one.
    const QString lastLine = QString::fromUtf8(bytes.mid(lineStart, offset - lineStart));
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, lastLine);
    int column = 1;
    while (graphemes.toNextBoundary() > 0)
        ++column;
    return {line, column};
}

QString LoadError::toString() const
{
    const QString where = file.isEmpty() ? QString() : file + u':';
    if (line > 0)
        return QStringLiteral("%1%2:%3: %4").arg(where).arg(line).arg(column).arg(message);
    if (!path.isEmpty())
        return QStringLiteral("%1 %2: %3").arg(where, path, message).trimmed();
    return QStringLiteral("%1 %2").arg(where, message).trimmed();
}

std::optional<QJsonObject> parseJsonObject(const QByteArray &json, LoadError &error)
{
    QJsonParseError parseError;
    const QJsonDocument jd = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        std::tie(error.line, error.column) = lineAndColumn(json, parseError.offset);
        error.message = QStringLiteral("syntax error: %1").arg(parseError.errorString());
        return std::nullopt;
    }
    if (!jd.isObject()) {
        error.message = QStringLiteral("expected a JSON object at the top level");
        return std::nullopt;
    }
    return jd.object();
}

LoadResult parseDocument(const QByteArray &json, const QString &fileName)
{
    LoadResult result;
    result.error.file = fileName;
    const std::optional<QJsonObject> top = parseJsonObject(json, result.error);
    if (!top)
        return result;
    return readDocumentObject(*top, fileName);
}

LoadResult readDocumentObject(const QJsonObject &object, const QString &fileName)
{
    LoadResult result;
    result.error.file = fileName;
    result.document = readPlaced(object, result.error, readDocument);
    return result;
}

std::optional<QByteArray> readLimitedFile(const QString &fileName, QString *error)
{
    // A file too large is refused by its size alone, before it is opened.
    if (const QFileInfo info(fileName); info.isFile() && info.size() > limits::maxFileBytes) {
        // Rounded up, so a file just over the limit does not read "64 MiB; limited to 64 MiB".
        *error = QStringLiteral("the file is %1 MiB; documents are limited to %2 MiB")
                     .arg((info.size() + (1 << 20) - 1) >> 20)
                     .arg(limits::maxFileBytes >> 20);
        return std::nullopt;
    }
    ReadableFile file(fileName);
    if (!file.isOpen()) {
        *error = file.isFolder() ? QStringLiteral("is a folder, not a document") : file.error();
        return std::nullopt;
    }
    std::optional<QByteArray> bytes = file.readUpTo(limits::maxFileBytes);
    if (!bytes)
        *error = file.wasTooLarge() ? QStringLiteral("the file is larger than the %1 MiB documents are limited to")
                                          .arg(limits::maxFileBytes >> 20)
                                    : file.error();
    return bytes;
}

LoadResult loadDocument(const QString &fileOrExample)
{
    if (fileOrExample.startsWith(QLatin1String("example:"))) {
        const QString name = fileOrExample.mid(8);
        const QByteArray bytes = exampleBytes(name);
        if (bytes.isEmpty()) {
            LoadResult r;
            r.error.file = fileOrExample;
            r.error.message = QStringLiteral("no such example; `qkvlab examples` lists them: %1")
                                  .arg(exampleNames().join(QStringLiteral(", ")));
            return r;
        }
        return parseDocument(bytes, fileOrExample);
    }
    LoadResult r;
    r.error.file = fileOrExample;
    const std::optional<QByteArray> bytes = readLimitedFile(fileOrExample, &r.error.message);
    if (!bytes)
        return r;
    return parseDocument(*bytes, fileOrExample);
}

} // namespace qkv
