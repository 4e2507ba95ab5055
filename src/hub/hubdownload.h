#pragma once

#include "hub/contenthash.h"
#include "hub/hublisting.h"
#include "hub/hubrepo.h"
#include "hub/hubstore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace qkv::hub {

// Fetches a repository's model files from the Hub into the cache: the listing first (the commit,
// every file's size and hash), then each chosen file not yet there, resumed from its
// .incomplete with a Range request, retried with backoff when the connection drops or the Hub is
// busy, verified against the listed hash before it is renamed into blobs/ and linked into the
// snapshot. Nothing unverified reaches snapshots/.
class HubDownload : public QObject
{
    Q_OBJECT

public:
    struct Options {
        QStringList include; // shell globs; empty: the model's own files (chooseFiles)
        bool dryRun = false; // list and choose, fetch nothing
        int retries = 5; // per file, after a dropped connection or a busy Hub
        int backoffMs = 1000; // doubled at each retry
        int stallMs = 30000; // no byte for this long: the connection is dropped (and retried)
        // The config.json model types the caller can run (transformer::supportedModelTypes()):
        // another is refused before any file is fetched, naming it. Empty, or with `include`: any.
        QStringList modelTypes;
    };

    HubDownload(const QString &cache, const RepoRef &repo, Options options, QObject *parent = nullptr);
    ~HubDownload() override;

    void start();
    // Gives up: the partial file stays for the next download to resume.
    void stop();

    const RepoRef &repo() const { return m_repo; }
    // Once listed: the repository at its commit and the files chosen.
    const RepoListing &listing() const { return m_listing; }
    const std::vector<RepoFile> &files() const { return m_files; }
    qint64 totalBytes() const;
    // The bytes still to fetch (chosen files not in the cache, less what .incomplete files hold).
    qint64 missingBytes() const;
    QString snapshotFolder() const { return m_store.snapshotFolder(m_listing.commit); }

Q_SIGNALS:
    // The listing is read and the files chosen (a dry run ends here).
    void listed();
    // `done` of `total` bytes of the chosen files are in the cache; `file` is being fetched;
    // `note` says a retry ("retry 2 of 5 in 4 s: connection closed").
    void progress(qint64 done, qint64 total, const QString &file, const QString &note);
    // Finished: empty `error`, or what went wrong, naming the file.
    void finished(const QString &error);

private:
    void get(const QUrl &url, bool withToken);
    void onListing(QNetworkReply *reply);
    void readModelType(const RepoFile &config);
    void planFiles();
    void nextFile();
    void fetch(const QUrl &url, bool withToken);
    void onData();
    void onFileDone();
    void retryOrFail(const QString &why);
    void fail(const QString &error);
    QString httpError(int status, const QString &what) const;
    QUrl resolveUrl(const RepoFile &file) const;

    RepoRef m_repo;
    Options m_options;
    HubStore m_store;
    QNetworkAccessManager *m_network;
    QPointer<QNetworkReply> m_reply;
    RepoListing m_listing;
    std::vector<RepoFile> m_files;
    std::size_t m_next = 0; // the file being fetched
    qint64 m_doneBefore = 0; // bytes of the files finished
    // The file being fetched.
    std::unique_ptr<QFile> m_out;
    std::unique_ptr<ContentHash> m_hash;
    QByteArray m_block; // one block of the reply on its way to the file
    qint64 m_offset = 0; // bytes in m_out
    bool m_statusChecked = false;
    bool m_refused = false; // this reply's body is not the file (an error page, a redirect)
    int m_redirects = 0;
    int m_tries = 0;
    QString m_error;
    bool m_finished = false;
};

// The Hub's model search: repositories whose name contains `text`, most downloaded first, with
// their config's model type.
class HubSearch : public QObject
{
    Q_OBJECT

public:
    explicit HubSearch(QObject *parent = nullptr);
    void search(const QString &text, int limit = 30);

Q_SIGNALS:
    // The results, or an empty list and why.
    void found(const std::vector<SearchResult> &results, const QString &error);

private:
    QNetworkAccessManager *m_network;
    QPointer<QNetworkReply> m_reply;
};

} // namespace qkv::hub
