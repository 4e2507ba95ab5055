#include "transformer/localmodels.h"

#include "platform/fileread.h"
#include "tensorfiles/ggufheader.h"
#include "transformer/hubcache.h"
#include "transformer/refusal.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace qkv::transformer {
namespace {

constexpr qint64 maxManifest = qint64(1) << 20;
const QString defaultHost = QStringLiteral("registry.ollama.ai");

// "llama3.2:1b" → manifests/registry.ollama.ai/library/llama3.2/1b; "user/m" →
// …/registry.ollama.ai/user/m/latest; "hf.co/org/repo:Q4_K_M" → manifests/hf.co/org/repo/Q4_K_M.
QString manifestPath(const QString &spec)
{
    QString name = spec, tag = QStringLiteral("latest");
    if (const qsizetype colon = spec.lastIndexOf(u':'); colon > spec.lastIndexOf(u'/')) {
        name = spec.left(colon);
        tag = spec.mid(colon + 1);
    }
    static const QRegularExpression part(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$"));
    QStringList parts = name.split(u'/');
    if (parts.size() == 1)
        parts.prepend(QStringLiteral("library"));
    if (parts.size() == 2)
        parts.prepend(defaultHost);
    parts << tag;
    for (const QString &p : std::as_const(parts))
        if (parts.size() != 4 || !part.match(p).hasMatch() || p.contains(u".."))
            refuse(QStringLiteral("ollama:%1: expected ollama:NAME[:TAG] as Ollama names models").arg(spec));
    return ollamaFolder() + QStringLiteral("/manifests/") + parts.join(u'/');
}

// A manifest's path under manifests/ as Ollama shows the model: "llama3.2:1b", "user/m:latest".
QString ollamaName(const QString &relative)
{
    QStringList parts = relative.split(u'/');
    if (parts.size() != 4)
        return {};
    const QString tag = parts.takeLast();
    if (parts[0] == defaultHost) {
        parts.removeFirst();
        if (parts[0] == u"library")
            parts.removeFirst();
    }
    return parts.join(u'/') + u':' + tag;
}

} // namespace

QString ollamaFolder()
{
    const QString set = qEnvironmentVariable("OLLAMA_MODELS");
    return set.isEmpty() ? QDir::homePath() + QStringLiteral("/.ollama/models") : set;
}

QStringList lmStudioFolders()
{
    QStringList folders;
    for (const QString &f :
        {qEnvironmentVariable("LMSTUDIO_MODELS"), QDir::homePath() + QStringLiteral("/.lmstudio/models"),
            QDir::homePath() + QStringLiteral("/.cache/lm-studio/models")})
        if (!f.isEmpty() && QFileInfo(f).isDir() && !folders.contains(f))
            folders << f;
    return folders;
}

QString ollamaModelDigest(const QByteArray &manifest, QString *error)
{
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(manifest, &parse);
    if (parse.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = QStringLiteral("not a JSON object");
        return {};
    }
    static const QRegularExpression digest(QStringLiteral("^sha256:[0-9a-f]{64}$"));
    const QJsonArray layers = doc.object().value(u"layers").toArray();
    for (qsizetype i = 0; i < layers.size(); ++i) {
        const QJsonObject layer = layers[i].toObject();
        if (layer.value(u"mediaType").toString() != u"application/vnd.ollama.image.model")
            continue;
        QString d = layer.value(u"digest").toString();
        if (!digest.match(d).hasMatch()) {
            *error = QStringLiteral("layers[%1].digest: expected sha256: and 64 hex digits").arg(i);
            return {};
        }
        return d;
    }
    *error = QStringLiteral("layers: no layer of type application/vnd.ollama.image.model (the weights)");
    return {};
}

QString ollamaModelFile(const QString &spec)
{
    const QString path = manifestPath(spec);
    QString why;
    const std::optional<QByteArray> bytes = readWholeFile(path, maxManifest, &why);
    if (!bytes)
        refuse(QStringLiteral("ollama:%1: not in Ollama's store (%2: %3)").arg(spec, path, why));
    const QString digest = ollamaModelDigest(*bytes, &why);
    if (digest.isEmpty())
        refuse(QStringLiteral("%1: %2").arg(path, why));
    QString blob = ollamaFolder() + QStringLiteral("/blobs/") + QString(digest).replace(u':', u'-');
    if (!QFileInfo(blob).isFile())
        refuse(QStringLiteral("ollama:%1: its weights %2 are missing (a partial pull?)").arg(spec, blob));
    return blob;
}

QString ggufInSnapshot(const QString &folder, const QString &quantization, const QString &spec)
{
    QStringList found;
    QDirIterator it(folder, {u"*.gguf"_qs}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        if (ggufQuantization(QFileInfo(file).fileName()) == quantization.toUpper())
            found << file;
    }
    if (found.size() == 1)
        return found.front();
    // A model split into parts ("-00001-of-00003.gguf") is not one file.
    refuse(found.isEmpty() ? QStringLiteral("hf:%1: no .gguf file of %2 in %3").arg(spec, quantization, folder)
                           : QStringLiteral("hf:%1: %2 files of %3 in %4 (%5)")
                                 .arg(spec)
                                 .arg(found.size())
                                 .arg(quantization, folder, found.join(u", "_qs)));
}

std::vector<LocalGguf> listLocalGgufModels()
{
    std::vector<LocalGguf> out;
    const QString manifests = ollamaFolder() + QStringLiteral("/manifests");
    QDirIterator ollama(manifests, QDir::Files, QDirIterator::Subdirectories);
    while (ollama.hasNext()) {
        const QString name = ollamaName(QDir(manifests).relativeFilePath(ollama.next()));
        try {
            if (!name.isEmpty())
                out.push_back({u"ollama:"_qs + name, ollamaModelFile(name)});
        } catch (const Refusal &) {
            // Not a model's manifest, or its blob is missing: not listed.
        }
    }
    for (const QString &folder : lmStudioFolders()) {
        QDirIterator lm(folder, {u"*.gguf"_qs}, QDir::Files, QDirIterator::Subdirectories);
        while (lm.hasNext()) {
            const QString file = lm.next();
            if (!QFileInfo(file).fileName().startsWith(u"mmproj")) // a vision projector, not a model
                out.push_back({file, file});
        }
    }
    const QDir cache(hubCacheFolder());
    for (const QString &entry : cache.entryList({u"models--*"_qs}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString name = entry.mid(8).replace(u"--"_qs, u"/"_qs);
        try {
            const QString snapshot = hubSnapshot(name);
            QDirIterator it(snapshot, {u"*.gguf"_qs}, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString file = it.next(), q = ggufQuantization(QFileInfo(file).fileName());
                bool unique = !q.isEmpty();
                try {
                    unique = unique && ggufInSnapshot(snapshot, q, name) == file;
                } catch (const Refusal &) {
                    unique = false;
                }
                out.push_back({unique ? u"hf:"_qs + name + u':' + q : file, file});
            }
        } catch (const Refusal &) { }
    }
    return out;
}

} // namespace qkv::transformer
