#pragma once

#include "document/document.h"

#include <QString>

#include <vector>

namespace qkv {

// What an undo step says it did, in words: the Edit menu, the History dock and the status bar
// all show it ("Drag query of ‘it’", "Set temperature to 0.5").

// Numbers of `doc` set by typing (dragged = false), scrubbing or dragging a point (dragged = true):
// the word, the role and component, and the head when there are several ("Drag query q1 of ‘she’
// in head 3 to 2.41").
QString valuesText(
    const Document &doc, const std::vector<ValueRef> &refs, const std::vector<double> &values, bool dragged);
QString settingsText(const Settings &before, const Settings &after);
// The sentence `before` edited into `after`: the words typed or deleted.
QString sentenceText(const QString &before, const QString &after);
QString maskText(const QStringList &tokens, Cell cell, bool masking);
// ‘word’ in the quotation marks every command text uses.
QString quoted(const QString &word);
// The word a vector key of `doc` stands for, quoted: a per-token key ("#12", as a real model's
// vectors are kept) by its token's text, with its place when the text repeats.
QString wordName(const Document &doc, const QString &key);
// "query of ‘it’ in head 2": the vector a number belongs to, its head named when there are several.
QString vectorName(const Document &doc, const ValueRef &r);

} // namespace qkv
