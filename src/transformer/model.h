#pragma once

#include "transformer/config.h"
#include "transformer/modelweights.h"
#include "transformer/weightstore.h"

#include <QString>

#include <functional>
#include <memory>

namespace qkv::transformer {

class Model;

// Told, from any thread, how many of the weights' bytes are ready of how many; returning false
// gives the open up (its result then says it was stopped).
using OpenProgress = std::function<bool(qint64 done, qint64 total)>;

struct OpenResult {
    std::shared_ptr<const Model> model;
    QString error; // names the file and the key or tensor when model is null
};

// A checkpoint opened for computing: config and float32 weights, immutable once open, so one
// Model is shared by any number of threads running forward passes.
class Model
{
public:
    // `location` is a folder (config.json, model.safetensors or shards with an index), a GGUF
    // file (llama.cpp's: its metadata, tensors and tokenizer) or hf:NAME, looked up in the
    // Hugging Face cache (hubcache.h). Never throws.
    static OpenResult open(const QString &location, const OpenProgress &progress = {});

    const Config &config() const { return m_config; }
    const ModelWeights &weights() const { return m_weights; }
    QString folder() const { return m_folder; } // where the tokenizer files are: a folder, or the GGUF file
    qint64 parameterCount() const { return m_store.parameterCount(); }
    // Of a GGUF file: its header, read once for the weights and the tokenizer alike.
    const GgufHeader *ggufHeader() const { return m_store.ggufHeader(); }
    qint64 fileBytes() const { return m_store.fileBytes(); }
    qint64 weightBytes() const { return m_store.usedBytes(); } // as float32
    qint64 ownedBytes() const { return m_store.ownedBytes(); } // widened copies in memory
    // Whether logits can be computed (a BERT without its masked-LM head cannot).
    bool hasLanguageHead() const { return m_weights.unembedding != nullptr; }

    Model(const Model &) = delete;
    Model &operator=(const Model &) = delete;

private:
    Model() = default;

    QString m_folder;
    Config m_config;
    WeightStore m_store;
    ModelWeights m_weights;
};

} // namespace qkv::transformer
