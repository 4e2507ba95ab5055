#pragma once

#include "tokenizers/tokenizer.h"

#include <QJsonObject>

namespace qkv::tokenizers {

// GPT-2's files before tokenizer.json: vocab.json (token → id) and merges.txt (one "a b" a line
// after a "#version" comment); byte-level BPE with GPT-2's regex, no special tokens added.
LoadedTokenizer loadGpt2Files(const QByteArray &vocabJson, const QByteArray &mergesTxt);
// BERT's vocab.txt (one token a line, the line number its id) with tokenizer_config.json's
// do_lower_case (default true), tokenize_chinese_chars and strip_accents; [CLS] … [SEP].
LoadedTokenizer loadBertVocab(const QByteArray &vocabTxt, const QJsonObject &config);

} // namespace qkv::tokenizers
