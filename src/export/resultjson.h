#pragma once

#include "attention/engine.h"

#include <QJsonArray>
#include <QJsonObject>

namespace qkv {

// Row-major lists of lists, the layout of every matrix in `qkvlab compute` output.
QJsonArray matrixToJson(const Eigen::MatrixXd &m);

// The `qkvlab compute` answer: tokens, heads (queries, keys, values, scores, weights, output),
// output and warnings (toPrettyJson writes them in this order).
QJsonObject resultToJson(const Result &result);

} // namespace qkv
