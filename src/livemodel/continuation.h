#pragma once

#include "tokenizers/tokenizer.h"

#include <QString>

#include <vector>

namespace qkv::live {

// What a model wrote after `prompt`, as text: the whole sequence decoded after the prompt's own
// text, so that a word-start marker keeps its space (decoded alone, "Ġmat" would lose it).
QString continuationText(
    const tokenizers::Tokenizer &tokenizer, const std::vector<int> &prompt, const std::vector<int> &continuation);

} // namespace qkv::live
