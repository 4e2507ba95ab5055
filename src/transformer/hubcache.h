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

// `location` itself, or for "hf:NAME" the snapshot folder of NAME. Throws Refusal.
QString resolveLocation(const QString &location);

// A usable model of the cache: config.json of a supported family and safetensors weights.
struct CachedModel {
    QString name; // as hf:NAME takes it
    QString folder;
    QString modelType;
    QString family;
    int layers = 0;
    int heads = 0;
    qint64 parameters = 0;
    qint64 bytes = 0; // of the weight files
};

// Every usable model in the cache, sorted by name; headers read, weights not.
std::vector<CachedModel> listCachedModels();

} // namespace qkv::transformer
