#pragma once

#include "corpus/headsrun.h"

#include <QByteArray>
#include <QJsonObject>

namespace qkv::corpus {

// A row per layer and head (both counted from 1), a column per score; an empty cell where no
// passage measured the score.
QByteArray headsCsv(const HeadsReport &report);

// The same scores as objects, with each head's top passages and their text, and how the run
// went: passages, tokens, partial, notes, the generated sequences.
QJsonObject headsJson(const HeadsReport &report, const live::LiveModel &model, const HeadsOptions &options);

// The text of corpus passage `passage` as the model read it.
QString passageText(const HeadsReport &report, const live::LiveModel &model, int passage);

} // namespace qkv::corpus
