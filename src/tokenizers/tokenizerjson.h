#pragma once

#include "tokenizers/addedtokens.h"
#include "tokenizers/hftokenizer.h"
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
// tokenizer.json's normalizer, pre-tokenizer, post-processor, decoder and added tokens in `root`
// around a BPE or WordPiece `model` built elsewhere (a GGUF file's vocabulary, which as a JSON
// object would take seconds to build); throws LoadError.
std::unique_ptr<HfTokenizer> tokenizerAround(const QJsonObject &root, std::unique_ptr<Model> model);

} // namespace qkv::tokenizers
