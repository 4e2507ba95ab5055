#pragma once

#include "modelfiles/modelattention.h"

#include <QStringList>

#include <vector>

namespace qkv {

// How a tokenizer marks the pieces of a word: WordPiece (BERT) marks continuations with "##";
// GPT-2's byte-level BPE marks a word's first piece with "Ġ" (an encoded space), SentencePiece
// (T5, Llama) with "▁". Auto picks by the markers the tokens carry.
enum class SubwordStyle { None, Auto, WordPiece, Bpe, SentencePiece };

// BERT's [CLS], [SEP], [PAD]; RoBERTa's and Llama 2's <s>, </s>, <pad>; GPT-2's <|endoftext|>;
// Gemma's <bos>, <eos>; Llama 3's <|begin_of_text|>, <|end_of_text|>, <|eot_id|>; ChatML's
// <|im_start|>, <|im_end|>.
QStringList defaultSpecialTokens();

struct TokenGroupOptions {
    bool hideSpecial = false;
    QStringList specialTokens = defaultSpecialTokens();
    SubwordStyle merge = SubwordStyle::None;
};

// Shown tokens as groups of model tokens: `labels[i]` is shown for the model tokens
// `members[i]` (ascending indices). Hidden tokens belong to no group.
struct TokenGroups {
    QStringList labels;
    std::vector<std::vector<int>> members;
};

SubwordStyle detectSubwordStyle(const QStringList &tokens);

// Hides special tokens (when asked) and merges sub-word pieces into words. A special token is
// never merged with its neighbours, and a word never runs across a hidden one. The marker is
// dropped from the label ("play" + "##ing" → "playing", "Ġplay" + "ing" → "play"). With BPE and
// SentencePiece, punctuation without a marker joins the word before it ("cat" + "," → "cat,"),
// as the whitespace tokenizer of the articles keeps "hyper," whole.
TokenGroups groupTokens(const QStringList &tokens, const TokenGroupOptions &options);

// Attention between groups, as BertViz and the literature merge word pieces: a group receives
// the SUM of the attention its pieces receive (columns add up) and gives the MEAN of the
// attention its pieces give (rows are averaged), so each row still sums to what a model row
// sums to, 1 when nothing is hidden. The columns of hidden tokens are dropped, so a row then
// sums to 1 minus what went to them; that is the truth the view should show.
FloatMatrix regroup(const Eigen::Ref<const FloatMatrix> &attention, const TokenGroups &groups);

// Per group, the mean of its pieces' vectors (rows of an n × d matrix of queries, keys or values).
FloatMatrix regroupVectors(const Eigen::Ref<const FloatMatrix> &vectors, const TokenGroups &groups);

} // namespace qkv
