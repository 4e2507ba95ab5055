#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace qkv::hub {

// One file of a repository at a commit, as the Hub's model info lists it (?blobs=true).
struct RepoFile {
    QString path; // "config.json", "onnx/model.onnx": relative, checked
    qint64 size = 0;
    QString blobId; // the git blob SHA-1: a regular file's ETag and content hash
    QString sha256; // an LFS file's: its X-Linked-Etag and content hash; empty for a regular file

    bool isLfs() const { return !sha256.isEmpty(); }
    // The name of its blob in the cache, as huggingface_hub names it: the ETag.
    const QString &etag() const { return isLfs() ? sha256 : blobId; }
};

// A repository at one commit: what `api/models/REPO/revision/REV?blobs=true` answers.
struct RepoListing {
    QString id;
    QString commit; // 40 hex digits
    std::vector<RepoFile> files;
    QString gated; // "auto" or "manual" when its terms must be accepted; empty: open
    QString modelType; // config.model_type, when the Hub knows it
};

// Parses and checks an answer: the commit, and each file's path (relative, no "..", no control
// characters or backslashes, not a folder of another, at most 1,000 files, no two alike), size
// and hashes. A problem is placed at its JSON path in `error`.
std::optional<RepoListing> parseListing(const QByteArray &bytes, QString *error);

// The files a model needs and nothing twice: its configuration and tokenizer files and its
// weights in one format only, safetensors (with their index); never the .bin, .h5, .onnx,
// .msgpack, .gguf or .ot duplicates of the same weights. With `include` patterns (shell globs,
// "*.json", "onnx/*"), the files matching any of them instead; with a `quantization`, the GGUF
// files of it (one model, or the parts of one).
std::vector<RepoFile> chooseFiles(
    const RepoListing &listing, const QStringList &include = {}, const QString &quantization = {});

// The quantizations of the repository's GGUF files ("Q4_K_M", "Q8_0"), as their names say.
QStringList ggufQuantizations(const RepoListing &listing);

// "665 B", "12.3 kB", "548.1 MB", "1.52 GB": a size as the download reports it (decimal units, as
// the Hub shows sizes).
QString byteSize(qint64 bytes);

// The model search API's answer: repositories with their downloads and, where the Hub has read
// their safetensors headers, their parameters and the bytes those take.
struct SearchResult {
    QString id;
    qint64 downloads = 0;
    QString modelType;
    qint64 parameters = 0; // 0: not known
    qint64 weightBytes = 0; // 0: not known (no safetensors, or a type this program does not know)
};
std::optional<std::vector<SearchResult>> parseSearch(const QByteArray &bytes, QString *error);

} // namespace qkv::hub
