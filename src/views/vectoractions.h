#pragma once

#include "session/vectoredits.h"

#include <functional>

class QMenu;

namespace qkv {

// The whole-vector helpers of a word's vector (reset the word, scale to length 1, set to zero,
// copy another word's), added to a context menu. The tables and the vector plot share them, so
// both offer the same steps under the same names. `report` hears why a step could not be made.
void addVectorActions(QMenu &menu, DocumentSession *session, const VectorAddress &vector,
    const std::function<void(const QString &)> &report);

} // namespace qkv
