#include "arguments/optiontable.h"

#include "analysis/headscores.h"

#include "export/figurekind.h"
#include "export/outputformats.h"
#include "export/resultnumbers.h"

namespace qkv::cli {

QString OptionRow::dashed() const
{
    const QString &name = names.first();
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

namespace {

QString formatNames()
{
    QStringList names;
    for (const OutputFormat &f : outputFormats())
        names << f.name;
    return names.join(u", "_qs);
}

QString headScoreList()
{
    return analysis::headScoreNames().join(u", "_qs);
}

} // namespace

const std::vector<OptionRow> &optionTable()
{
    static const std::vector<OptionRow> rows {
        // What a model is run on and how its attention is shown (compute and export).
        {{u"sentence"_qs}, u"TEXT"_qs, u"the text a model folder or hf:NAME is run on"_qs},
        {{u"target"_qs}, u"TEXT"_qs,
            u"an encoder-decoder model's (T5's) target so far: its decoder runs on it and predicts the next token"_qs},
        {{u"stack"_qs}, u"encoder|decoder|cross"_qs,
            u"which of an encoder-decoder model's attentions is shown: the encoder's (default), the decoder's own, "
            "or the decoder's over the encoder's output"_qs},
        {{u"layer"_qs}, u"N|mean|max|rollout|flow"_qs,
            u"the layer shown, from 1 (default 1), or all layers' mean or max, or the attention rollout or flow "
            "through all of them (the heads' mean)"_qs},
        {{u"heads"_qs}, u"each|mean|max"_qs, u"each head (default), or the heads' mean or max"_qs},
        {{u"hide-special"_qs}, {}, u"hide the special tokens ([CLS], <|endoftext|>, …)"_qs},
        {{u"special"_qs}, u"\"TOKEN …\""_qs, u"hide these tokens instead of the usual special ones"_qs},
        {{u"merge"_qs}, {}, u"join word pieces into words"_qs},
        {{u"top"_qs}, u"K"_qs, u"how many of a model's likeliest next tokens compute lists (1 to 1000, default 10)"_qs},
        {{u"compare"_qs}, u"MODEL"_qs,
            u"compute: run another file of the same model too (another precision or quantization) and say "
            "how far each head's attention and the prediction moved"_qs},
        {{u"rollout"_qs}, {},
            u"compute: add attention rollout through every layer (Abnar & Zuidema, 2020): \"rollout\", n × n, "
            "row = output token, column = input token"_qs},
        {{u"flow"_qs}, {},
            u"compute: add attention flow, the maximum flow from each output token to each input token through "
            "every layer (\"flow\", n × n; up to 128 tokens, seconds beyond 64)"_qs},
        // What export writes, and where.
        {{u"view"_qs}, u"VIEW"_qs, u"write a figure: "_qs + figureKindNames().join(u", "_qs)},
        {{u"numbers"_qs}, u"KIND"_qs, u"write numbers: "_qs + numberKinds().join(u", "_qs) + u", or model (.npz)"_qs},
        {{u"worked"_qs}, {}, u"write the worked computation of --query's attention"_qs},
        {{u"o"_qs, u"output"_qs}, u"OUT"_qs, u"the file to write, or - for standard output"_qs},
        {{u"format"_qs}, u"FORMAT"_qs, u"the output's format when its suffix does not say it: "_qs + formatNames()},
        {{u"overwrite"_qs}, {}, u"replace a file that exists"_qs},
        {{u"head"_qs}, u"N|all"_qs, u"the head, from 1 (default 1); export also takes all"_qs},
        {{u"query"_qs}, u"TOKEN"_qs, u"the token whose attention is shown or solved (its text, or #N)"_qs},
        {{u"decimals"_qs}, u"N"_qs, u"digits after the point of numbers and the worked computation, 0 to 10"_qs},
        {{u"baseline"_qs}, u"SNAPSHOT|none"_qs,
            u"the snapshot a figure shows changes from (default the document's baseline); none: no changes"_qs},
        // A figure's look.
        {{u"size"_qs}, u"WxH"_qs, u"the figure's size in pixels (default 1000x1000)"_qs},
        {{u"scale"_qs}, u"S"_qs, u"a PNG's pixels per figure pixel, 1 to 4 (sharper on a projector)"_qs},
        {{u"colormap"_qs}, u"NAME"_qs, u"the colours of weights, one of the window's colormaps (viridis, …)"_qs},
        {{u"color-scale"_qs}, u"unit|data"_qs, u"colour weights 0 to the largest (data, default) or 0 to 1"_qs},
        {{u"scores"_qs}, {}, u"show the scores before the softmax instead of the weights"_qs, {u"export"_qs}},
        {{u"skip-first"_qs}, {}, u"leave out the first token (often an attention sink)"_qs},
        {{u"layout"_qs}, u"columns|arcs"_qs, u"the arrow graph's layout"_qs},
        {{u"all-heads"_qs}, {}, u"draw every head's arrows, each in its colour"_qs},
        {{u"threshold"_qs}, u"W"_qs, u"draw only arrows of weight W and more (0 to 1)"_qs},
        {{u"top-k"_qs}, u"K"_qs, u"draw only each query's K strongest arrows (0: all)"_qs, {u"export"_qs}},
        {{u"mass"_qs}, u"P"_qs, u"draw each query's strongest arrows that carry P of its weight (0 to 1)"_qs},
        {{u"sorted"_qs}, {}, u"sort the distribution's bars by weight"_qs},
        {{u"dims"_qs}, u"X,Y"_qs, u"the two dimensions the vector plot shows, from 1"_qs},
        {{u"font-size"_qs}, u"PX"_qs, u"the text's size in pixels (default: 2.5% of the shorter side)"_qs},
        {{u"text-as-paths"_qs}, {}, u"write an SVG's or PDF's text as outlines"_qs},
        {{u"title"_qs}, u"TEXT"_qs, u"the figure's title instead of the one made from the document"_qs},
        {{u"no-title"_qs}, {}, u"no title"_qs},
        {{u"side-by-side"_qs}, {}, u"draw the figure of the baseline (A) beside now's (B)"_qs},
        // An animation.
        {{u"animate"_qs}, u"REF|steps"_qs,
            u"sweep the number at REF (its JSON path, e.g. words.it.q[0]) …; steps: a causal model's text a token "
            "a frame (the row that chose it), after it writes --tokens N"_qs},
        {{u"from"_qs}, u"A"_qs, u"… from A …"_qs},
        {{u"to"_qs}, u"B"_qs, u"… to B"_qs},
        {{u"frames"_qs}, u"N"_qs, u"the animation's frames, 2 to 1000 (default 60)"_qs},
        {{u"fps"_qs}, u"F"_qs, u"frames a second, 1 to 100 (default 20)"_qs},
        // solve
        {{u"key"_qs}, u"TOKEN"_qs, u"the key of the cell whose weight is solved for"_qs},
        {{u"weight"_qs}, u"W"_qs, u"the weight to reach"_qs},
        {{u"change"_qs}, u"query|key|both"_qs, u"what the solve may change (default query)"_qs},
        // lesson check, examples
        {{u"solutions"_qs}, {}, u"check the lesson's own solutions instead of a DOCUMENT"_qs},
        {{u"long"_qs}, {}, u"add each example's note: its article, what it shows, where the article errs"_qs},
        // download
        {{u"include"_qs}, u"GLOB"_qs,
            u"fetch the files matching GLOB (\"*.json\", \"onnx/*\") instead of the model's own; repeatable"_qs},
        {{u"dry-run"_qs}, {}, u"list the files, their size and the free disk; fetch nothing"_qs},
        // heads
        {{u"corpus"_qs}, u"FILE"_qs,
            u"the text the heads are measured on: a passage a line (or, with --windows, text cut into windows)"_qs},
        {{u"scores"_qs}, u"LIST"_qs, u"the scores to compute, separated by commas (default all): "_qs + headScoreList(),
            {u"heads"_qs}},
        {{u"max-tokens"_qs}, u"N"_qs,
            u"a passage's tokens at most, special tokens included (default 256, at most the model's positions); "
            "longer lines are cut, and said"_qs},
        {{u"windows"_qs}, {}, u"cut the whole text into consecutive windows of --max-tokens tokens"_qs},
        {{u"seed"_qs}, u"N"_qs,
            u"the seed of the random draws: heads' induction-random sequences (default 1), generate's and "
            "export --animate steps' sampling (default 0)"_qs},
        // generate
        {{u"tokens"_qs}, u"N"_qs, u"how many tokens the model adds (at most where its positions end)"_qs},
        {{u"temperature"_qs}, u"T"_qs,
            u"sample the next token from the softmax of the logits / T (default 0: always the likeliest)"_qs},
        {{u"top-k"_qs}, u"K"_qs, u"sample only among the K likeliest tokens (default 0: all)"_qs, {u"generate"_qs}},
        {{u"top-p"_qs}, u"P"_qs,
            u"sample only among the fewest likeliest tokens whose probabilities reach P (default 1)"_qs},
        {{u"json"_qs}, {}, u"print JSON: the prompt's and the continuation's ids, tokens and text"_qs},
        {{u"help"_qs, u"h"_qs}, {}, u"show this command's options"_qs},
    };
    return rows;
}

const OptionRow *optionNamed(QStringView name, QStringView command)
{
    for (const OptionRow &row : optionTable())
        if (row.names.contains(name) && (command.isEmpty() || row.commands.isEmpty() || row.commands.contains(command)))
            return &row;
    return nullptr;
}

const QStringList &modelOptionNames()
{
    static const QStringList names {u"sentence"_qs, u"target"_qs, u"stack"_qs, u"layer"_qs, u"heads"_qs,
        u"hide-special"_qs, u"special"_qs, u"merge"_qs};
    return names;
}

const std::vector<CommandRow> &commandTable()
{
    static const std::vector<CommandRow> rows = [] {
        const QStringList figure {u"size"_qs, u"scale"_qs, u"colormap"_qs, u"color-scale"_qs, u"scores"_qs,
            u"skip-first"_qs, u"layout"_qs, u"all-heads"_qs, u"threshold"_qs, u"top-k"_qs, u"mass"_qs, u"sorted"_qs,
            u"dims"_qs, u"font-size"_qs, u"text-as-paths"_qs, u"title"_qs, u"no-title"_qs, u"side-by-side"_qs,
            u"animate"_qs, u"from"_qs, u"to"_qs, u"frames"_qs, u"fps"_qs, u"tokens"_qs, u"temperature"_qs, u"top-p"_qs,
            u"seed"_qs};
        const QStringList exportOptions = QStringList {u"view"_qs, u"numbers"_qs, u"worked"_qs, u"o"_qs, u"format"_qs,
                                              u"overwrite"_qs, u"head"_qs, u"query"_qs, u"decimals"_qs, u"baseline"_qs}
            + figure + modelOptionNames();
        return std::vector<CommandRow> {
            {u"compute"_qs,
                QStringList(modelOptionNames()) << u"top"_qs << u"compare"_qs << u"rollout"_qs << u"flow"_qs},
            {u"export"_qs, exportOptions},
            {u"solve"_qs, {u"query"_qs, u"key"_qs, u"weight"_qs, u"change"_qs, u"head"_qs, u"o"_qs, u"overwrite"_qs}},
            {u"tokenize"_qs, {u"sentence"_qs}},
            {u"models"_qs, {}},
            {u"download"_qs, {u"include"_qs, u"dry-run"_qs}},
            {u"generate"_qs,
                {u"sentence"_qs, u"tokens"_qs, u"temperature"_qs, u"top-k"_qs, u"top-p"_qs, u"seed"_qs, u"json"_qs,
                    u"o"_qs, u"overwrite"_qs}},
            {u"heads"_qs,
                {u"corpus"_qs, u"scores"_qs, u"max-tokens"_qs, u"windows"_qs, u"seed"_qs, u"o"_qs, u"format"_qs,
                    u"overwrite"_qs, u"size"_qs, u"scale"_qs, u"colormap"_qs}},
            {u"examples"_qs, {u"long"_qs}},
            {u"lesson check"_qs, {u"solutions"_qs}},
            {u"lesson list"_qs, {}},
        };
    }();
    return rows;
}

const CommandRow *commandNamed(QStringView name)
{
    for (const CommandRow &row : commandTable())
        if (row.name == name)
            return &row;
    return nullptr;
}

} // namespace qkv::cli
