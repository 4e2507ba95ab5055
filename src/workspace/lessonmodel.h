#pragma once

#include "document/document.h"
#include "lessons/lessoncheck.h"
#include "livemodel/livemodel.h"

#include <QJsonObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace qkv {

// Where a lesson's model is: hf:NAME and example:NAME as written, a relative folder beside the
// lesson file (a bundled lesson's folder is the working directory's).
QString lessonModelLocation(const QString &model, const QString &lessonFile);

// The text a lesson's model runs on: its sentence, or with a generation the sentence and what the
// model writes after it (the same tokens on every machine). Empty, with the reason, when it cannot write.
QString lessonModelText(const live::LiveModel &live, const lessons::ModelStart &model, QString *why);

// The document of `model`'s layer as the window shows it (each head's queries, keys and values
// of the layer, on the model's own tokens) once `live` has run on its sentence with the
// interventions; nullopt with the reason (a layer the model lacks, a sentence too long).
std::optional<Document> lessonModelDocument(const live::LiveModel &live, const lessons::ModelStart &model,
    const std::vector<transformer::Intervention> &interventions, QString *why);

// Runs the lesson's model for lessons::checkSolutions.
lessons::ModelRunner lessonModelRunner(std::shared_ptr<const live::LiveModel> live);

} // namespace qkv
