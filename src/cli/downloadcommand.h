#pragma once

#include <QStringList>

#include <cstdio>

namespace qkv::cli {

// qkvlab download REPO[@REVISION] [--include GLOB]… [--dry-run]: the model's files fetched from
// the Hugging Face Hub into its cache (resumed, verified), their plan on `out` first, progress on
// `err` when it is a terminal. Exit 0 done, 1 failed (what is fetched stays for the next run), 2
// bad input.
int runDownload(const QStringList &args, FILE *out, FILE *err);

} // namespace qkv::cli
