#pragma once

#include <QJsonObject>

namespace qkv::bench {

// The machine and build the figures were measured on: CPU, cores, load average, compiler, build
// type and flags, Eigen, the kernels' SIMD level and BLAS.
QJsonObject machineJson();

// The process's peak resident memory in MiB (Linux), or -1: the n × n matrices of every head
// are what a 4096-token sentence costs in memory.
double peakResidentMiB();

} // namespace qkv::bench
