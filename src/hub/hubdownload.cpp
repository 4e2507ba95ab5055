#include "hub/hubdownload.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QStorageInfo>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>

namespace qkv::hub {
namespace {

constexpr int maxRedirects = 10;
constexpr qint64 maxListingBytes = 16 << 20;

QString encodedPath(const QString &path)
{
    QStringList parts = path.split(u'/');
    for (QString &p : parts)
        p = QString::fromLatin1(QUrl::toPercentEncoding(p));
    return parts.join(u'/');
}

// A failure the next try may not meet: a dropped or refused connection, a stall, a busy network.
// A host not found or a TLS failure is said at once.
bool isTransient(QNetworkReply::NetworkError e)
{
    switch (e) {
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError: // the transfer timeout aborts so
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::UnknownNetworkError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::ProxyTimeoutError:
    case QNetworkReply::InternalServerError:
    case QNetworkReply::ServiceUnavailableError:
    case QNetworkReply::UnknownServerError:
        return true;
    default:
        return false;
    }
}

} // namespace

HubDownload::HubDownload(const QString &cache, const RepoRef &repo, Options options, QObject *parent)
    : QObject(parent)
    , m_repo(repo)
    , m_options(std::move(options))
    , m_store(cache, repo)
    , m_network(new QNetworkAccessManager(this))
{
    // Redirects are followed here: a bounded number, and the token only ever goes to the Hub.
    m_network->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    // The system's proxy (http_proxy, https_proxy, no_proxy on Linux), as every download tool.
    QNetworkProxyFactory::setUseSystemConfiguration(true);
}

HubDownload::~HubDownload()
{
    m_finished = true;
    if (m_reply)
        m_reply->abort();
}

qint64 HubDownload::totalBytes() const
{
    qint64 total = 0;
    for (const RepoFile &f : m_files)
        total += f.size;
    return total;
}

qint64 HubDownload::missingBytes() const
{
    qint64 missing = 0;
    for (const RepoFile &f : m_files)
        if (!m_store.hasInSnapshot(m_listing.commit, f) && !m_store.hasBlob(f))
            missing += f.size - std::min(f.size, QFileInfo(m_store.incompletePath(f)).size());
    return missing;
}

void HubDownload::start()
{
    if (hubOffline())
        return fail(QStringLiteral("HF_HUB_OFFLINE is set: nothing is downloaded"));
    m_listing = {};
    QUrl url(hubEndpoint() + QStringLiteral("/api/models/") + m_repo.id + QStringLiteral("/revision/")
        + QString::fromLatin1(QUrl::toPercentEncoding(m_repo.revision)));
    url.setQuery(QStringLiteral("blobs=true"));
    m_redirects = 0;
    get(url, true);
}

void HubDownload::stop()
{
    if (m_finished)
        return;
    fail(QStringLiteral("stopped; the next download resumes where this one stopped"));
    if (m_reply)
        m_reply->abort(); // after fail(): its finished() finds the download over
}

void HubDownload::get(const QUrl &url, bool withToken)
{
    QNetworkRequest request(url);
    request.setTransferTimeout(m_options.stallMs);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("qkvlab"));
    if (const QByteArray token = hubToken(); withToken && !token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    m_reply = m_network->get(request);
    connect(m_reply, &QNetworkReply::finished, this, [this, reply = m_reply.data()] { onListing(reply); });
}

QString HubDownload::httpError(int status, const QString &what) const
{
    if (status == 401 || status == 403)
        return QStringLiteral("%1: %2 is gated or private (HTTP %3): accept its terms at %4/%2 while logged in, then "
                              "set HF_TOKEN to a token of that account and run again")
            .arg(what, m_repo.id)
            .arg(status)
            .arg(hubEndpoint());
    if (status == 404)
        return QStringLiteral("%1: not found on the Hub (HTTP 404): is \"%2\" at revision \"%3\" spelt right?")
            .arg(what, m_repo.id, m_repo.revision);
    return QStringLiteral("%1: the Hub answered HTTP %2").arg(what).arg(status);
}

void HubDownload::onListing(QNetworkReply *reply)
{
    reply->deleteLater();
    if (m_finished)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status >= 300 && status < 400) {
        const QUrl next = reply->url().resolved(QUrl(QString::fromLatin1(reply->rawHeader("Location"))));
        if (++m_redirects > maxRedirects)
            return fail(QStringLiteral("the Hub's model info: more than %1 redirects").arg(maxRedirects));
        return get(next, next.host() == QUrl(hubEndpoint()).host());
    }
    if (status == 0 && !isTransient(reply->error()))
        return fail(QStringLiteral("cannot reach the Hub at %1: %2").arg(hubEndpoint(), reply->errorString()));
    if (status == 429 || status >= 500 || status == 0)
        return retryOrFail(status ? QStringLiteral("HTTP %1").arg(status) : reply->errorString());
    if (status != 200)
        return fail(httpError(status, QStringLiteral("the model info of %1").arg(m_repo.id)));
    const QByteArray body = reply->read(maxListingBytes + 1);
    if (body.size() > maxListingBytes)
        return fail(QStringLiteral("the Hub's model info is larger than %1").arg(byteSize(maxListingBytes)));
    QString error;
    std::optional<RepoListing> listing = parseListing(body, &error);
    if (!listing)
        return fail(error);
    m_listing = std::move(*listing);
    // A Hub (or mirror) that does not say the model's type: config.json says it, read first.
    if (m_listing.modelType.isEmpty() && m_options.include.isEmpty() && m_repo.quantization.isEmpty()
        && !m_options.modelTypes.isEmpty())
        for (const RepoFile &f : m_listing.files)
            if (f.path == u"config.json" && !f.isLfs() && f.size <= maxListingBytes)
                return readModelType(f);
    planFiles();
}

