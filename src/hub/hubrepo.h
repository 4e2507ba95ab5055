#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace qkv::hub {

// A repository of the Hugging Face Hub and the revision asked for: "gpt2", "org/name@main",
// "org/name@<commit>", or a pasted page address (https://huggingface.co/org/name/tree/main); and
// for a repository of GGUF files, the one quantization wanted: "org/name-GGUF:Q4_K_M".
struct RepoRef {
    QString id; // "gpt2", "HuggingFaceTB/SmolLM2-135M"
    QString revision = QStringLiteral("main");
    QString quantization; // "Q4_K_M" (upper case); empty: not a GGUF file

    // models--ORG--NAME: the repository's folder in the cache.
    QString cacheFolderName() const;
};

// Refuses (with `error` saying why) an id or revision with "..", control characters, spaces,
// more than one slash or characters the Hub does not allow, so no id can name a path outside
// its folder in the cache.
std::optional<RepoRef> parseRepo(const QString &text, QString *error);
bool isValidRevision(const QString &revision);
// A commit hash (40 hex digits): a revision that never moves.
bool isCommitHash(const QString &revision);

// Where the Hub is: HF_ENDPOINT (a mirror, or the tests' server), else https://huggingface.co.
QString hubEndpoint();
// The access token for gated and private repositories: HF_TOKEN, else the token file under
// HF_HOME (~/.cache/huggingface/token). Empty: none. Never printed.
QByteArray hubToken();
// HF_HUB_OFFLINE set to 1, true, yes or on: no network use at all.
bool hubOffline();

} // namespace qkv::hub
