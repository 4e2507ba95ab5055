#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace qkv::transformer {

enum class Family { Gpt2, Bert, DistilBert, Llama, GptNeox, T5 };
enum class Activation { GeluTanh, GeluErf, Relu, Silu };

// rope_scaling of type "llama3" (Llama 3.1 and later) or "linear" (every frequency divided by the
// factor: Gemma 3's global layers); absent or "default" leaves rotary as is.
struct RopeScaling {
    bool llama3 = false;
    bool linear = false;
    // "longrope" (Phi-3's 128k models, Phi-3.5): each frequency divided by a factor of its own,
    // shortFactors up to originalMaxPositions tokens and longFactors beyond, cos and sin times
    // attentionFactor.
    bool longrope = false;
    std::vector<double> shortFactors, longFactors;
    double attentionFactor = 1;
    double factor = 1;
    double lowFreqFactor = 1;
    double highFreqFactor = 4;
    double originalMaxPositions = 8192;
};

// What config.json says, in one vocabulary for every family (the keys differ: n_embd, dim,
// hidden_size all become `hidden`).
struct Config {
    QString modelType; // as written: gpt2, bert, roberta, distilbert, llama, qwen2, gemma2, gpt_neox, …
    Family family = Family::Gpt2;
    int layers = 0;
    int heads = 0;
    int kvHeads = 0; // = heads except for grouped-query attention
    int hidden = 0;
    int headDim = 0;
    int intermediate = 0;
    int vocab = 0;
    int maxPositions = 0;
    int typeVocab = 0; // BERT's token types
    // RoBERTa: positions count from paddingIndex + 1 over the tokens that are not padding, a
    // padding token at paddingIndex itself; −1: positions 0, 1, 2, …
    int paddingIndex = -1;
    // Sliding-window attention: a query sees itself and the slidingWindow − 1 tokens before it, in
    // the layers marked in slidingLayers (empty: every layer). 0 = none.
    int slidingWindow = 0;
    std::vector<char> slidingLayers;
    float eps = 1e-5f;
    Activation activation = Activation::GeluTanh;
    double ropeTheta = 10000;
    double localRopeTheta = 0; // Gemma 3: the sliding layers' rotary base (unscaled); 0 = ropeTheta
    // Rotary positions turn the first `rotaryDims` of each head's columns (GPT-NeoX's rotary_pct,
    // Phi's partial_rotary_factor) and leave the rest; 0: the whole head.
    int rotaryDims = 0;
    bool parallelResidual = false; // GPT-NeoX: x + attention(norm₁ x) + mlp(norm₂ x)
    RopeScaling ropeScaling;
    // A GGUF file's rope_freqs: each inverse frequency divided by its factor (llama.cpp's form of
    // rope_scaling "llama3"); empty: none.
    std::vector<float> ropeFactors;
    bool tieEmbeddings = true;
    bool tieStated = false; // whether tie_word_embeddings was written at all
    bool attentionBias = false; // Llama's attention_bias: q/k/v/o biases required (Qwen2: q/k/v always)
    bool mlpBias = false; // Llama's mlp_bias
    // Gemma: scores are q·k / √queryPreAttnScalar (0: head_dim; T5: 1, unscaled), capped as c·tanh(s / c) where a
    // cap is set, embeddings multiplied by √hidden, and the logits capped too.
    double queryPreAttnScalar = 0;
    float attentionSoftcap = 0;
    float finalSoftcap = 0;
    bool scaleEmbeddings = false;
    bool normPlusOne = false; // Gemma's RMSNorms scale by 1 + weight (GGUF files store 1 + weight)
    // T5: a decoder of decoderLayers beside the encoder of `layers`, position biases from
    // relativeBuckets buckets (exact up to half of them, logarithmic up to relativeMaxDistance),
    // the decoder starting from decoderStart.
    int decoderLayers = 0;
    int relativeBuckets = 32;
    int relativeMaxDistance = 128;
    int decoderStart = 0;
    bool gatedMlp = false; // T5 v1.1: wi_0 the gate, wi_1 the up projection

    // The most tokens the learned positions hold.
    int positionLimit() const { return paddingIndex >= 0 ? maxPositions - paddingIndex - 1 : maxPositions; }

    bool causal() const { return family == Family::Gpt2 || family == Family::Llama || family == Family::GptNeox; }
    bool rotary() const { return family == Family::Llama || family == Family::GptNeox; }
    int rotated() const { return rotaryDims > 0 ? rotaryDims : headDim; }
    // The window of `layer`'s attention, 0 for none.
    int windowAt(int layer) const
    {
        const bool sliding
            = slidingLayers.empty() || (std::size_t(layer) < slidingLayers.size() && slidingLayers[std::size_t(layer)]);
        return sliding ? slidingWindow : 0;
    }
};

// Reads `o` (the contents of the file `path`, named in messages); throws Refusal naming the key.
Config parseConfig(const QJsonObject &o, const QString &path);
Config readConfig(const QString &path);

QString familyName(Family family);
// The config.json model types QKV Lab runs: "gpt2", "bert", "distilbert", "llama", …
const QStringList &supportedModelTypes();

} // namespace qkv::transformer
