#include "cli/downloadcommand.h"

#include "arguments/commandoptions.h"
#include "cli/cliprint.h"
#include "cli/commandline.h"
#include "cli/terminalbusy.h"
#include "hub/downloadrate.h"
#include "hub/hubdownload.h"
#include "tensorfiles/ggufheader.h"
#include "transformer/config.h"
#include "transformer/hubcache.h"

#include <QEventLoop>
#include <QStorageInfo>
#include <QTimer>

namespace qkv::cli {
namespace {

QString durationText(double seconds)
{
    if (seconds < 60)
        return QStringLiteral("%1 s").arg(qRound(seconds));
    if (seconds < 3600)
        return QStringLiteral("%1 min %2 s").arg(int(seconds) / 60).arg(int(seconds) % 60);
    return QStringLiteral("%1 h %2 min").arg(int(seconds) / 3600).arg(int(seconds) % 3600 / 60);
}

// What will be fetched, before anything is.
void printPlan(const hub::HubDownload &download, FILE *out)
{
    const hub::RepoListing &listing = download.listing();
    print(out,
        QStringLiteral("%1 at %2%3\n")
            .arg(download.repo().id, listing.commit.left(12),
                listing.modelType.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(listing.modelType)));
    for (const hub::RepoFile &f : download.files())
        print(out, QStringLiteral("  %1  %2\n").arg(hub::byteSize(f.size), 10).arg(f.path));
    const QStorageInfo disk(transformer::hubCacheFolder());
    print(out,
        QStringLiteral("%1 files, %2; %3 to fetch%4\n")
            .arg(download.files().size())
            .arg(hub::byteSize(download.totalBytes()), hub::byteSize(download.missingBytes()),
                disk.isValid()
                    ? QStringLiteral(", %1 free in %2").arg(hub::byteSize(disk.bytesAvailable()), disk.rootPath())
                    : QString()));
}

} // namespace

int runDownload(const QStringList &args, FILE *out, FILE *err)
{
    const Parsed<DownloadOptions> parsed = parseDownloadArguments(args);
    if (!parsed.options)
        return stopped(parsed, QStringLiteral("download"), out, err);
    const DownloadOptions &o = *parsed.options;
    QString why;
    const std::optional<hub::RepoRef> repo = hub::parseRepo(o.repo, &why);
    if (!repo)
        return usageError(err, why);
    hub::HubDownload::Options options;
    options.include = o.include;
    options.dryRun = o.dryRun;
    options.modelTypes = transformer::supportedModelTypes();
    hub::HubDownload download(transformer::hubCacheFolder(), *repo, options);
    const bool terminal = TerminalBusy::isTerminal(err);
    hub::DownloadRate rate;
    QString error;
    QEventLoop loop;
    QObject::connect(&download, &hub::HubDownload::listed, &loop, [&] { printPlan(download, out); });
    // One line redrawn on a terminal; elsewhere only the retries, a line each.
    QObject::connect(&download, &hub::HubDownload::progress, &loop,
        [&](qint64 done, qint64 total, const QString &file, const QString &note) {
            rate.update(done);
            if (!terminal) {
                if (!note.isEmpty())
                    print(err, QStringLiteral("qkvlab: %1: %2\n").arg(file, note));
                return;
            }
            const double seconds = rate.secondsLeft(total);
            const QString left = seconds >= 0 ? durationText(seconds) : QString();
            print(err,
                QStringLiteral("\r\x1b[K%1 of %2  %3/s%4  %5%6")
                    .arg(hub::byteSize(done), hub::byteSize(total), hub::byteSize(qint64(rate.bytesPerSecond())),
                        left.isEmpty() ? QString() : QStringLiteral(", %1 left").arg(left), file,
                        note.isEmpty() ? QString() : QStringLiteral("  (%1)").arg(note)));
        });
    QObject::connect(&download, &hub::HubDownload::finished, &loop, [&](const QString &e) {
        error = e;
        loop.quit();
    });
    QTimer::singleShot(0, &download, &hub::HubDownload::start);
    loop.exec();
    if (terminal && rate.started())
        print(err, QStringLiteral("\r\x1b[K"));
    if (!error.isEmpty()) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(error));
        return 1;
    }
    if (o.dryRun)
        return finishOutput(out, err, 0);
    // A GGUF file is opened by its quantization: hf:NAME:Q4_K_M, one line for each fetched.
    const QString name = repo->revision == u"main" ? repo->id : repo->id + u'@' + repo->revision;
    QStringList quantizations;
    for (const hub::RepoFile &f : download.files())
        if (const QString q = ggufQuantization(f.path); !q.isEmpty() && !quantizations.contains(q))
            quantizations << q;
    print(out, download.snapshotFolder() + u'\n');
    if (quantizations.isEmpty())
        print(out, QStringLiteral("Open it with: qkvlab hf:%1\n").arg(name));
    for (const QString &q : quantizations)
        print(out, QStringLiteral("Open it with: qkvlab hf:%1:%2\n").arg(name, q));
    return finishOutput(out, err, 0);
}

} // namespace qkv::cli
