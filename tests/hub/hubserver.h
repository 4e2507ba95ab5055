#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QMap>
#include <QString>
#include <QTcpServer>

#include <functional>
#include <vector>

namespace qkv::test {

// A Hugging Face Hub on 127.0.0.1 for the tests, speaking the download API as the public clients
// use it: api/models/REPO/revision/REV?blobs=true (the model info with each file's size and
// hashes), api/models/REPO/tree/REV and paths-info/REV (the file tree, as @huggingface/hub reads
// it), REPO/resolve/COMMIT/PATH (a regular file with its ETag; an LFS file redirected to
// lfs/SHA256 with X-Linked-Etag and X-Linked-Size), ranges honoured. Faults on demand.
class HubServer : public QTcpServer
{
    Q_OBJECT

public:
    struct File {
        File(QByteArray bytes = {}, bool isLfs = false)
            : content(std::move(bytes))
            , lfs(isLfs)
        { }
        QByteArray content;
        bool lfs = false;
        // Its hashes, computed once (a benchmark's file has a gigabyte).
        mutable QString sha, blob;
        const QString &sha256Of() const;
        const QString &blobIdOf() const;
    };
    struct Repo {
        QString commit;
        QMap<QString, File> files; // by path
        QByteArray token; // non-empty: gated, this bearer token only
        QByteArray listingOverride; // non-empty: the model info answered as is
        QString modelType = QStringLiteral("gpt2");
        qint64 downloads = 0;
        QMap<QString, qint64> parameters; // by dtype, as the search's "safetensors" lists them
    };
    // One request's fault, taken (once) by the first request whose path ends with `path`.
    struct Fault {
        QString path;
        int status = 0; // answer this status (500, 503, 429, 404) instead
        qint64 closeAfter = -1; // close the connection after this many body bytes
        qint64 flipByte = -1; // flip this byte of the body
        qint64 extraBytes = 0; // send this many bytes more than the file has
        bool redirectLoop = false; // redirect to itself
        bool stall = false; // send the headers, then nothing
        int times = 1; // how many requests it takes
    };

    HubServer();
    QString endpoint() const;

    // A gpt2 model: config.json and its weights as model.safetensors (LFS).
    Repo &addModel(const QString &id, const QString &commit, const QByteArray &weights);
    // `size` bytes that do not repeat soon (a flipped or misplaced block changes the hash).
    static QByteArray patternBytes(qsizetype size);
    // HF_ENDPOINT at this server, HF_HUB_CACHE at `cache`, for this process and the ones it starts.
    void useFrom(const QString &cache) const;

    QHash<QString, Repo> repos; // by id
    std::vector<Fault> faults;
    // LFS files redirected to http://localhost:PORT/lfs/…, another host than the Hub's 127.0.0.1
    // (as the Hub's CDN is): a client must not send it the Hub's token.
    bool lfsOnOtherHost = false;
    // Bodies sent this many bytes a millisecond (0: at once), so that a client can be stopped or
    // killed midway.
    int paceBytesPerMs = 0;
    qint64 bodyBytesSent = 0; // of file contents, over every request
    QStringList requests; // "GET path Range: bytes=N-"
    QList<QByteArray> authorizations; // each request's Authorization header, empty when none

    // Hex hashes as the Hub lists them: the git blob SHA-1 and the SHA-256.
    static QString gitBlobId(const QByteArray &content);
    static QString sha256(const QByteArray &content);
    QByteArray listing(const QString &id) const;

private:
    void serve(QTcpSocket *socket, const QByteArray &head, const QByteArray &requestBody);
    // The file tree's entries (api/models/ID/tree/REV, and paths-info) for these paths; expanded,
    // each with its last commit.
    static QJsonArray treeEntries(const Repo &repo, const QStringList &paths, bool expand);
    bool takeFault(const QString &path, Fault *fault);
};

} // namespace qkv::test
