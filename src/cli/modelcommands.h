#pragma once

#include "arguments/commandoptions.h"
#include "livemodel/livemodel.h"
#include "livemodel/modeldifference.h"

#include <QJsonObject>
#include <QStringList>

#include <cstdio>

namespace qkv::cli {

// qkvlab models: every usable model of the Hugging Face cache, one a line (name, family,
// layers × heads, parameters, size).
int listModels(const QStringList &args, FILE *out, FILE *err);
// qkvlab tokenize MODEL --sentence TEXT: {"tokens": [...], "ids": [...]} as the model sees them.
int tokenize(const QStringList &args, FILE *out, FILE *err);
// What compute adds for a model run on a sentence: "ids", and "next" (the top tokens after the
// last, a causal LM's) or "masks" (per [MASK] position, BERT's).
void addRunToJson(const live::LiveRun &run, bool causal, QJsonObject &json);
// What compute --rollout and --flow add, over the layers of the stack --stack shows: "rollout" and
// "flow" (n × n, row = output token, column = input token). A message when they cannot be (not a
// model's attention, cross-attention, a flow over too many tokens).
QString addRolloutAndFlow(const ModelAttention *model, const ComputeOptions &o, QJsonObject &json);
// What compute --compare OTHER adds: "compared", with OTHER's name, every head's largest change of
// a weight and share of attention moved (layers and heads from 1), and each prediction's KL
// divergence (nats), largest change and tokens with both probabilities.
void addDifferenceToJson(const live::ModelDifference &difference, const QString &other, QJsonObject &json);

} // namespace qkv::cli
