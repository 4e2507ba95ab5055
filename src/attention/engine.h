#pragma once

#include "attention/attention.h"
#include "document/document.h"

#include <Eigen/Core>

#include <QString>
#include <QStringList>

#include <vector>

namespace qkv {

// Everything computed for one head; every matrix has one row per token (of the second sentence
// for keys and values in cross-attention: m rows, and scores and weights n × m).
struct HeadResult {
    Eigen::MatrixXd queries, keys, values; // n × d (keys, values: m × d)
    SquareMatrix scores; // raw S, n × n
    SquareMatrix weights; // A, n × n
    Eigen::MatrixXd output; // O = A·V, n × d
    // The document switched this head off: it attends and computes `output` as ever, but what
    // it gives the heads' concatenation is zero (a real model's head ablated).
    bool switchedOff = false;

    // The "closer after attention" comparison: V·Vᵀ before, O·Vᵀ after (row i: token i).
    Eigen::MatrixXd similarityBefore, similarityAfter;
    // The largest weight where the softmax found it for free (every weight then lies in
    // [0, largest]), so that a colour scale needs no pass over them; below 0 when unknown.
    double largestWeight = -1;
    // The same row by row (where the softmax found them), so that an edit of a few rows keeps it
    // known; empty when unknown.
    std::vector<double> rowLargest;
    std::vector<RowProblem> problems;
};

struct RowWarning {
    int head;
    int row;
    RowIssue issue;
};

struct Result {
    QStringList tokens; // the queries' (the rows')
    // Cross-attention: the second sentence's tokens, the keys' (the columns'); empty in
    // self-attention, where the keys are `tokens`.
    QStringList keyTokens;
    const QStringList &keys() const { return keyTokens.isEmpty() ? tokens : keyTokens; }
    bool isCross() const { return !keyTokens.isEmpty(); }
    SquareMatrix visible; // 1 = the query may see the key; empty when nothing is masked
    bool isVisible(int query, int key) const { return visible.size() == 0 || visible(query, key) != 0; }
    std::vector<HeadResult> heads;
    Eigen::MatrixXd output; // heads concatenated (then times W_O where given)
    std::vector<RowWarning> warnings;
};

// Head `head`'s output (dim columns) placed in the concatenation `result.output`: zeros for a
// head switched off.
void joinHeadOutput(Result &result, int head, int dim);

// The attention model: one call recomputes every head from the document,
// as matrix products on whole sentences.
Result compute(const Document &doc);

// X of projection mode: each token's embedding (plus sinusoidal positions when asked), n × d_model;
// with `keys`, the same for the tokens the keys come from (the second sentence's in
// cross-attention, with positions of their own).
Eigen::MatrixXd embeddingMatrix(const Document &doc, bool keys = false);

// One head from its Q, K, V (and the embeddings X for embedding scoring in projection mode).
HeadResult computeHead(Eigen::MatrixXd q, Eigen::MatrixXd k, Eigen::MatrixXd v, const Eigen::MatrixXd *x,
    const Settings &settings, const SquareMatrix &visible);

// Every head from its Q, K, V at once: heads too small to split their own rows and products
// share the two cores instead.
struct HeadInput {
    Eigen::MatrixXd q, k, v;
};
std::vector<HeadResult> computeHeads(
    std::vector<HeadInput> inputs, const Eigen::MatrixXd *x, const Settings &settings, const SquareMatrix &visible);

// The "closer after attention" comparison of the Birds article, for one token: its value's
// dot products with every value before attention (row of V·Vᵀ) and its output's after
// (row of O·Vᵀ). Computed on demand: the full n × n matrices would be too big at 4,096 tokens.
Eigen::VectorXd similarityBefore(const HeadResult &head, int row);
Eigen::VectorXd similarityAfter(const HeadResult &head, int row);

// "head 1, row 3 (it): …": a sentence a user can act on.
QString describe(const RowWarning &w, const QStringList &tokens);

} // namespace qkv
