#pragma once

#include "enginecases.h"

#include <QJsonArray>
#include <QJsonObject>

#include <vector>

namespace qkv::bench {

// Where the numpy peer script lives when --peer does not say: the source tree named by
// QKV_SOURCE_DIR, else the one this binary was built from.
QString defaultPeerScript();

// Runs the numpy peer after our own measurements (never alongside them: 2 cores) with the same
// cases, shapes and budget, and returns its JSON, or why there is none.
QJsonObject runPeer(const QString &script, const std::vector<CaseResult> &cases, const std::vector<Shape> &shapes,
    const Budget &budget);

// numpy_ms / qkvlab_ms per case the peer measured (> 1: QKV Lab is faster).
QJsonArray numpyRatios(const QJsonObject &peer, const std::vector<CaseResult> &results);

// Eigen GFLOP/s over numpy GFLOP/s per matmul shape, matched by position (same list, same order).
QJsonArray matmulRatios(const QJsonObject &peer, const QJsonArray &eigen);

} // namespace qkv::bench