void HubDownload::readModelType(const RepoFile &config)
{
    QNetworkRequest request(resolveUrl(config));
    request.setTransferTimeout(m_options.stallMs);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("qkvlab"));
    // Redirects within the Hub's host only: the token goes nowhere else.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    if (const QByteArray token = hubToken(); !token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    m_reply = m_network->get(request);
    connect(m_reply, &QNetworkReply::finished, this, [this, reply = m_reply.data()] {
        reply->deleteLater();
        if (m_finished)
            return;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status != 200)
            return fail(status ? httpError(status, QStringLiteral("config.json of %1").arg(m_repo.id))
                               : QStringLiteral("config.json of %1: %2").arg(m_repo.id, reply->errorString()));
        const QJsonValue type = QJsonDocument::fromJson(reply->read(maxListingBytes)).object().value(u"model_type");
        m_listing.modelType = type.toString().left(100); // none: the model is opened to find out
        planFiles();
    });
}

void HubDownload::planFiles()
{
    // A GGUF file says its architecture itself, which opening it checks.
    if (m_options.include.isEmpty() && m_repo.quantization.isEmpty() && !m_options.modelTypes.isEmpty()
        && !m_listing.modelType.isEmpty() && !m_options.modelTypes.contains(m_listing.modelType))
        return fail(QStringLiteral("%1 is a \"%2\" model, which QKV Lab does not run (it runs %3); --include fetches "
                                   "its files all the same")
                        .arg(m_repo.id, m_listing.modelType, m_options.modelTypes.join(QStringLiteral(", "))));
    m_files = chooseFiles(m_listing, m_options.include, m_repo.quantization);
    m_tries = 0;
    const QStringList quantizations = ggufQuantizations(m_listing);
    const QString theirs = quantizations.isEmpty() ? QStringLiteral("none") : quantizations.join(QStringLiteral(", "));
    if (m_files.empty() && !m_options.include.isEmpty())
        return fail(QStringLiteral("no file of %1 matches %2").arg(m_repo.id, m_options.include.join(u' ')));
    if (m_files.empty() && !m_repo.quantization.isEmpty())
        return fail(QStringLiteral("%1 has no GGUF file of %2 (its quantizations: %3)")
                        .arg(m_repo.id, m_repo.quantization, theirs));
    // Without weights (a README and a LICENSE) there is no model to fetch.
    const bool weights = std::any_of(m_files.begin(), m_files.end(),
        [](const RepoFile &f) { return f.path.endsWith(u".safetensors") || f.path.endsWith(u".gguf"); });
    if (!weights && m_options.include.isEmpty())
        m_files.clear();
    if (m_files.empty() && !quantizations.isEmpty())
        return fail(QStringLiteral("%1 holds GGUF files: download one quantization as %1:%2 (its quantizations: %3)")
                        .arg(m_repo.id, quantizations.first(), theirs));
    if (m_files.empty())
        return fail(QStringLiteral("%1 has none of the files QKV Lab reads (config.json and safetensors weights, or "
                                   "GGUF files)")
                        .arg(m_repo.id));
    Q_EMIT listed();
    if (m_options.dryRun) {
        m_finished = true;
        return Q_EMIT finished({});
    }
    if (const QString why = m_store.prepare(); !why.isEmpty())
        return fail(why);
    const QStorageInfo disk(m_store.folder());
    if (const qint64 missing = missingBytes(); disk.isValid() && disk.bytesAvailable() < missing)
        return fail(QStringLiteral("not enough disk space: %1 needs %2, %3 has %4 free")
                        .arg(m_repo.id, byteSize(missing), disk.rootPath(), byteSize(disk.bytesAvailable())));
    m_next = 0;
    m_doneBefore = 0;
    nextFile();
}

