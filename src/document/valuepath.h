#pragma once

#include "document/document.h"
#include "document/valueref.h"

#include <QString>

#include <optional>

namespace qkv {

// One number of a document named by its place in the document's JSON, as error messages name it:
// `words.it.q[0]` (with several heads `words.it.q[1][0]`: head 2), `words["two words"].v[2]`,
// `embeddings.it[3]`, `projections[0].wq[2][1]`, `wo[0][3]`, `attention[2][1]` (with several
// heads `attention[h][2][1]`). Indices count from 0, as in the file. nullopt with the reason in
// `why` when the path names no number of this document.
std::optional<ValueRef> parseValuePath(const QString &path, const Document &doc, QString *why);

// The path of `ref` in `doc`'s JSON (parseValuePath's inverse).
QString valuePath(const ValueRef &ref, const Document &doc);

} // namespace qkv
