#pragma once

#include "modelfiles/modelattention.h"

namespace qkv {

// The few numbers that tell a head's kind at a glance in the model view: where its
// strongest weight goes, how spread its rows are, and how much it gives the first token (an
// attention sink), the previous token (a positional head) and the token itself.
struct HeadSummary {
    float strongest = 0; // the largest weight …
    int from = -1; // … given by this query row …
    int to = -1; // … to this key column (the first such cell); -1 for an empty matrix
    double entropyBits = 0; // mean over rows of −Σ p·log2 p (zero weights add nothing)
    double toFirst = 0; // mean over rows of the weight on column 0
    double toPrevious = 0; // mean over rows 1 … n − 1 of the weight on the token before
    double toSelf = 0; // mean of the diagonal
};

HeadSummary summarizeHead(const Eigen::Ref<const FloatMatrix> &weights);

} // namespace qkv
