// The Hub's answers (its model info, its search) and a typed repository name on any bytes: a
// refusal says why; an accepted listing has only relative paths inside their folder, each listed
// once, with hashes of the right form, and the files chosen are among them; a name accepted
// names a folder of its own in the cache.
#include "fuzzcheck.h"
#include "hub/hublisting.h"
#include "hub/hubrepo.h"

#include <QSet>

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    if (const std::optional<hub::RepoListing> listing = hub::parseListing(bytes, &error)) {
        FUZZ_CHECK(listing->commit.size() == 40, listing->commit);
        QSet<QString> paths;
        for (const hub::RepoFile &f : listing->files) {
            FUZZ_CHECK(!f.path.isEmpty() && !f.path.startsWith(u'/') && !f.path.split(u'/').contains(u".."), f.path);
            FUZZ_CHECK(!paths.contains(f.path), f.path);
            FUZZ_CHECK(f.size >= 0 && f.blobId.size() == 40 && (f.sha256.isEmpty() || f.sha256.size() == 64), f.path);
            paths.insert(f.path);
        }
        for (const hub::RepoFile &f : hub::chooseFiles(*listing))
            FUZZ_CHECK(paths.contains(f.path), f.path);
    } else {
        FUZZ_CHECK(!error.isEmpty(), QStringLiteral("refused without a reason"));
    }
    error.clear();
    if (!hub::parseSearch(bytes, &error))
        FUZZ_CHECK(!error.isEmpty(), QStringLiteral("search refused without a reason"));
    error.clear();
    if (const std::optional<hub::RepoRef> ref = hub::parseRepo(QString::fromUtf8(bytes.left(300)), &error)) {
        const QString folder = ref->cacheFolderName();
        FUZZ_CHECK(folder.startsWith(u"models--") && !folder.contains(u'/') && !folder.contains(u".."), folder);
        FUZZ_CHECK(hub::isValidRevision(ref->revision), ref->revision);
    } else {
        FUZZ_CHECK(!error.isEmpty(), QStringLiteral("name refused without a reason"));
    }
    return 0;
}
