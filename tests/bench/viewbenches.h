#pragma once

#include <QJsonObject>
#include <QString>

// Each view's own timings for the benchmark executable (SPEC §4), rendered offscreen at
// 1000 × 1000 px; every function returns milliseconds (medians) and what was measured.
namespace qkv::bench {

QJsonObject heatmapTimings();
QJsonObject arrowGraphTimings();
QJsonObject chartTimings();
QJsonObject workedTimings();
// The layers × heads grid of a synthetic 512-token, 12-layer, 12-head model.
QJsonObject layersGridTimings();
// File → Open of a 512-token, 12-layer, 12-head model with Q, K, V (npz, stored and deflated)
// to the whole window painted, against numpy's load of the same files.
QJsonObject modelOpenTimings(bool quick);
// A byte-level BPE tokenizer of GPT-2's, Llama 3's and Qwen2's vocabulary sizes read from a GGUF
// file's metadata and from tokenizer.json (part of modelOpenTimings).
QJsonObject ggufTokenizerTimings(bool quick);
// The real main window, offscreen: one scrubbed value until every visible view has repainted,
// and pasting a 4,096-token sentence.
QJsonObject windowTimings(bool quick);
// Real models' shapes (random weights: GPT-2 small in F32, SmolLM2-135M in BF16), each timed by
// qkvlivemodel_timing in a process of its own, against the targets of SPEC §4.
QJsonObject liveModelTimings(bool quick);
// Llama 3.2 1B (and Llama 3.1 8B with `eightB`) shaped models as BF16 safetensors and Q4_K_M and
// Q8_0 GGUF files: each timed as liveModelTimings times a model, and against llama.cpp itself.
QJsonObject largeModelTimings(bool quick, bool eightB);
// A real model in the window: a letter typed until the new run is shown and every view repainted,
// for the built-in induction model and a GPT-2-small-shaped checkpoint at 32 tokens.
QJsonObject liveWindowTimings(bool quick);
// Attention rollout and flow of a GPT-2-small-shaped model's attention at 32 tokens, on every core
// and on one.
QJsonObject analysisTimings();
// The heatmap and arrow graph against matplotlib redrawing the same at the same size, given our
// own timings; and `qkvlab export` of a heatmap PNG as a whole process against a numpy +
// matplotlib script. The peer scripts live in `scriptDir`.
QJsonObject matplotlibTimings(
    const QString &scriptDir, const QJsonObject &heatmap, const QJsonObject &arrows, bool quick);
QJsonObject exportProcessTimings(const QString &scriptDir, const QString &qkvlab, bool quick);
QJsonObject animationProcessTimings(const QString &scriptDir, const QString &qkvlab, bool quick);
// numpy's full recompute of the 4,096-token, d = 64 head (from the peer's JSON) against the
// slowest scrubbed edit there (from windowTimings), or empty when either is missing.
QJsonObject scrubAgainstNumpy(const QJsonObject &peer, const QJsonObject &window);
// The attention kernel and the arrow graph's raster at one thread against every core.
QJsonObject scalingTimings();
// `qkvlab download` of a 1 GiB file (128 MiB quick) from a Hub on 127.0.0.1 against curl.
QJsonObject downloadTimings(const QString &qkvlab, bool quick);

} // namespace qkv::bench
