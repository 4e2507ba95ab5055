#pragma once

#include <QStringList>

#include <cstdio>

namespace qkv::cli {

// qkvlab generate MODEL --sentence TEXT --tokens N [--temperature T --top-k K --top-p P --seed S]
// [--json]: the model continues the sentence a token at a time (a key-value cache, so each token
// costs one token's pass), greedy unless a temperature is given. Prints the prompt and its
// continuation as text, or as JSON (each with ids, tokens and text). Exit 0 done, 1 the model
// could not be opened or refused, 2 bad input.
int runGenerate(const QStringList &args, FILE *out, FILE *err);

} // namespace qkv::cli
