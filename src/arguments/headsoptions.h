#pragma once

#include "analysis/headscores.h"
#include "arguments/commandparser.h"

#include <QSize>
#include <QString>

#include <vector>

namespace qkv::cli {

// qkvlab heads MODEL --corpus FILE [--scores LIST] [--max-tokens N] [--windows] [--seed N]
//   -o OUT [--format csv|json|png|svg|pdf] [--overwrite] [--size WxH] [--scale S] [--colormap NAME]
struct HeadsCommandOptions {
    QString model, corpus;
    std::vector<analysis::HeadScore> scores = analysis::allHeadScores();
    int maxTokens = 0; // 0: the default
    bool windows = false;
    quint32 seed = 1;
    QString output; // a file, or - for standard output (csv and json)
    QString format; // csv, json, or a figure's png, svg, pdf: from -o's suffix unless given
    bool overwrite = false;
    QSize size {1200, 900}; // a figure's
    double scale = 1.0;
    QString colormap; // checked where the figure is drawn
};
Parsed<HeadsCommandOptions> parseHeadsArguments(const QStringList &args);

} // namespace qkv::cli
