#include "hub/hublisting.h"

#include "hub/hubrepo.h"
#include "platform/jsonpath.h"
#include "tensorfiles/dtype.h"
#include "tensorfiles/ggufheader.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace qkv::hub {
namespace {

using json::child;
using json::fail;

constexpr qsizetype maxFiles = 1000;
constexpr qint64 maxFileBytes = qint64(1) << 42; // 4 TiB: larger is no model file

void checkPath(const QString &path, const QString &where)
{
    if (path.isEmpty() || path.size() > 1000)
        fail(where, QStringLiteral("a file path of %1 characters").arg(path.size()));
    if (path.startsWith(u'/') || path.contains(u'\\') || path.contains(u"//"))
        fail(where, QStringLiteral("\"%1\" is not a relative path").arg(path));
    for (const QChar c : path)
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            fail(where, QStringLiteral("a file path with a control character"));
    for (const QString &part : path.split(u'/'))
        if (part == u"." || part == u"..")
            fail(where, QStringLiteral("\"%1\" leaves its folder").arg(path));
}

QString hexOf(const QJsonValue &v, const QString &where, int digits)
{
    QString s = json::string(v, where);
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]+$"));
    if (s.size() != digits || !hex.match(s).hasMatch())
        fail(where, QStringLiteral("expected %1 hexadecimal digits, got \"%2\"").arg(digits).arg(s.left(80)));
    return s;
}

qint64 sizeOf(const QJsonValue &v, const QString &where)
{
    const double d = json::number(v, where, double(maxFileBytes));
    if (d < 0 || d != std::floor(d))
        fail(where, QStringLiteral("expected a size in bytes, got %1").arg(d));
    return qint64(d);
}

RepoListing readListing(const QJsonObject &o)
{
    RepoListing listing;
    listing.id = json::string(json::field(o, {}, QStringLiteral("id")), QStringLiteral("id"));
    listing.commit = hexOf(json::field(o, {}, QStringLiteral("sha")), QStringLiteral("sha"), 40);
    if (const QJsonValue gated = o.value(u"gated"); gated.isString())
        listing.gated = gated.toString();
    if (const QJsonValue config = o.value(u"config"); config.isObject())
        listing.modelType = config.toObject().value(u"model_type").toString().left(100);
    const QJsonArray siblings = json::array(
        json::field(o, {}, QStringLiteral("siblings")), QStringLiteral("siblings"), -1, QStringLiteral("files"));
    if (siblings.size() > maxFiles)
        fail(QStringLiteral("siblings"), QStringLiteral("%1 files; at most %2").arg(siblings.size()).arg(maxFiles));
    QSet<QString> paths, folders;
    for (qsizetype i = 0; i < siblings.size(); ++i) {
        const QString at = child(QStringLiteral("siblings"), i);
        const QJsonObject s = json::object(siblings[i], at);
        RepoFile f;
        f.path = json::string(json::field(s, at, QStringLiteral("rfilename")), child(at, QStringLiteral("rfilename")));
        checkPath(f.path, child(at, QStringLiteral("rfilename")));
        f.size = sizeOf(json::field(s, at, QStringLiteral("size")), child(at, QStringLiteral("size")));
        f.blobId = hexOf(json::field(s, at, QStringLiteral("blobId")), child(at, QStringLiteral("blobId")), 40);
        if (const QJsonValue lfs = s.value(u"lfs"); !lfs.isUndefined() && !lfs.isNull()) {
            const QString lfsAt = child(at, QStringLiteral("lfs"));
            const QJsonObject l = json::object(lfs, lfsAt);
            f.sha256
                = hexOf(json::field(l, lfsAt, QStringLiteral("sha256")), child(lfsAt, QStringLiteral("sha256")), 64);
            if (sizeOf(json::field(l, lfsAt, QStringLiteral("size")), child(lfsAt, QStringLiteral("size"))) != f.size)
                fail(child(lfsAt, QStringLiteral("size")), QStringLiteral("differs from the file's size"));
        }
        // Two files alike, or a file where another has a folder, would overwrite each other.
        if (paths.contains(f.path) || folders.contains(f.path))
            fail(child(at, QStringLiteral("rfilename")), QStringLiteral("\"%1\" is listed twice").arg(f.path));
        for (qsizetype slash = f.path.indexOf(u'/'); slash >= 0; slash = f.path.indexOf(u'/', slash + 1)) {
            const QString folder = f.path.left(slash);
            if (paths.contains(folder))
                fail(child(at, QStringLiteral("rfilename")),
                    QStringLiteral("\"%1\" is a file and a folder").arg(folder));
            folders.insert(folder);
        }
        paths.insert(f.path);
        listing.files.push_back(std::move(f));
    }
    return listing;
}

std::optional<QJsonDocument> parse(const QByteArray &bytes, QString *error)
{
    QJsonParseError problem;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &problem);
    if (problem.error != QJsonParseError::NoError) {
        *error = QStringLiteral("the Hub's answer is not JSON (%1 at byte %2)")
                     .arg(problem.errorString())
                     .arg(problem.offset);
        return std::nullopt;
    }
    return doc;
}

