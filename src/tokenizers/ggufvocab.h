#pragma once

#include "tensorfiles/ggufheader.h"
#include "tokenizers/tokenizer.h"

namespace qkv::tokenizers {

// The tokenizer a GGUF file's metadata holds (tokenizer.ggml.*): "llama" (SentencePiece: pieces,
// scores, types, byte fallback, run by libsentencepiece) or "gpt2" (byte-level BPE: vocabulary,
// merges and the pre-tokenizer tokenizer.ggml.pre names: default, gpt-2, llama-bpe, qwen2,
// smollm), with BOS and EOS as add_bos_token and add_eos_token say. `where` (the file) begins
// every error, which names the key.
LoadedTokenizer loadGgufTokenizer(const GgufHeader &header, const QString &where);

} // namespace qkv::tokenizers
