#pragma once

#include "arguments/exportoptions.h"
#include "attention/engine.h"
#include "document/document.h"

#include "figures/figurewriter.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>

namespace qkv::cli {

// The frames of `qkvlab export FILE --animate REF --from A --to B --frames N --view V`: the value
// at REF swept from A to B, each frame the figure of V painted by the still figures' code, with a
// caption naming the value ("k1 of animal, head 1 = 0.350"), encoded as GIF or WebP by
// o.format. Empty on failure with the reason in `error`; `usage` tells a wrong REF from a failure.
// `figure` with a line of text under it, in the figure's text size: a frame's caption.
PaintFigure captioned(const PaintFigure &figure, const QString &caption, qreal px);

// `progress`, when given, hears after each frame how many of how many are drawn, and stops the
// work (nothing returned, `error` "stopped") when it returns false.
QByteArray exportAnimation(const ExportOptions &o, const Document &doc, int token, QString *error, bool *usage,
    const std::function<bool(int done, int total)> &progress = {});

} // namespace qkv::cli
