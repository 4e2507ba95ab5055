#pragma once

#include <QString>

namespace qkv {

// The manual as shipped (resources/manual/manual.md, compiled in), for Help → Manual: its pictures,
// which live beside the sources, said by their captions; a list of its sections first.
QString manualMarkdown();
// A heading's anchor as GitHub makes it, so that the manual's links ("#real-models") work in the
// window too: lower case, spaces as hyphens, punctuation dropped.
QString headingAnchor(const QString &heading);

} // namespace qkv
