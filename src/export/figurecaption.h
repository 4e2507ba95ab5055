#pragma once

#include "document/document.h"

#include <QString>

namespace qkv {

// The caption of a composed teaching figure, in two lines: the sentence in quotes, then what
// it is of (`source`: a model's name and layer, empty for a document), how its attention was
// computed (mode, scoring, normalization, temperature, masks), the head (and any switched off)
// and the selected token, so a slide says what it shows.
QString figureCaption(
    const Document &doc, int head, int selectedToken, const QString &source = {}, const QString &sentence = {});
// The title above a single view: the sentence in quotes (`sentence`, else the document's),
// `source`, and the head ("head 2 of 4", "all 4 heads" for head < 0), any switched off.
QString defaultFigureTitle(const Document &doc, int head, const QString &source = {}, const QString &sentence = {});
// "head 3 of 4, switched off (head 1 switched off)"; empty with one head.
QString figureHeadText(const Document &doc, int head);

// A figure file's title: the document's, else the start of its sentence.
QString figureTitle(const Document &doc);

} // namespace qkv
