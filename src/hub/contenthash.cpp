#include "hub/contenthash.h"

#include "hub/hublisting.h"

#include <openssl/evp.h>

namespace qkv::hub {

struct ContentHash::Context {
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    ~Context() { EVP_MD_CTX_free(md); }
};

ContentHash::ContentHash(const RepoFile &file)
    : m_context(std::make_unique<Context>())
    , m_lfs(file.isLfs())
    , m_size(file.size)
{
    reset();
}

ContentHash::~ContentHash() = default;

void ContentHash::reset()
{
    EVP_DigestInit_ex(m_context->md, m_lfs ? EVP_sha256() : EVP_sha1(), nullptr);
    if (!m_lfs)
        add(QByteArrayLiteral("blob ") + QByteArray::number(m_size) + '\0');
}

void ContentHash::add(const char *data, qsizetype size)
{
    EVP_DigestUpdate(m_context->md, data, std::size_t(size));
}

QString ContentHash::hex()
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(m_context->md, digest, &length);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(digest), int(length)).toHex());
}

} // namespace qkv::hub
