#pragma once

#include "modelfiles/modelattention.h"
#include "tokenizers/tokenizer.h"
#include "transformer/forward.h"
#include "transformer/model.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
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
    // A model folder (config.json, safetensors, tokenizer), hf:NAME from the Hugging Face cache
    // or example:NAME of a model built into the program. Returns null and sets `error` naming
    // the file and the problem. `progress` hears the weights being readied (Model::open).
    static std::shared_ptr<const LiveModel> open(
        const QString &location, QString *error, const transformer::OpenProgress &progress = {});

    const transformer::Model &model() const { return *m_model; }
    const tokenizers::Tokenizer &tokenizer() const { return *m_tokenizer; }
    QString location() const { return m_location; }

    tokenizers::Encoding encode(const QString &sentence) const { return m_tokenizer->encode(sentence); }

    // What the model folder's qkvlab.json suggests showing first: a sentence, and a layer and
    // head (both -1 when it names none).
    QString exampleSentence() const { return m_example; }
    // An encoder-decoder model (T5): it runs on a source sentence and a target so far.
    bool isEncoderDecoder() const { return m_model->config().family == transformer::Family::T5; }
    // The target the model's own example continues (qkvlab.json's "target"), for encoder-decoder models.
    QString exampleTarget() const { return m_exampleTarget; }
    int shownLayer() const { return m_shownLayer; }
    int shownHead() const { return m_shownHead; }

private:
    QString m_location;
    std::shared_ptr<const transformer::Model> m_model;
    std::shared_ptr<const tokenizers::Tokenizer> m_tokenizer;
    QString m_example;
    QString m_exampleTarget;
    int m_shownLayer = -1;
    int m_shownHead = -1;
};

// One sentence through every layer: the tokens as the model sees them, and every layer's
// attention with the heads' queries, keys (after rotary positions) and values, in the form a
// model's attention file is read into, so every view, option and export of those files works
// on it. Predictions at the last token (causal LM), at every [MASK] (BERT), or of the target's
// next token (T5, whose attention holds the decoder's and the cross-attention beside the encoder's).
struct NextToken; // nexttoken.h

struct LiveRun {
    QString error; // empty on success
    bool cancelled = false;
    QString sentence;
    QString target; // an encoder-decoder model's target so far
    std::vector<int> ids;
    std::shared_ptr<const ModelAttention> attention;
    std::vector<Prediction> predictions;
    bool causal = false; // predictions are the next token's, not [MASK]s'
    // The tokens whose rows the predictions are at: the decoder's for an encoder-decoder model.
    const QStringList &predictionTokens() const
    {
        return attention->decoder ? attention->decoder->tokens : attention->tokens;
    }
    // Every layer's numbers and residual stream, from which an intervention recomputes.
    std::shared_ptr<const transformer::ForwardResult> forward;
    // A preview of a run still computing: its layers up to one (attention and forward alike hold
    // just those), no predictions yet.
    bool preview = false;
    // A causal language model's distribution after its last token, the row the window reads first:
    // computed with the run, so that taking the run in does no softmax over the vocabulary.
    std::shared_ptr<const NextToken> lastNext;
    explicit operator bool() const { return error.isEmpty() && !cancelled; }
};

// Past this many bytes in float32, a run keeps its attention in float16 (ModelAttention's
// halfAttention): GPT-2 small passes it near 480 tokens, and at 1,024 keeps 302 MB, not 604.
inline constexpr qint64 defaultHalfAttentionAbove = qint64(128) << 20;
inline bool keptInHalf(qint64 weights, qint64 halfAbove)
{
    return weights * qint64(sizeof(float)) > halfAbove;
}

// Past this many bytes in float16, a run keeps no attention: each head's is computed again from its
// query and key when shown (ModelAttention's recomputed), bit for bit as the run computed it. A
// SmolLM2-135M at 4,096 tokens would keep 9 GB, a Llama 3.2 1B at 2,048 tokens 4.3 GB.
inline constexpr qint64 defaultRecomputeAttentionAbove = qint64(1) << 30;

