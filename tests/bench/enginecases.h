#pragma once

// The engine benchmark's cases and timings, shared by its own measurements (qkvbench.cpp) and the
// numpy peer that times the same cases (numpypeer.cpp).

#include <QString>

#include <tuple>

namespace qkv::bench {

// How long measuring may take: one measurement gets enough repetitions for a stable median,
// and all cases together fit in `totalSeconds` (the whole run in about a minute), so the largest
// cases are skipped, with an estimate, when they would not fit.
struct Budget {
    double seconds; // one measurement, after its warm-up run
    int maxReps; // the cap for cases of microseconds
    double totalSeconds; // all of our cases together
    double peerSeconds; // all of numpy's cases together
};

struct Timing {
    double ms; // median of the repetitions
    int reps;
};

struct Case {
    int n, d, heads;
    auto key() const { return std::tie(n, d, heads); }
    bool operator<(const Case &o) const { return key() < o.key(); }
};

struct CaseResult {
    Case c;
    Timing document, kernel;
};

// One product C = A·B (A m×k, B k×n); `transposedRhs` stores B as its transpose, the Q·Kᵀ form.
struct Shape {
    int m, k, n;
    bool transposedRhs;
};

// Four significant digits: the JSON is read by people, and timing noise is larger than that.
inline double sig(double x)
{
    return QString::number(x, 'g', 4).toDouble();
}

} // namespace qkv::bench
