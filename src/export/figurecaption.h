#pragma once

#include "document/document.h"

#include <QString>

namespace qkv {

// The caption of a composed teaching figure, in two lines: the sentence in quotes, then how its
// attention was computed (mode, scoring, normalization, temperature, masks), the head and the
// selected token, so a slide says what it shows.
QString figureCaption(const Document &doc, int head, int selectedToken);

// A figure file's title: the document's, else the start of its sentence.
QString figureTitle(const Document &doc);

} // namespace qkv
