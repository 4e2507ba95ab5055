#pragma once

#include <QStringList>

#include <cstdio>

namespace qkv::cli {

// `qkvlab lesson check LESSON DOCUMENT`, `qkvlab lesson check LESSON --solutions` and
// `qkvlab lesson list`. A check prints JSON and returns 0 when every exercise is met, 1 when not,
// 2 for bad input (wrong usage, or a lesson or document that cannot be read).
int runLesson(const QStringList &args, FILE *out, FILE *err);

} // namespace qkv::cli
