#pragma once

#include "arguments/commandparser.h"

#include <QString>

namespace qkv::cli {

// How a model continues a text: `qkvlab generate`'s options, and `export --animate steps`'.
struct SamplingOptions {
    int tokens = 0; // --tokens N: how many to add (0: none)
    double temperature = 0; // 0: always the likeliest
    int topK = 0; // 0: every token
    double topP = 1;
    quint64 seed = 0;
};

// --tokens, --temperature, --top-p, --seed and, with `topK` (export's --top-k filters arrows
// instead), --top-k into `s`: a message naming the option at fault, or empty. Their ranges (a
// temperature of 0 or more, …) are transformer::checkSampling's.
QString readSampling(const CommandParser &parser, SamplingOptions &s, bool topK);

} // namespace qkv::cli
