#pragma once

#include <QtGlobal>

namespace qkv::transformer {

// Physical memory of the machine (sysconf), 0 if unknown.
qint64 physicalMemory();
// MemAvailable of /proc/meminfo: what can be allocated without swapping out others; falls back
// to physicalMemory().
qint64 availableMemory();

// How many bytes of float32 weights a model may have: three quarters of physical memory, so the
// program, its views and the system keep the rest. QKV_TRANSFORMER_MEMORY_BUDGET (bytes)
// overrides it, for tests and for machines shared with other work.
qint64 weightBudget();

} // namespace qkv::transformer
