#pragma once

#include "tokenizers/addedtokens.h"
#include "tokenizers/jsonfields.h"
#include "tokenizers/model.h"

#include <QByteArray>
#include <QJsonDocument>

namespace qkv::tokenizers {

// The JSON document in `bytes`, or a LoadError "line L, column C: <what>" for bad JSON.
QJsonDocument parseJsonDocument(const QByteArray &bytes);
// A {"piece": id, …} object at `path`.
Vocabulary parseVocabulary(const QJsonObject &o, const QString &path);
// tokenizer.json's added_tokens, each with its id (a content the model has keeps the model's).
AddedTokens parseAddedTokens(const QJsonValue &value, const Vocabulary &model);

} // namespace qkv::tokenizers
