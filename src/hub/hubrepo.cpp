#include "hub/hubrepo.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QUrl>

namespace qkv::hub {
namespace {

// The Hub's own rule for a name part: letters, digits, '-', '_', '.', at most 96 characters,
// not starting or ending with '-' or '.', and no "--" or "..".
bool isValidNamePart(const QString &part)
{
    static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?$"));
    return allowed.match(part).hasMatch() && !part.contains(u"--") && !part.contains(u"..");
}

QString homeFolder()
{
    if (QString home = qEnvironmentVariable("HF_HOME"); !home.isEmpty())
        return home;
    const QString xdg = qEnvironmentVariable("XDG_CACHE_HOME");
    return (xdg.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache") : xdg) + QStringLiteral("/huggingface");
}

} // namespace

QString RepoRef::cacheFolderName() const
{
    return QStringLiteral("models--") + QString(id).replace(u'/', QStringLiteral("--"));
}

bool isValidRevision(const QString &revision)
{
    // Branch and tag names as git allows them, less what could leave a folder: no "..", no
    // control characters, no backslash, no leading '/', '-' or '.'. A ref's slashes are encoded
    // in URLs and never used as path parts.
    if (revision.isEmpty() || revision.size() > 255 || revision.contains(u"..") || revision.startsWith(u'/')
        || revision.startsWith(u'-') || revision.startsWith(u'.') || revision.endsWith(u'/'))
        return false;
    for (const QChar c : revision)
        if (c.unicode() < 0x21 || c.unicode() == 0x7f || c == u'\\' || c == u'~' || c == u'^' || c == u':' || c == u'?'
            || c == u'*' || c == u'[')
            return false;
    return true;
}

bool isCommitHash(const QString &revision)
{
    static const QRegularExpression hash(QStringLiteral("^[0-9a-f]{40}$"));
    return hash.match(revision).hasMatch();
}

std::optional<RepoRef> parseRepo(const QString &text, QString *error)
{
    QString spec = text.trimmed();
    RepoRef ref;
    // A pasted page: https://huggingface.co/ORG/NAME[/tree|blob|resolve/REVISION[/…]]
    if (spec.startsWith(u"https://") || spec.startsWith(u"http://")) {
        // Split before decoding: a revision's slashes come encoded ("refs%2Fpr%2F1").
        const QUrl url(spec);
        QStringList parts = url.path(QUrl::FullyEncoded).split(u'/', Qt::SkipEmptyParts);
        for (QString &part : parts)
            part = QUrl::fromPercentEncoding(part.toUtf8());
        if (!parts.isEmpty() && parts.first() == u"models")
            parts.removeFirst();
        const qsizetype marker = std::max({parts.indexOf(QStringLiteral("tree")), parts.indexOf(QStringLiteral("blob")),
            parts.indexOf(QStringLiteral("resolve"))});
        if (marker > 0 && marker + 1 < parts.size()) {
            ref.revision = parts[marker + 1];
            parts = parts.mid(0, marker);
        }
        spec = parts.join(u'/');
    } else {
        if (spec.startsWith(u"hf:"))
            spec = spec.mid(3);
        // NAME[@REVISION][:QUANTIZATION]: neither a name nor a revision holds a colon.
        if (const qsizetype colon = spec.lastIndexOf(u':'); colon >= 0) {
            static const QRegularExpression quantization(QStringLiteral("^[A-Za-z0-9_]{1,32}$"));
            ref.quantization = spec.mid(colon + 1).toUpper();
            spec = spec.left(colon);
            if (!quantization.match(ref.quantization).hasMatch()) {
                *error = QStringLiteral("\"%1\" is not a quantization (Q4_K_M, Q8_0, …)").arg(ref.quantization);
                return std::nullopt;
            }
        }
        if (const qsizetype at = spec.lastIndexOf(u'@'); at >= 0) {
            ref.revision = spec.mid(at + 1);
            spec = spec.left(at);
        }
    }
    if (spec.startsWith(u"hf:"))
        spec = spec.mid(3);
    const QStringList parts = spec.split(u'/');
    if (spec.isEmpty() || parts.size() > 2) {
        *error = QStringLiteral("\"%1\" is not a repository: expected NAME or ORG/NAME").arg(text);
        return std::nullopt;
    }
    for (const QString &part : parts)
        if (!isValidNamePart(part)) {
            *error = QStringLiteral("\"%1\" is not a repository name: letters, digits, '-', '_' and '.' only, at "
                                    "most 96, no \"..\" or \"--\"")
                         .arg(part);
            return std::nullopt;
        }
    if (!isValidRevision(ref.revision)) {
        *error = QStringLiteral("\"%1\" is not a revision (a branch, tag or commit)").arg(ref.revision);
        return std::nullopt;
    }
    ref.id = spec;
    return ref;
}

QString hubEndpoint()
{
    QString endpoint = qEnvironmentVariable("HF_ENDPOINT");
    while (endpoint.endsWith(u'/'))
        endpoint.chop(1);
    return endpoint.isEmpty() ? QStringLiteral("https://huggingface.co") : endpoint;
}

QByteArray hubToken()
{
    if (QByteArray token = qgetenv("HF_TOKEN").trimmed(); !token.isEmpty())
        return token;
    QString file = qEnvironmentVariable("HF_TOKEN_PATH");
    if (file.isEmpty())
        file = homeFolder() + QStringLiteral("/token");
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly) || f.size() > 4096)
        return {};
    return f.readAll().trimmed();
}

bool hubOffline()
{
    const QString v = qEnvironmentVariable("HF_HUB_OFFLINE").trimmed().toLower();
    return v == u"1" || v == u"true" || v == u"yes" || v == u"on";
}

} // namespace qkv::hub
