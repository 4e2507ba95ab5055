#pragma once

#include "attention.h"
#include "document.h"

#include <Eigen/Core>

#include <QString>
#include <QStringList>

#include <vector>

namespace qkv {

// Everything computed for one head; every matrix has one row per token.
struct HeadResult {
    Eigen::MatrixXd queries, keys, values; // n × d
    Eigen::MatrixXd scores; // raw S, n × n
    Eigen::MatrixXd weights; // A, n × n
    Eigen::MatrixXd output; // O = A·V, n × d
    // The "closer after attention" comparison: V·Vᵀ before, O·Vᵀ after (row i: token i).
    Eigen::MatrixXd similarityBefore, similarityAfter;
    bool symmetric = false;
    std::vector<RowProblem> problems;
};

struct RowWarning {
    int head;
    int row;
    RowIssue issue;
};

struct Result {
    QStringList tokens;
    Eigen::MatrixXd visible; // 1 = the query may see the key
    std::vector<HeadResult> heads;
    Eigen::MatrixXd output; // heads concatenated (then times W_O where given)
    std::vector<RowWarning> warnings;
};

// The attention model of SPEC §1: one call recomputes every head from the document,
// as matrix products on whole sentences.
Result compute(const Document &doc);

// One head from its Q, K, V (and the embeddings X for embedding scoring in projection mode).
HeadResult computeHead(Eigen::MatrixXd q, Eigen::MatrixXd k, Eigen::MatrixXd v, const Eigen::MatrixXd *x,
    const Settings &settings, const Eigen::MatrixXd &visible);

// "head 1, row 3 (it): …": a sentence a user can act on.
QString describe(const RowWarning &w, const QStringList &tokens);

} // namespace qkv