QUrl HubDownload::resolveUrl(const RepoFile &file) const
{
    return QUrl(hubEndpoint() + u'/' + m_repo.id + QStringLiteral("/resolve/") + m_listing.commit + u'/'
        + encodedPath(file.path));
}

void HubDownload::nextFile()
{
    while (m_next < m_files.size()) {
        const RepoFile &file = m_files[m_next];
        if (m_store.hasInSnapshot(m_listing.commit, file)) { // never fetched again
            m_doneBefore += file.size;
            ++m_next;
            continue;
        }
        if (m_store.hasBlob(file)) { // fetched for another commit: linked
            if (const QString why = m_store.link(m_listing.commit, file); !why.isEmpty())
                return fail(why);
            m_doneBefore += file.size;
            ++m_next;
            continue;
        }
        // Resumed from what an earlier download left.
        m_out = std::make_unique<QFile>(m_store.incompletePath(file));
        if (QFileInfo(m_out->fileName()).isSymLink())
            return fail(QStringLiteral("%1 is a symbolic link: refusing to write through it").arg(m_out->fileName()));
        // Unbuffered: a write that fails (a full disk) fails at once, with what is on disk known.
        if (!m_out->open(QIODevice::ReadWrite | QIODevice::Unbuffered))
            return fail(
                QStringLiteral("%1: cannot write %2: %3").arg(file.path, m_out->fileName(), m_out->errorString()));
        if (m_out->size() > file.size)
            m_out->resize(0);
        m_hash = std::make_unique<ContentHash>(file);
        for (QByteArray block; !(block = m_out->read(1 << 20)).isEmpty();) // the bytes fetched before
            m_hash->add(block);
        m_offset = m_out->size();
        m_out->seek(m_offset);
        m_redirects = 0;
        Q_EMIT progress(m_doneBefore + m_offset, totalBytes(), file.path, {});
        if (m_offset == file.size) // complete before: only the check is left
            return onFileDone();
        return fetch(resolveUrl(file), true);
    }
    if (const QString why = m_store.writeRef(m_repo.revision, m_listing.commit); !why.isEmpty())
        return fail(why);
    m_finished = true;
    Q_EMIT progress(totalBytes(), totalBytes(), {}, {});
    Q_EMIT finished({});
}