bool matches(const QString &path, const QStringList &patterns)
{
    for (const QString &pattern : patterns) {
        const QRegularExpression re(
            QRegularExpression::wildcardToRegularExpression(pattern, QRegularExpression::UnanchoredWildcardConversion));
        if (QRegularExpression(QRegularExpression::anchoredPattern(re.pattern())).match(path).hasMatch())
            return true;
    }
    return false;
}

} // namespace

std::optional<RepoListing> parseListing(const QByteArray &bytes, QString *error)
{
    const std::optional<QJsonDocument> doc = parse(bytes, error);
    if (!doc)
        return std::nullopt;
    if (!doc->isObject()) {
        *error = QStringLiteral("the Hub's model info is not an object");
        return std::nullopt;
    }
    try {
        return readListing(doc->object());
    } catch (const json::Invalid &invalid) {
        *error = QStringLiteral("the Hub's model info: %1: %2").arg(invalid.path, invalid.message);
        return std::nullopt;
    }
}

QStringList ggufQuantizations(const RepoListing &listing)
{
    QStringList found;
    for (const RepoFile &f : listing.files)
        if (const QString q = ggufQuantization(f.path); !q.isEmpty() && !found.contains(q))
            found << q;
    return found;
}

std::vector<RepoFile> chooseFiles(const RepoListing &listing, const QStringList &include, const QString &quantization)
{
    std::vector<RepoFile> chosen;
    if (!quantization.isEmpty()) {
        for (const RepoFile &f : listing.files)
            if (ggufQuantization(f.path) == quantization.toUpper())
                chosen.push_back(f);
        return chosen;
    }
    if (!include.isEmpty()) {
        for (const RepoFile &f : listing.files)
            if (matches(f.path, include))
                chosen.push_back(f);
        return chosen;
    }
    // The top folder's files only: sub-folders hold other formats (onnx/, coreml/) or other models.
    static const QStringList wanted {QStringLiteral("*.safetensors"), QStringLiteral("*.safetensors.index.json"),
        QStringLiteral("config.json"), QStringLiteral("generation_config.json"), QStringLiteral("tokenizer.json"),
        QStringLiteral("tokenizer_config.json"), QStringLiteral("special_tokens_map.json"),
        QStringLiteral("added_tokens.json"), QStringLiteral("vocab.json"), QStringLiteral("vocab.txt"),
        QStringLiteral("merges.txt"), QStringLiteral("tokenizer.model"), QStringLiteral("spiece.model"),
        QStringLiteral("sentencepiece.bpe.model"), QStringLiteral("README.md"), QStringLiteral("LICENSE*")};
    for (const RepoFile &f : listing.files)
        if (!f.path.contains(u'/') && matches(f.path, wanted))
            chosen.push_back(f);
    return chosen;
}

QString byteSize(qint64 bytes)
{
    if (bytes < 1000)
        return QStringLiteral("%1 B").arg(bytes);
    if (bytes < qint64(1000) * 1000)
        return QStringLiteral("%1 kB").arg(double(bytes) / 1e3, 0, 'f', 1);
    if (bytes < qint64(1000) * 1000 * 1000)
        return QStringLiteral("%1 MB").arg(double(bytes) / 1e6, 0, 'f', 1);
    return QStringLiteral("%1 GB").arg(double(bytes) / 1e9, 0, 'f', 2);
}

std::optional<std::vector<SearchResult>> parseSearch(const QByteArray &bytes, QString *error)
{
    const std::optional<QJsonDocument> doc = parse(bytes, error);
    if (!doc)
        return std::nullopt;
    if (!doc->isArray()) {
        *error = QStringLiteral("the Hub's search answer is not a list");
        return std::nullopt;
    }
    std::vector<SearchResult> results;
    const QJsonArray all = doc->array();
    for (qsizetype i = 0; i < all.size() && i < maxFiles; ++i) {
        const QJsonObject o = all[i].toObject();
        SearchResult r;
        r.id = o.value(u"id").toString();
        QString why;
        if (!parseRepo(r.id, &why))
            continue; // an id we could not fetch is no result
        r.downloads = qint64(std::max(0.0, o.value(u"downloads").toDouble()));
        r.modelType = o.value(u"config").toObject().value(u"model_type").toString().left(100);
        // "safetensors": {"parameters": {"BF16": 1235814400}, "total": 1235814400}
        const QJsonObject counts = o.value(u"safetensors").toObject().value(u"parameters").toObject();
        bool sized = !counts.isEmpty();
        for (auto it = counts.begin(); it != counts.end(); ++it) {
            const double count = it.value().toDouble(-1);
            const std::optional<Dtype> type = dtypeNamed(it.key());
            if (count < 0 || count > 1e15) { // not a count: the whole entry is unknown
                r.parameters = 0;
                sized = false;
                break;
            }
            r.parameters += qint64(count);
            if (type)
                r.weightBytes += qint64(count) * itemSize(*type);
            else
                sized = false;
        }
        if (!sized)
            r.weightBytes = 0;
        results.push_back(std::move(r));
    }
    return results;
}

} // namespace qkv::hub
