#pragma once

#include "arguments/commandparser.h"
#include "arguments/samplingoptions.h"
#include "export/figureoptions.h"
#include "modelfiles/modeldocument.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace qkv::cli {

// What `qkvlab export` was asked for, checked: every value is within its range when parse
// returns it. Figures: --view; numbers: --numbers; the worked computation: --worked. Limits keep a
// figure allocatable.
struct ExportOptions {
    QString file; // FILE or example:NAME
    QString numbers; // weights|scores|output|queries|keys|values, or empty
    QString output; // -o: a path, or "-" for standard output
    bool worked = false; // --worked: the steps of --query's attention, as md or tex
    QString format; // numbers: csv|md|tex|bmatrix; worked: md|tex; figures: from the output's suffix
    int decimals = -1; // --decimals N (0 to 10) of numbers and worked; -1: the output's default
    int head = 0; // 0-based; -1 = all heads
    QString query; // --query TOKEN (the selected token), empty for none (worked: the focus token)
    double scale = 1.0; // PNG: 1 … 4
    QSize size {1000, 1000};
    bool sizeGiven = false; // otherwise a view may choose its height (the worked computation)
    FigureOptions figure; // --view and the figure's look
    ModelView model; // a model file: --layer, --heads, --hide-special, --merge
    bool overwrite = false;
    // --baseline NAME: the snapshot a figure shows differences from ("none": no differences);
    // nullopt: the document's own baseline.
    std::optional<QString> baseline;
    // --animate REF --from A --to B [--frames N] [--fps F]: the figure of --view, one frame per
    // value of REF (a number's JSON path, words.it.q[0]) from A to B, as .gif or .webp.
    // --animate steps: a causal model's text a token a frame, each frame the row that chose the
    // token; with --tokens N (and --temperature, --top-p, --seed) the model writes them first.
    QString animate;
    double from = 0, to = 0;
    int frames = 60;
    int fps = 20;
    SamplingOptions steps;
    bool animatesSteps() const { return animate == u"steps"; }

    static constexpr int maxSide = 16384;
    static constexpr int maxFrames = 1000;
};

using ParsedExport = Parsed<ExportOptions>;

// Parses the arguments after `export`: the options commandTable() gives it (the figure's look:
// --colormap, --scores, --layout columns|arcs, --threshold W, --top-k K (0: all), --mass P (0 < P ≤ 1),
// --dims X,Y (1-based), --font-size PX, --color-scale unit|data, --title TEXT, …).
ParsedExport parseExportArguments(const QStringList &args);

// "800x600" → QSize; empty on anything else (zero, negative, over maxSide, junk).
std::optional<QSize> parseSize(const QString &text);

} // namespace qkv::cli
