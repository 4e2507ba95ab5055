#include "arguments/modeloptions.h"

#include "arguments/commandparser.h"

#include <QRegularExpression>

namespace qkv::cli {

QString readModelOptions(const CommandParser &parser, ModelView &view)
{
    if (parser.isSet(u"sentence"_qs)) {
        view.sentence = parser.value(u"sentence"_qs);
        if (view.sentence.trimmed().isEmpty())
            return QStringLiteral("--sentence: expected the text to run the model on");
    }
    if (parser.isSet(u"target"_qs))
        view.target = parser.value(u"target"_qs); // may be empty: the decoder's start token alone
    if (parser.isSet(u"stack"_qs)) {
        const QString value = parser.value(u"stack"_qs);
        if (value != u"encoder" && value != u"decoder" && value != u"cross")
            return QStringLiteral("--stack: expected encoder, decoder or cross, got '%1'").arg(value);
        view.stack = value == u"encoder" ? AttentionStack::Encoder
            : value == u"decoder"        ? AttentionStack::Decoder
                                         : AttentionStack::Cross;
    }
    if (parser.isSet(u"hide-special"_qs))
        view.hideSpecial = true;
    if (parser.isSet(u"special"_qs)) {
        view.specialTokens
            = parser.value(u"special"_qs).split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        if (view.specialTokens.isEmpty())
            return QStringLiteral("--special: expected the special tokens, separated by spaces");
        view.hideSpecial = true;
    }
    if (parser.isSet(u"merge"_qs))
        view.merge = SubwordStyle::Auto;
    if (parser.isSet(u"heads"_qs)) {
        const QString value = parser.value(u"heads"_qs);
        if (value != u"each" && value != u"mean" && value != u"max")
            return QStringLiteral("--heads: expected each, mean or max, got '%1'").arg(value);
        view.headsBy = value == u"each" ? std::nullopt
            : value == u"mean"          ? std::optional(Aggregate::Mean)
                                        : std::optional(Aggregate::Max);
    }
    if (parser.isSet(u"layer"_qs)) {
        const QString value = parser.value(u"layer"_qs);
        bool ok = false;
        const int layer = value.toInt(&ok);
        if (value == u"mean" || value == u"max" || value == u"rollout" || value == u"flow") {
            view.layer = -1;
            view.layersBy = value == u"max" ? Aggregate::Max
                : value == u"rollout"       ? Aggregate::Rollout
                : value == u"flow"          ? Aggregate::Flow
                                            : Aggregate::Mean;
        } else if (!ok || layer < 1) {
            return QStringLiteral("--layer: expected a layer from 1, mean, max, rollout or flow, got '%1'").arg(value);
        } else {
            view.layer = layer - 1;
        }
    }
    return {};
}

} // namespace qkv::cli
