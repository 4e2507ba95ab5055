#include "arguments/samplingoptions.h"

namespace qkv::cli {

QString readSampling(const CommandParser &parser, SamplingOptions &s, bool topK)
{
    bool ok = false;
    if (parser.isSet(u"tokens"_qs)) {
        const QString tokens = parser.value(u"tokens"_qs);
        s.tokens = tokens.toInt(&ok);
        if (!ok || s.tokens < 1)
            return QStringLiteral("--tokens: expected how many tokens to add, from 1, got '%1'").arg(tokens);
    }
    for (auto [name, out] : {std::pair {u"temperature"_qs, &s.temperature}, {u"top-p"_qs, &s.topP}}) {
        if (!parser.isSet(name))
            continue;
        *out = parser.value(name).toDouble(&ok);
        if (!ok)
            return QStringLiteral("--%1: expected a number, got '%2'").arg(name, parser.value(name));
    }
    if (topK && parser.isSet(u"top-k"_qs)) {
        s.topK = parser.value(u"top-k"_qs).toInt(&ok);
        if (!ok || s.topK < 0)
            return QStringLiteral("--top-k: expected 0 (every token) or more, got '%1'").arg(parser.value(u"top-k"_qs));
    }
    if (parser.isSet(u"seed"_qs)) {
        s.seed = parser.value(u"seed"_qs).toULongLong(&ok);
        if (!ok)
            return QStringLiteral("--seed: expected a whole number from 0, got '%1'").arg(parser.value(u"seed"_qs));
    }
    return {};
}

} // namespace qkv::cli
