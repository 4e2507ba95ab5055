#pragma once

#include <QString>

#include <vector>

namespace qkv::transformer {

// The Hugging Face hub cache folder, found as huggingface_hub finds it: HF_HUB_CACHE (or the
// older HUGGINGFACE_HUB_CACHE), else HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub, else
// ~/.cache/huggingface/hub.
QString hubCacheFolder();

// The snapshot folder of repository `spec` ("gpt2", "HuggingFaceTB/SmolLM2-135M"):
// models--OWNER--NAME/snapshots/REV, REV named by refs/main, else the only or newest snapshot;
// "NAME@REVISION" names a branch or tag (refs/REVISION) or a commit. Throws Refusal saying where
// it looked.
QString hubSnapshot(const QString &spec);

// `location` itself; for "hf:NAME" the snapshot folder of NAME, for "hf:NAME:Q4_K_M" its .gguf
// file of that quantization, for "ollama:NAME:TAG" the blob of Ollama's model. Throws Refusal.
QString resolveLocation(const QString &location);

// A usable model on this computer: of the Hugging Face cache (config.json of a supported family
// and safetensors weights, or a .gguf file), of Ollama's store or of LM Studio's folders (GGUF).
struct CachedModel {
    QString name; // as people know it: "gpt2", "llama3.2:1b", the file's name
    QString location; // as the command line and the window open it: "hf:gpt2", "ollama:llama3.2:1b"
    QString folder; // the snapshot folder, or the GGUF file
    QString modelType;
    QString family;
    int layers = 0;
    int heads = 0;
    qint64 parameters = 0;
    qint64 bytes = 0; // of the weight files
};

// Every usable model: the cache's safetensors ones sorted by name, then the GGUF ones of Ollama,
// LM Studio and the cache; headers read, weights not.
std::vector<CachedModel> listCachedModels();

} // namespace qkv::transformer
