#pragma once

#include "document/document.h"
#include "document/valueref.h"

#include <Eigen/Core>

#include <QString>

#include <optional>
#include <vector>

namespace qkv::explore {

// Which vectors goal-seek may change: the query of the target's row, the key of its column (every
// column of that word shares it), or both.
enum class SeekChange { Query, Key, Both };

QString toString(SeekChange change);
std::optional<SeekChange> seekChangeFromString(const QString &text);

struct SeekRequest {
    int head = 0;
    int query = 0; // the target cell's row (a token)
    int key = 0; // and column
    double target = 0; // the weight asked for
    SeekChange change = SeekChange::Query;
};

// What goal-seek found. Either `refusal` says why the document allows no goal-seek at all, or the
// search ran: `reached` when the target weight is reachable, the change then being the smallest
// (‖Δq‖² + ‖Δk‖²) that reaches it; otherwise `unreachable` says why and `closest` is the nearest
// weight that can be reached (seek that instead).
struct SeekResult {
    QString refusal;
    bool reached = false;
    QString unreachable;
    double closest = 0;

    double before = 0; // the cell's weight now
    double weight = 0; // its weight after the change, computed again by the engine
    QString queryWord, keyWord; // the vector keys whose vectors change
    Eigen::VectorXd queryChange, keyChange; // empty when that vector does not change
    Eigen::VectorXd newQuery, newKey;
    double changeNorm = 0; // √(‖Δq‖² + ‖Δk‖²)
    std::vector<int> alsoMoved; // other rows whose weights the change moves (the word is there too)

    // The change as one edit of the document's numbers.
    std::vector<ValueRef> refs;
    std::vector<double> values;
};

// Finds the smallest change of the query of `request.query`, or of the key of `request.key`, or
// both, that gives the cell the weight `request.target` in `request.head`. Exact for scaled
// softmax, softmax, sum and none with masks and temperature; direct mode with query·key scores
// only (other modes get a refusal naming why).
SeekResult seekWeight(const Document &doc, const SeekRequest &request);

// The document with the result's change applied (the document itself when nothing was reached).
Document withChange(const Document &doc, const SeekResult &result);

} // namespace qkv::explore