void HubDownload::fetch(const QUrl &url, bool withToken)
{
    QNetworkRequest request(url);
    request.setTransferTimeout(m_options.stallMs);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("qkvlab"));
    // The file as stored: no compression, so that bytes and ranges are the file's.
    request.setRawHeader("Accept-Encoding", "identity");
    if (m_offset > 0)
        request.setRawHeader("Range", "bytes=" + QByteArray::number(m_offset) + '-');
    if (const QByteArray token = hubToken(); withToken && !token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    m_statusChecked = false;
    m_refused = false;
    m_reply = m_network->get(request);
    m_reply->setReadBufferSize(4 << 20); // read ahead of the writes, within bounds
    connect(m_reply, &QNetworkReply::readyRead, this, &HubDownload::onData);
    connect(m_reply, &QNetworkReply::finished, this, &HubDownload::onFileDone);
}

void HubDownload::onData()
{
    QNetworkReply *reply = m_reply;
    if (!reply || m_finished)
        return;
    const RepoFile &file = m_files[m_next];
    if (!m_statusChecked) {
        m_statusChecked = true;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status == 200 && m_offset > 0) { // the range was not honoured: from the start
            m_out->resize(0);
            m_out->seek(0);
            m_offset = 0;
            m_hash->reset();
        } else if (status == 206) {
            const QByteArray range = reply->rawHeader("Content-Range");
            if (!range.startsWith("bytes " + QByteArray::number(m_offset) + '-'))
                m_refused = true; // another range than asked: dropped, and the file fetched again
        } else if (status != 200) {
            m_refused = true; // a redirect's or an error's body
        }
    }
    if (m_refused) {
        reply->readAll();
        return;
    }
    // In blocks that stay in the core's cache from the read through the hash to the write: one
    // pass over memory instead of three over a reply's megabytes.
    constexpr qint64 blockBytes = 256 << 10;
    if (m_block.size() != blockBytes)
        m_block.resize(blockBytes);
    for (qint64 n; (n = reply->read(m_block.data(), blockBytes)) > 0;) {
        if (m_offset + n > file.size) { // longer than listed: cut there and refused
            m_refused = true;
            m_error = QStringLiteral("%1: the Hub sent more than its listed %2 bytes").arg(file.path).arg(file.size);
            reply->abort();
            return;
        }
        qint64 written = m_out->write(m_block.constData(), n);
        if (written >= 0 && written < n) // a short write: the next one fails with the reason
            if (const qint64 more = m_out->write(m_block.constData() + written, n - written); more > 0)
                written += more;
        if (written != n)
            return fail(QStringLiteral("%1: cannot write %2 (%3): the %4 fetched stay there for the next download")
                            .arg(file.path, m_out->fileName(), m_out->errorString(),
                                byteSize(QFileInfo(m_out->fileName()).size())));
        m_hash->add(m_block.constData(), n);
        m_offset += n;
    }
    Q_EMIT progress(m_doneBefore + m_offset, totalBytes(), file.path, {});
}

void HubDownload::onFileDone()
{
    if (m_finished)
        return;
    const RepoFile &file = m_files[m_next];
    QNetworkReply *reply = m_reply;
    if (reply) {
        reply->deleteLater();
        m_reply = nullptr;
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (!m_error.isEmpty()) { // refused mid-body: the partial goes, the next try starts over
            m_out->resize(0);
            m_out.reset();
            return fail(std::exchange(m_error, {}));
        }
        if (status >= 300 && status < 400) {
            const QUrl next = reply->url().resolved(QUrl(QString::fromLatin1(reply->rawHeader("Location"))));
            if (++m_redirects > maxRedirects)
                return fail(QStringLiteral("%1: more than %2 redirects").arg(file.path).arg(maxRedirects));
            return fetch(next, next.host() == QUrl(hubEndpoint()).host());
        }
        if (status == 429 || status >= 500 || status == 0 || m_refused || reply->error() != QNetworkReply::NoError
            || m_offset < file.size) {
            if (status >= 400 && status != 429 && status < 500)
                return fail(httpError(status, file.path));
            if (status == 0 && !isTransient(reply->error()))
                return fail(QStringLiteral("%1: cannot reach %2: %3")
                                .arg(file.path, reply->url().host(), reply->errorString()));
            m_out->flush();
            return retryOrFail(status >= 400                   ? QStringLiteral("HTTP %1").arg(status)
                    : reply->error() != QNetworkReply::NoError ? reply->errorString()
                                                               : QStringLiteral("the connection closed early"));
        }
    }
    // The whole file: its hash, then into blobs/ and the snapshot.
    const QString hash = m_hash->hex();
    m_out->close();
    if (hash != file.etag()) {
        m_out->remove();
        m_out.reset();
        return fail(QStringLiteral("%1: the content does not match the Hub's %2 (%3 expected, %4 received); the file "
                                   "was deleted, run again to fetch it anew")
                        .arg(file.path, file.isLfs() ? QStringLiteral("SHA-256") : QStringLiteral("git hash"),
                            file.etag(), hash));
    }
    const QString blob = m_store.blobPath(file);
    QFile::remove(blob);
    if (!m_out->rename(blob))
        return fail(QStringLiteral("%1: cannot rename %2 to %3").arg(file.path, m_out->fileName(), blob));
    m_out.reset();
    if (const QString why = m_store.link(m_listing.commit, file); !why.isEmpty())
        return fail(why);
    m_doneBefore += file.size;
    m_tries = 0;
    ++m_next;
    nextFile();
}

