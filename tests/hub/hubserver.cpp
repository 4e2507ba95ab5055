#include "hubserver.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

#include <memory>

namespace qkv::test {
namespace {

QByteArray reason(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 206:
        return "Partial Content";
    case 302:
        return "Found";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 416:
        return "Range Not Satisfiable";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    default:
        return "Service Unavailable";
    }
}

} // namespace

HubServer::HubServer()
{
    listen(QHostAddress::LocalHost);
    connect(this, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = nextPendingConnection()) {
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            auto buffer = std::make_shared<QByteArray>(); // goes with the connection, and the socket
            connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
                buffer->append(socket->readAll());
                const qsizetype end = buffer->indexOf("\r\n\r\n");
                if (end < 0)
                    return;
                const QByteArray head = buffer->left(end);
                qint64 length = 0; // a POST's body follows the head
                for (const QByteArray &line : head.split('\n'))
                    if (line.toLower().startsWith("content-length:"))
                        length = line.mid(15).trimmed().toLongLong();
                if (buffer->size() < end + 4 + length)
                    return;
                const QByteArray body = buffer->mid(end + 4, length);
                buffer->remove(0, end + 4 + length);
                serve(socket, head, body);
            });
        }
    });
}

QString HubServer::endpoint() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(serverPort());
}

HubServer::Repo &HubServer::addModel(const QString &id, const QString &commit, const QByteArray &weights)
{
    Repo repo;
    repo.commit = commit;
    repo.files.insert(QStringLiteral("config.json"), {R"({"model_type": "gpt2"})", false});
    repo.files.insert(QStringLiteral("model.safetensors"), {weights, true});
    return *repos.insert(id, repo);
}

QByteArray HubServer::patternBytes(qsizetype size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    for (qsizetype i = 0; i < size; ++i)
        bytes[i] = char((i * 7919) >> 5);
    return bytes;
}

void HubServer::useFrom(const QString &cache) const
{
    qputenv("HF_ENDPOINT", endpoint().toLatin1());
    qputenv("HF_HUB_CACHE", cache.toLocal8Bit());
}

QString HubServer::gitBlobId(const QByteArray &content)
{
    return QString::fromLatin1(QCryptographicHash::hash(
        "blob " + QByteArray::number(content.size()) + '\0' + content, QCryptographicHash::Sha1)
                                   .toHex());
}

QString HubServer::sha256(const QByteArray &content)
{
    return QString::fromLatin1(QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex());
}

const QString &HubServer::File::sha256Of() const
{
    if (sha.isEmpty())
        sha = sha256(content);
    return sha;
}

const QString &HubServer::File::blobIdOf() const
{
    if (blob.isEmpty())
        blob = gitBlobId(content);
    return blob;
}

QByteArray HubServer::listing(const QString &id) const
{
    const Repo &repo = *repos.constFind(id); // the stored one: its files keep their hashes
    if (!repo.listingOverride.isEmpty())
        return repo.listingOverride;
    QJsonArray siblings;
    for (auto it = repo.files.begin(); it != repo.files.end(); ++it) {
        QJsonObject s {{QStringLiteral("rfilename"), it.key()}, {QStringLiteral("size"), it->content.size()},
            {QStringLiteral("blobId"), it->blobIdOf()}};
        if (it->lfs)
            s.insert(QStringLiteral("lfs"),
                QJsonObject {{QStringLiteral("sha256"), it->sha256Of()}, {QStringLiteral("size"), it->content.size()},
                    {QStringLiteral("pointerSize"), 134}});
        siblings.append(s);
    }
    QJsonObject o {
        {QStringLiteral("id"), id}, {QStringLiteral("sha"), repo.commit}, {QStringLiteral("siblings"), siblings}};
    if (!repo.modelType.isEmpty()) // empty: as a Hub that does not read config.json
        o.insert(QStringLiteral("config"), QJsonObject {{QStringLiteral("model_type"), repo.modelType}});
    if (!repo.token.isEmpty())
        o.insert(QStringLiteral("gated"), QStringLiteral("manual"));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonArray HubServer::treeEntries(const Repo &repo, const QStringList &paths, bool expand)
{
    QJsonArray entries;
    for (const QString &path : paths) {
        const File &f = *repo.files.constFind(path);
        QJsonObject e {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("path"), path},
            {QStringLiteral("oid"), f.blobIdOf()}, {QStringLiteral("size"), f.content.size()}};
        if (f.lfs)
            e.insert(QStringLiteral("lfs"),
                QJsonObject {{QStringLiteral("oid"), f.sha256Of()}, {QStringLiteral("size"), f.content.size()},
                    {QStringLiteral("pointerSize"), 134}});
        if (expand) // the commit that last changed it: here every file's is the repository's
            e.insert(QStringLiteral("lastCommit"),
                QJsonObject {{QStringLiteral("id"), repo.commit}, {QStringLiteral("title"), QStringLiteral("Upload")},
                    {QStringLiteral("date"), QStringLiteral("2026-11-30T12:00:00.000Z")}});
        entries.append(e);
    }
    return entries;
}

