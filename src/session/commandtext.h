#pragma once

#include "document/document.h"

#include <QString>

#include <vector>

namespace qkv {

// What an undo step says it did, in words: the Edit menu, the History dock and the status bar
// all show it ("Drag query of ‘it’", "Set temperature to 0.5").

// Numbers set by typing (dragged = false), scrubbing or dragging a point (dragged = true).
QString valuesText(const std::vector<ValueRef> &refs, const std::vector<double> &values, bool dragged);
QString settingsText(const Settings &before, const Settings &after);
// The sentence `before` edited into `after`: the words typed or deleted.
QString sentenceText(const QString &before, const QString &after);
QString maskText(const QStringList &tokens, Cell cell, bool masking);
// ‘word’ in the quotation marks every command text uses.
QString quoted(const QString &word);

} // namespace qkv
