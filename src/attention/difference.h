#pragma once

#include "attention/engine.h"

#include <QCoreApplication>
#include <QString>

namespace qkv {

// A result against a baseline's (a snapshot's): what the Δ views draw. Cells compare by place, so
// an edited word or vector shows where its attention moved; a sentence of another length cannot
// be compared cell by cell.
class Difference
{
    Q_DECLARE_TR_FUNCTIONS(Difference)

public:
    // Why head `head` of `now` cannot be compared with `baseline` (named `name`): another number of
    // tokens, or no such head there. Empty when it can.
    static QString refusal(const Result &now, const Result &baseline, int head, const QString &name);
    // now − baseline of one head's weights, or of its raw scores; empty when refused.
    static SquareMatrix weights(const Result &now, const Result &baseline, int head);
    static SquareMatrix scores(const Result &now, const Result &baseline, int head);
    // The largest |Δ| of a difference (0 for an empty one).
    static double largest(const SquareMatrix &delta);
};

} // namespace qkv
