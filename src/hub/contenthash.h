#pragma once

#include <QByteArray>
#include <QString>

#include <memory>

namespace qkv::hub {

struct RepoFile;

// The content hash the Hub lists for a file, computed as its bytes arrive: SHA-256 for an LFS
// file, else the git blob SHA-1 ("blob <size>\0" then the bytes). OpenSSL's libcrypto, which uses
// the CPU's SHA instructions: 1.7 GB/s on the AMD EPYC where QCryptographicHash's SHA-256 makes
// 0.11 GB/s, so that hashing never holds a download back.
class ContentHash
{
public:
    explicit ContentHash(const RepoFile &file);
    ~ContentHash();
    ContentHash(const ContentHash &) = delete;
    ContentHash &operator=(const ContentHash &) = delete;

    // From the start again (the server sent the whole file where a range was asked).
    void reset();
    void add(const char *data, qsizetype size);
    void add(const QByteArray &bytes) { add(bytes.constData(), bytes.size()); }
    // Lower-case hex, as the Hub lists it; the hash ends here.
    QString hex();

private:
    struct Context;
    std::unique_ptr<Context> m_context;
    bool m_lfs;
    qint64 m_size;
};

} // namespace qkv::hub
