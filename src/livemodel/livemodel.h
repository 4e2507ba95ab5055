#pragma once

#include "modelattention.h"
#include "tokenizers/tokenizer.h"
#include "transformer/model.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace qkv::live {

// A model's most likely tokens at one position: the next token of a causal LM (after the last
// token), or what fills a [MASK] of BERT.
struct PredictedToken {
    QString token; // as people read it (tokenizers::Tokenizer::display)
    int id = 0;
    double probability = 0;
};
struct Prediction {
    int position = 0; // the token whose row gave the logits
    std::vector<PredictedToken> top;
};

// A checkpoint with its tokenizer, opened once and run on any sentence.
class LiveModel
{
public:
    // A model folder (config.json, safetensors, tokenizer) or hf:NAME from the Hugging Face cache.
    // Returns null and sets `error` naming the file and the problem.
    static std::shared_ptr<const LiveModel> open(const QString &location, QString *error);

    const transformer::Model &model() const { return *m_model; }
    const tokenizers::Tokenizer &tokenizer() const { return *m_tokenizer; }
    QString location() const { return m_location; }

    tokenizers::Encoding encode(const QString &sentence) const { return m_tokenizer->encode(sentence); }

private:
    QString m_location;
    std::shared_ptr<const transformer::Model> m_model;
    std::shared_ptr<const tokenizers::Tokenizer> m_tokenizer;
};

// One sentence through every layer: the tokens as the model sees them, and every layer's
// attention with the heads' queries, keys (after rotary positions) and values, in the form a
// model's attention file is read into, so every view, option and export of those files works
// on it. Predictions at the last token (causal LM) or at every [MASK] (BERT).
struct LiveRun {
    QString error; // empty on success
    std::vector<int> ids;
    std::shared_ptr<const ModelAttention> attention;
    std::vector<Prediction> predictions;
    bool causal = false; // predictions are the next token's, not [MASK]s'
    explicit operator bool() const { return error.isEmpty(); }
};

LiveRun run(const LiveModel &model, const QString &sentence, int topK = 10);

// Whether a FILE argument names a model to run rather than a file to read: hf:NAME, or a folder
// holding config.json.
bool isModelLocation(const QString &argument);

} // namespace qkv::live
