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
// The same for a whole word (a right-click on its token or its row's label): reset it, and a
// submenu of the helpers for each vector the mode uses, in `head`. False (nothing added) when the
// word's vectors cannot be edited here.
bool addWordActions(QMenu &menu, DocumentSession *session, const QString &word, int head,
    const std::function<void(const QString &)> &report);

} // namespace qkv