bool HubServer::takeFault(const QString &path, Fault *fault)
{
    for (auto it = faults.begin(); it != faults.end(); ++it)
        if (path.endsWith(it->path)) {
            *fault = *it;
            if (--it->times <= 0)
                faults.erase(it);
            return true;
        }
    return false;
}

void HubServer::serve(QTcpSocket *socket, const QByteArray &head, const QByteArray &requestBody)
{
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
    const QUrl url(QString::fromLatin1(first.value(1)));
    const QString path = QUrl::fromPercentEncoding(url.path().toLatin1());
    QByteArray range, authorization;
    for (const QByteArray &line : lines) {
        if (line.toLower().startsWith("range:"))
            range = line.mid(6).trimmed();
        if (line.toLower().startsWith("authorization:"))
            authorization = line.mid(14).trimmed();
    }
    requests << QStringLiteral("%1 %2 %3").arg(QString::fromLatin1(first.value(0)), path, QString::fromLatin1(range));
    authorizations << authorization;
    const auto answer = [&](int status, const QList<std::pair<QByteArray, QByteArray>> &headers, const QByteArray &body,
                            qint64 declared = -1) {
        QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) + "\r\n";
        for (const auto &[name, value] : headers)
            out += name + ": " + value + "\r\n";
        out += "Content-Length: " + QByteArray::number(declared >= 0 ? declared : body.size())
            + "\r\nConnection: close\r\n\r\n";
        socket->write(out);
        if (paceBytesPerMs <= 0 || body.size() <= paceBytesPerMs) {
            socket->write(body);
            socket->disconnectFromHost();
            return;
        }
        // Paced: a slice every 10 ms, until the body is out or the client is gone.
        auto *timer = new QTimer(socket);
        auto sent = std::make_shared<qsizetype>(0);
        QObject::connect(timer, &QTimer::timeout, socket, [socket, timer, sent, body, slice = paceBytesPerMs * 10] {
            if (socket->state() != QAbstractSocket::ConnectedState) {
                timer->stop();
                return;
            }
            socket->write(body.mid(*sent, slice));
            *sent += slice;
            if (*sent >= body.size()) {
                timer->stop();
                socket->disconnectFromHost();
            }
        });
        timer->start(10);
    };
    Fault fault;
    const bool faulty = takeFault(path, &fault);
    if (faulty && fault.status)
        return answer(fault.status, {}, "busy");
    if (faulty && fault.redirectLoop)
        return answer(302, {{"Location", path.toLatin1()}}, {});
    // The search: repositories whose id contains the text, most downloaded first.
    if (path == u"/api/models") {
        // As the Hub: "expand" fields replace the default ones (id, downloads, likes, …).
        const QUrlQuery query(url);
        const QString text = query.queryItemValue(QStringLiteral("search"));
        const QStringList expand = query.allQueryItemValues(QStringLiteral("expand"));
        QJsonArray found;
        for (auto it = repos.begin(); it != repos.end(); ++it) {
            if (!it.key().contains(text))
                continue;
            QJsonObject o {{QStringLiteral("id"), it.key()}};
            if (expand.isEmpty() || expand.contains(u"downloads"_qs))
                o.insert(QStringLiteral("downloads"), it->downloads);
            if (expand.contains(u"config"_qs) || query.queryItemValue(QStringLiteral("config")) == u"true"_qs)
                o.insert(QStringLiteral("config"), QJsonObject {{QStringLiteral("model_type"), it->modelType}});
            if (expand.contains(u"safetensors"_qs) && !it->parameters.isEmpty()) {
                QJsonObject counts;
                qint64 total = 0;
                for (auto p = it->parameters.begin(); p != it->parameters.end(); ++p) {
                    counts.insert(p.key(), p.value());
                    total += p.value();
                }
                o.insert(QStringLiteral("safetensors"),
                    QJsonObject {{QStringLiteral("parameters"), counts}, {QStringLiteral("total"), total}});
            }
            found.append(o);
        }
        return answer(200, {{"Content-Type", "application/json"}}, QJsonDocument(found).toJson(QJsonDocument::Compact));
    }
    // The model info, the file tree and the paths' info (@huggingface/hub's snapshotDownload).
    if (path.startsWith(u"/api/models/")) {
        const QString rest = path.mid(12);
        static const QRegularExpression route(QStringLiteral("^(.+)/(revision|tree|paths-info)/([^/]+)"));
        const QRegularExpressionMatch m = route.match(rest);
        const QString id = m.captured(1), kind = m.captured(2);
        if (!m.hasMatch() || !repos.contains(id))
            return answer(404, {{"X-Error-Code", "RepoNotFound"}}, R"({"error":"Repository not found"})");
        if (kind == u"revision")
            return answer(200, {{"Content-Type", "application/json"}}, listing(id));
        QStringList paths = repos[id].files.keys();
        const QJsonObject asked = QJsonDocument::fromJson(requestBody).object();
        if (kind == u"paths-info") {
            paths.clear();
            for (const QJsonValue v : asked.value(u"paths").toArray())
                if (repos[id].files.contains(v.toString()))
                    paths << v.toString();
        }
        const bool expand
            = asked.value(u"expand").toBool() || QUrlQuery(url).queryItemValue(u"expand"_qs) == u"true"_qs;
        return answer(200, {{"Content-Type", "application/json"}},
            QJsonDocument(treeEntries(repos[id], paths, expand)).toJson(QJsonDocument::Compact));
    }
    // An LFS file's content, by its SHA-256, with ranges.
    QByteArray content;
    const File *served = nullptr;
    bool found = false;
    if (path.startsWith(u"/lfs/")) {
        const QString sha = path.mid(5);
        for (const Repo &repo : std::as_const(repos))
            for (const File &f : repo.files)
                if (f.lfs && f.sha256Of() == sha) {
                    content = f.content;
                    served = &f;
                    found = true;
                }
    } else if (const qsizetype at = path.indexOf(u"/resolve/"); at > 0) {
        const QString id = path.mid(1, at - 1);
        const QString rest = path.mid(at + 9);
        const QString commit = rest.left(rest.indexOf(u'/')), file = rest.mid(rest.indexOf(u'/') + 1);
        if (!repos.contains(id) || repos[id].commit != commit || !repos[id].files.contains(file))
            return answer(404, {}, "Entry not found");
        const Repo &repo = repos[id];
        if (!repo.token.isEmpty() && authorization != "Bearer " + repo.token)
            return answer(401, {}, "Access to this model is restricted");
        const File &f = *repo.files.constFind(file); // the stored one, not a copy
        if (f.lfs)
            return answer(302,
                {{"Location",
                     (lfsOnOtherHost ? "http://localhost:" + QByteArray::number(serverPort()) : QByteArray()) + "/lfs/"
                         + f.sha256Of().toLatin1()},
                    {"X-Repo-Commit", commit.toLatin1()}, {"X-Linked-Etag", '"' + f.sha256Of().toLatin1() + '"'},
                    {"X-Linked-Size", QByteArray::number(f.content.size())},
                    {"ETag", '"' + f.blobIdOf().toLatin1() + '"'}},
                {});
        content = f.content;
        served = &f;
        found = true;
    }
    if (!found)
        return answer(404, {}, "Entry not found");
    // "bytes=FROM-" or "bytes=FROM-TO" (TO included).
    qint64 from = 0, to = content.size() - 1;
    if (range.startsWith("bytes=")) {
        from = range.mid(6, range.indexOf('-') - 6).toLongLong();
        if (const QByteArray last = range.mid(range.indexOf('-') + 1); !last.isEmpty())
            to = std::min(to, last.toLongLong());
    }
    if (from > content.size() || (!range.isEmpty() && from > to && from > 0))
        return answer(416, {}, {});
    QByteArray body = content.mid(from, to - from + 1);
    if (faulty && fault.flipByte >= 0 && fault.flipByte < body.size())
        body[fault.flipByte] = char(body[fault.flipByte] ^ 0x5a);
    if (faulty)
        body += QByteArray(fault.extraBytes, 'x');
    const qint64 declared = body.size();
    if (faulty && fault.closeAfter >= 0)
        body = body.left(fault.closeAfter);
    if (faulty && fault.stall)
        body.clear();
    bodyBytesSent += body.size();
    QList<std::pair<QByteArray, QByteArray>> headers {{"ETag", '"' + served->blobIdOf().toLatin1() + '"'}};
    const bool partial = !range.isEmpty();
    if (partial)
        headers.append({"Content-Range",
            "bytes " + QByteArray::number(from) + '-' + QByteArray::number(from + body.size() - 1) + '/'
                + QByteArray::number(content.size())});
    if (faulty && fault.stall) { // the headers, then silence: the socket stays open
        QByteArray out = "HTTP/1.1 " + QByteArray::number(partial ? 206 : 200)
            + " OK\r\nContent-Length: " + QByteArray::number(declared) + "\r\n\r\n";
        socket->write(out);
        return;
    }
    answer(partial ? 206 : 200, headers, body, declared);
}

} // namespace qkv::test
