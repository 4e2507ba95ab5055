#pragma once

#include <QJsonValue>
#include <QString>

#include <vector>

namespace qkv::tokenizers {

// The special tokens put around one sequence (Hugging Face "post_processor" of a single input):
// [CLS] … [SEP], <s> … </s>, <|begin_of_text|> ….
struct PostProcessor {
    std::vector<int> prefix;
    std::vector<int> suffix;
};

// TemplateProcessing, BertProcessing, RobertaProcessing, ByteLevel and Sequence of them, at `path`.
PostProcessor parsePostProcessor(const QJsonValue &value, const QString &path);

} // namespace qkv::tokenizers
