#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace qkv::transformer {

// The GGUF models other desktop tools keep: Ollama's store (manifests naming blobs) and LM
// Studio's folders, and the .gguf files of the Hugging Face cache.

// OLLAMA_MODELS, else ~/.ollama/models.
QString ollamaFolder();
// LM Studio's model folders that exist: LMSTUDIO_MODELS if set, ~/.lmstudio/models,
// ~/.cache/lm-studio/models.
QStringList lmStudioFolders();

// The digest of the model layer of an Ollama manifest ("sha256:" and 64 hex digits), the
// weights' blob; empty with `error` set when the manifest is not one (not JSON, no model layer,
// a digest of another form).
QString ollamaModelDigest(const QByteArray &manifest, QString *error);

// "ollama:NAME[:TAG]" ("llama3.2:1b", "user/model", "hf.co/org/repo:Q4_K_M"; tag "latest" when
// none) → the blob file of its weights in the store. Throws Refusal saying where it looked.
QString ollamaModelFile(const QString &spec);

// The .gguf file of a Hugging Face cache snapshot (`folder`) whose name holds `quantization`
// ("Q4_K_M", any case); Refusal when none or more than one do.
QString ggufInSnapshot(const QString &folder, const QString &quantization, const QString &spec);

// Every Ollama model of the store: "ollama:NAME:TAG" with its blob file.
struct LocalGguf {
    QString location; // as the command line and the window take it
    QString file;
};
std::vector<LocalGguf> listLocalGgufModels();

} // namespace qkv::transformer
