#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace qkv::transformer {

enum class Family { Gpt2, Bert, DistilBert, Llama, GptNeox };
enum class Activation { GeluTanh, GeluErf, Relu, Silu };

// rope_scaling of type "llama3" (Llama 3.1 and later); absent or "default" leaves rotary as is.
struct RopeScaling {
    bool llama3 = false;
    double factor = 1;
    double lowFreqFactor = 1;
    double highFreqFactor = 4;
    double originalMaxPositions = 8192;
};

// What config.json says, in one vocabulary for every family (the keys differ: n_embd, dim,
// hidden_size all become `hidden`).
struct Config {
    QString modelType; // as written: gpt2, bert, distilbert, llama, mistral, qwen2, qwen3, phi3, gpt_neox
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
    int slidingWindow = 0; // Mistral/Qwen2: more tokens than this are refused; 0 = none
    float eps = 1e-5f;
    Activation activation = Activation::GeluTanh;
    double ropeTheta = 10000;
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

    bool causal() const { return family == Family::Gpt2 || family == Family::Llama || family == Family::GptNeox; }
    bool rotary() const { return family == Family::Llama || family == Family::GptNeox; }
    int rotated() const { return rotaryDims > 0 ? rotaryDims : headDim; }
};

// Reads `o` (the contents of the file `path`, named in messages); throws Refusal naming the key.
Config parseConfig(const QJsonObject &o, const QString &path);
Config readConfig(const QString &path);

QString familyName(Family family);
// The config.json model types QKV Lab runs: "gpt2", "bert", "distilbert", "llama", …
const QStringList &supportedModelTypes();

} // namespace qkv::transformer