// What a run on `tokens` tokens keeps of attention, every layer's and head's weights (an
// encoder-decoder model's encoder): how many, their bytes in float16 or float32, and whether
// they are kept in float16 or not kept at all but recomputed.
struct AttentionMemory {
    qint64 weights = 0;
    qint64 bytes = 0;
    bool half = false;
    bool recomputed = false;
};
AttentionMemory attentionMemory(const transformer::Config &config, qint64 tokens,
    qint64 halfAbove = defaultHalfAttentionAbove, qint64 recomputeAbove = defaultRecomputeAttentionAbove);

struct RunOptions {
    int topK = 10;
    qint64 halfAttentionAbove = defaultHalfAttentionAbove; // 0: always float16, for tests
    qint64 recomputeAttentionAbove = defaultRecomputeAttentionAbove; // 0: always recomputed (not T5)
    QString target; // an encoder-decoder model's target so far (ignored by other models)
    std::vector<transformer::Intervention> interventions;
    // A run of the same sentence: the layers before the first one the interventions change are
    // taken from it instead of computed again.
    const LiveRun *previous = nullptr;
    const std::atomic<bool> *cancel = nullptr; // looked at between layers
    std::function<void(int, int)> progress; // (layers done, layers), on the computing thread
    // A new sentence's run (without interventions, of one stack) hands `preview` its layers up to
    // `previewLayer` as soon as they are computed, when the layers after them look like taking
    // longer than `previewAfterMs` yet: a long document or a large model shows the layer one
    // looks at seconds before the whole run is done. On the computing thread.
    int previewLayer = -1;
    double previewAfterMs = 1000;
    std::function<void(std::shared_ptr<const LiveRun>)> preview;
};

LiveRun run(const LiveModel &live, const QString &sentence, const RunOptions &runOptions);
inline LiveRun run(const LiveModel &model, const QString &sentence, int topK = 10)
{
    RunOptions options;
    options.topK = topK;
    return run(model, sentence, options);
}

// A forward pass's attention (with queries, keys and values) over token `ids` of `live`, in the
// form a model's attention file is read into (for the .npz the exporter writes).
std::shared_ptr<ModelAttention> attentionOf(const LiveModel &live, const transformer::ForwardResult &result);

// Every token's probability at prediction `index` of `run` (one with that prediction's logits).
Eigen::VectorXd probabilities(const LiveRun &run, int index);
// The softmax of a logits row, in double.
Eigen::VectorXd softmax(const Eigen::VectorXf &logits);

// A predicted token with its probability before and after interventions.
struct ComparedToken {
    QString token;
    int id = 0;
    double before = 0; // in the model's own run
    double after = 0; // with the interventions
};
// For prediction `index` (a position both runs predict at): the tokens of either run's top
// `count`, most probable after first, each with both probabilities (from the whole distribution,
// so a token that left or entered the top still has its number).
std::vector<ComparedToken> compare(
    const LiveModel &model, const LiveRun &before, const LiveRun &after, int index, int count);
// The same for two distributions over the vocabulary and their top lists.
std::vector<ComparedToken> compareTops(const LiveModel &model, const Eigen::VectorXd &before,
    const std::vector<PredictedToken> &topBefore, const Eigen::VectorXd &after,
    const std::vector<PredictedToken> &topAfter, int count);

// Whether a FILE argument names a model to run rather than a file to read: hf:NAME, a folder
// holding config.json, or a GGUF file.
bool isModelLocation(const QString &argument);

// A model found by its name wherever this computer keeps it (hf:NAME, ollama:NAME:TAG, a
// built-in example:NAME), which documents and recent files keep as the name, not as a path.
bool isNamedModel(const QString &location);
// The name people know a model by: "gpt2" for hf:gpt2, "llama3.2:1b" for ollama:llama3.2:1b, a
// folder's or file's own name.
QString modelShortName(const QString &location);

} // namespace qkv::live
