#pragma once

#include <QJsonObject>

// Each view's own timings for the benchmark executable (SPEC §4), rendered offscreen at
// 1000 × 1000 px; every function returns milliseconds (medians) and what was measured.
namespace qkv::bench {

QJsonObject heatmapTimings();
QJsonObject arrowGraphTimings();
QJsonObject chartTimings();
QJsonObject workedTimings();
// The real main window, offscreen: one scrubbed value until every visible view has repainted,
// and pasting a 4,096-token sentence.
QJsonObject windowTimings(bool quick);

} // namespace qkv::bench
