#include "livemodel/continuation.h"

namespace qkv::live {

QString continuationText(
    const tokenizers::Tokenizer &tokenizer, const std::vector<int> &prompt, const std::vector<int> &continuation)
{
    std::vector<int> all = prompt;
    all.insert(all.end(), continuation.begin(), continuation.end());
    const QString whole = tokenizer.decode(all), before = tokenizer.decode(prompt);
    return whole.startsWith(before) ? whole.mid(before.size()) : tokenizer.decode(continuation);
}

} // namespace qkv::live
