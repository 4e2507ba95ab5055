#include "transformer/hubcache.h"

#include "platform/fileread.h"
#include "transformer/config.h"
#include "transformer/ggufcheckpoint.h"
#include "transformer/gguffile.h"
#include "transformer/localmodels.h"
#include "transformer/refusal.h"
#include "transformer/weightstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>

#include <algorithm>
#include <optional>

namespace qkv::transformer {
namespace {

// What a GGUF file's header says of its model (type, family, shape, parameters, size), or nothing
// when it is not one QKV Lab runs. The Model menu lists the machine's GGUF files each time it
// opens, and a header holding a vocabulary of 150,000 strings takes tens of milliseconds to read:
// a file is read again only when its size or modification time changed.
std::optional<CachedModel> describeGguf(const QString &path)
{
    struct Memo {
        qint64 size = -1, modified = 0;
        std::optional<CachedModel> model;
    };
    static QMutex mutex;
    static QHash<QString, Memo> memos;
    const QFileInfo info(path);
    const qint64 size = info.size(), modified = info.lastModified().toMSecsSinceEpoch();
    {
        const QMutexLocker lock(&mutex);
        if (const auto it = memos.constFind(path); it != memos.cend() && it->size == size && it->modified == modified)
            return it->model;
    }
    Memo memo {size, modified, std::nullopt};
    try {
        const GgufFile file(path);
        const Config c = ggufConfig(file);
        CachedModel m;
        m.modelType = c.modelType;
        m.family = familyName(c.family);
        m.layers = c.layers;
        m.heads = c.heads;
        for (const GgufTensor &t : file.header().tensors)
            m.parameters += t.elements;
        m.bytes = file.fileSize();
        memo.model = m;
    } catch (const Refusal &) { }
    const QMutexLocker lock(&mutex);
    memos.insert(path, memo);
    return memo.model;
}

} // namespace

QString hubCacheFolder()
{
    for (const char *name : {"HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE"}) {
        QString dir = qEnvironmentVariable(name);
        if (!dir.isEmpty())
            return dir;
    }
    QString home = qEnvironmentVariable("HF_HOME");
    if (home.isEmpty()) {
        QString cache = qEnvironmentVariable("XDG_CACHE_HOME");
        if (cache.isEmpty())
            cache = QDir::homePath() + u"/.cache"_qs;
        home = cache + u"/huggingface"_qs;
    }
    return home + u"/hub"_qs;
}

QString hubSnapshot(const QString &spec)
{
    // NAME@REVISION: a branch or tag its refs/ file names, or a commit's snapshot folder.
    const qsizetype at = spec.lastIndexOf(u'@');
    const QString name = at < 0 ? spec : spec.left(at);
    const QString revision = at < 0 ? u"main"_qs : spec.mid(at + 1);
    if (name.isEmpty() || name.contains(u"..") || name.count(u'/') > 1 || name.startsWith(u'/'))
        refuse(QStringLiteral("hf:%1: expected hf:NAME or hf:OWNER/NAME").arg(spec));
    if (revision.isEmpty() || revision.contains(u"..") || revision.startsWith(u'/') || revision.contains(u'\\'))
        refuse(QStringLiteral("hf:%1: \"%2\" is not a revision").arg(spec, revision));
    const QDir repo(hubCacheFolder() + u"/models--"_qs + QString(name).replace(u'/', u"--"_qs));
    if (!repo.exists())
        refuse(QStringLiteral("hf:%1: not in the Hugging Face cache (%2 does not exist)").arg(spec, repo.path()));
    if (isPlainFileName(revision) && QFileInfo(repo.filePath(u"snapshots/"_qs + revision)).isDir())
        return repo.filePath(u"snapshots/"_qs + revision); // a commit
    QFile ref(repo.filePath(u"refs/"_qs + revision));
    if (ref.open(QIODevice::ReadOnly)) {
        const QString commit = QString::fromUtf8(ref.read(256)).trimmed();
        QString folder = repo.filePath(u"snapshots/"_qs + commit);
        if (isPlainFileName(commit) && QFileInfo(folder).isDir())
            return folder;
    }
    if (at >= 0) // asked for by name: no other will do
        refuse(QStringLiteral("hf:%1: revision \"%2\" is not in the cache (%3)").arg(spec, revision, repo.path()));
    const QFileInfoList snapshots
        = QDir(repo.filePath(u"snapshots"_qs)).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Time);
    if (snapshots.isEmpty())
        refuse(QStringLiteral("hf:%1: %2 holds no snapshot").arg(name, repo.path()));
    return snapshots.front().filePath(); // newest first
}

QString resolveLocation(const QString &location)
{
    if (location.startsWith(u"ollama:"))
        return ollamaModelFile(location.mid(7));
    if (location.startsWith(u"hf:")) {
        // hf:NAME[@REVISION][:QUANTIZATION]: a revision never holds a colon, a name neither.
        const QString spec = location.mid(3);
        const qsizetype colon = spec.lastIndexOf(u':');
        if (colon < 0)
            return hubSnapshot(spec);
        return ggufInSnapshot(hubSnapshot(spec.left(colon)), spec.mid(colon + 1), spec);
    }
    return location;
}

std::vector<CachedModel> listCachedModels()
{
    std::vector<CachedModel> models;
    const QDir cache(hubCacheFolder());
    for (const QString &entry : cache.entryList({u"models--*"_qs}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        CachedModel m;
        m.name = entry.mid(8).replace(u"--"_qs, u"/"_qs);
        m.location = u"hf:"_qs + m.name;
        try {
            m.folder = hubSnapshot(m.name);
            const Config c = readConfig(QDir(m.folder).filePath(u"config.json"_qs));
            WeightStore store;
            store.open(m.folder);
            m.modelType = c.modelType;
            m.family = familyName(c.family);
            m.layers = c.layers;
            m.heads = c.heads;
            m.parameters = store.parameterCount();
            m.bytes = store.fileBytes();
            models.push_back(m);
        } catch (const Refusal &) {
            // Not usable here (another family, no safetensors, a partial download): not listed.
        }
    }
    std::sort(models.begin(), models.end(), [](const auto &a, const auto &b) { return a.name < b.name; });
    for (const LocalGguf &g : listLocalGgufModels()) {
        std::optional<CachedModel> m = describeGguf(g.file);
        if (!m)
            continue; // another architecture, or a damaged file: not listed
        m->location = g.location;
        m->name = g.location.startsWith(u"ollama:") ? g.location.mid(7)
            : g.location.startsWith(u"hf:")         ? g.location.mid(3)
                                                    : QFileInfo(g.file).fileName();
        m->folder = g.file;
        models.push_back(*m);
    }
    return models;
}

} // namespace qkv::transformer