void HubDownload::retryOrFail(const QString &why)
{
    const QString what
        = m_listing.commit.isEmpty() ? QStringLiteral("the model info of %1").arg(m_repo.id) : m_files[m_next].path;
    if (m_tries >= m_options.retries)
        return fail(
            QStringLiteral("%1: %2, and %3 retries did not help; run again to resume").arg(what, why).arg(m_tries));
    ++m_tries;
    const int delay = m_options.backoffMs << std::min(m_tries - 1, 6);
    Q_EMIT progress(m_doneBefore + m_offset, totalBytes(), what,
        QStringLiteral("retry %1 of %2 in %3 s: %4")
            .arg(m_tries)
            .arg(m_options.retries)
            .arg(delay / 1000.0, 0, 'f', 1)
            .arg(why));
    QTimer::singleShot(delay, this, [this] {
        if (m_finished)
            return;
        if (m_listing.commit.isEmpty())
            return start();
        m_out.reset();
        nextFile(); // reopens the partial file and resumes it
    });
}

void HubDownload::fail(const QString &error)
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_out)
        m_out->close();
    Q_EMIT finished(error);
}

HubSearch::HubSearch(QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
{
    QNetworkProxyFactory::setUseSystemConfiguration(true);
}

void HubSearch::search(const QString &text, int limit)
{
    if (QPointer<QNetworkReply> older = std::exchange(m_reply, nullptr))
        older->abort(); // only the newest search answers
    if (hubOffline())
        return Q_EMIT found({}, QStringLiteral("HF_HUB_OFFLINE is set: the Hub is not searched"));
    QUrl url(hubEndpoint() + QStringLiteral("/api/models"));
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("search"), text.trimmed());
    query.addQueryItem(QStringLiteral("sort"), QStringLiteral("downloads"));
    query.addQueryItem(QStringLiteral("direction"), QStringLiteral("-1"));
    query.addQueryItem(QStringLiteral("limit"), QString::number(limit));
    // Only the fields the list shows (asking for one field drops the others the Hub would send).
    for (const char *field : {"downloads", "config", "safetensors"})
        query.addQueryItem(QStringLiteral("expand"), QString::fromLatin1(field));
    url.setQuery(query);
    QNetworkRequest request(url);
    request.setTransferTimeout(30000);
    m_reply = m_network->get(request);
    connect(m_reply, &QNetworkReply::finished, this, [this, reply = m_reply.data()] {
        reply->deleteLater();
        if (reply != m_reply)
            return; // replaced by a newer search
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        if (status != 200)
            return Q_EMIT found({},
                status ? QStringLiteral("the Hub's search answered HTTP %1").arg(status)
                       : QStringLiteral("cannot reach the Hub at %1: %2").arg(hubEndpoint(), reply->errorString()));
        QString error;
        std::optional<std::vector<SearchResult>> results = parseSearch(reply->read(maxListingBytes), &error);
        Q_EMIT found(results ? *results : std::vector<SearchResult> {}, error);
    });
}

} // namespace qkv::hub
