#include "transformer/hubcache.h"

#include "platform/fileread.h"
#include "transformer/config.h"
#include "transformer/refusal.h"
#include "transformer/weightstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace qkv::transformer {

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

QString hubSnapshot(const QString &name)
{
    if (name.isEmpty() || name.contains(u"..") || name.count(u'/') > 1 || name.startsWith(u'/'))
        refuse(QStringLiteral("hf:%1: expected hf:NAME or hf:OWNER/NAME").arg(name));
    const QDir repo(hubCacheFolder() + u"/models--"_qs + QString(name).replace(u'/', u"--"_qs));
    if (!repo.exists())
        refuse(QStringLiteral("hf:%1: not in the Hugging Face cache (%2 does not exist)").arg(name, repo.path()));
    QFile ref(repo.filePath(u"refs/main"_qs));
    if (ref.open(QIODevice::ReadOnly)) {
        const QString revision = QString::fromUtf8(ref.read(256)).trimmed();
        QString folder = repo.filePath(u"snapshots/"_qs + revision);
        if (isPlainFileName(revision) && QFileInfo(folder).isDir())
            return folder;
    }
    const QFileInfoList snapshots
        = QDir(repo.filePath(u"snapshots"_qs)).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Time);
    if (snapshots.isEmpty())
        refuse(QStringLiteral("hf:%1: %2 holds no snapshot").arg(name, repo.path()));
    return snapshots.front().filePath(); // newest first
}

QString resolveLocation(const QString &location)
{
    if (location.startsWith(u"hf:"))
        return hubSnapshot(location.mid(3));
    return location;
}

std::vector<CachedModel> listCachedModels()
{
    std::vector<CachedModel> models;
    const QDir cache(hubCacheFolder());
    for (const QString &entry : cache.entryList({u"models--*"_qs}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        CachedModel m;
        m.name = entry.mid(8).replace(u"--"_qs, u"/"_qs);
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
    return models;
}

} // namespace qkv::transformer
