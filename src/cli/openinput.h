#pragma once

#include "livemodel/livemodel.h"
#include "modelfiles/modeldocument.h"

#include <optional>

namespace qkv::cli {

// What a FILE argument of compute and export opens: a document, a model's attention file, or a
// model (a folder or hf:NAME) run on --sentence, which then goes through exactly the path of an
// attention file (layers, heads, hidden and merged tokens, every view and export).
struct OpenedInput {
    OpenedFile opened;
    std::optional<live::LiveRun> run; // set for a model run on a sentence
    std::shared_ptr<const live::LiveModel> model; // the model that ran
};
OpenedInput openInput(const QString &file, const ModelView &view, int topK = 10);

} // namespace qkv::cli
