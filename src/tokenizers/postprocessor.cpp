#include "tokenizers/postprocessor.h"

#include "tokenizers/jsonfields.h"

#include <QJsonArray>
#include <QJsonObject>

namespace qkv::tokenizers {

namespace {

// ["[SEP]", 102] of BertProcessing and RobertaProcessing.
int tokenPairId(const QJsonObject &o, QLatin1String key, const QString &path)
{
    const QJsonArray pair = arrayField(o, key, path);
    const QString at = childPath(path, key);
    if (pair.size() != 2 || !pair[0].isString())
        fail(at + QStringLiteral(" must be [token, id]"));
    return intField(QJsonObject {{QStringLiteral("id"), pair[1]}}, QLatin1String("id"), at);
}

std::vector<int> specialIds(const QJsonObject &specials, const QString &name, const QString &path)
{
    const QString at = childPath(path, QLatin1String("special_tokens"));
    if (!specials.contains(name))
        fail(at + QStringLiteral(" has no \"") + name + u'"');
    const QString entry = at + QStringLiteral("[\"") + name + QStringLiteral("\"]");
    const QJsonArray ids = arrayField(objectAt(specials.value(name), entry), QLatin1String("ids"), entry);
    std::vector<int> out;
    for (qsizetype i = 0; i < ids.size(); ++i)
        out.push_back(intField(QJsonObject {{QStringLiteral("id"), ids[i]}}, QLatin1String("id"),
            indexPath(childPath(entry, QLatin1String("ids")), i)));
    return out;
}

PostProcessor templateProcessing(const QJsonObject &o, const QString &path)
{
    const QJsonValue specialsValue = o.value(QLatin1String("special_tokens"));
    const QJsonObject specials = specialsValue.isNull() || specialsValue.isUndefined()
        ? QJsonObject()
        : objectAt(specialsValue, childPath(path, QLatin1String("special_tokens")));
    const QString singlePath = childPath(path, QLatin1String("single"));
    const QJsonArray single = arrayField(o, QLatin1String("single"), path);
    PostProcessor p;
    bool seenSequence = false;
    for (qsizetype i = 0; i < single.size(); ++i) {
        const QString itemPath = indexPath(singlePath, i);
        const QJsonObject item = objectAt(single[i], itemPath);
        if (item.contains(QLatin1String("Sequence"))) {
            const QString seqPath = childPath(itemPath, QLatin1String("Sequence"));
            if (seenSequence
                || stringField(objectAt(item.value(QLatin1String("Sequence")), seqPath), QLatin1String("id"), seqPath)
                    != QLatin1String("A"))
                fail(seqPath + QStringLiteral(": a single template holds sequence A once"));
            seenSequence = true;
        } else if (item.contains(QLatin1String("SpecialToken"))) {
            const QString tokPath = childPath(itemPath, QLatin1String("SpecialToken"));
            const QString name = stringField(
                objectAt(item.value(QLatin1String("SpecialToken")), tokPath), QLatin1String("id"), tokPath);
            const std::vector<int> ids = specialIds(specials, name, path);
            auto &side = seenSequence ? p.suffix : p.prefix;
            side.insert(side.end(), ids.begin(), ids.end());
        } else {
            fail(itemPath + QStringLiteral(" must be a Sequence or a SpecialToken"));
        }
    }
    if (!seenSequence)
        fail(singlePath + QStringLiteral(" has no Sequence"));
    return p;
}

PostProcessor parseOne(const QJsonObject &o, const QString &path)
{
    const QString type = typeField(o, path);
    if (type == QLatin1String("TemplateProcessing"))
        return templateProcessing(o, path);
    if (type == QLatin1String("BertProcessing") || type == QLatin1String("RobertaProcessing"))
        return {{tokenPairId(o, QLatin1String("cls"), path)}, {tokenPairId(o, QLatin1String("sep"), path)}};
    if (type == QLatin1String("ByteLevel"))
        return {}; // offsets only
    if (type == QLatin1String("Sequence")) {
        const QString listPath = childPath(path, QLatin1String("processors"));
        const QJsonArray list = arrayField(o, QLatin1String("processors"), path);
        PostProcessor all;
        for (qsizetype i = 0; i < list.size(); ++i) {
            const PostProcessor p = parseOne(objectAt(list[i], indexPath(listPath, i)), indexPath(listPath, i));
            all.prefix.insert(all.prefix.begin(), p.prefix.begin(), p.prefix.end());
            all.suffix.insert(all.suffix.end(), p.suffix.begin(), p.suffix.end());
        }
        return all;
    }
    unsupportedType(o, path);
}

} // namespace

PostProcessor parsePostProcessor(const QJsonValue &value, const QString &path)
{
    if (value.isNull() || value.isUndefined())
        return {};
    return parseOne(objectAt(value, path), path);
}

} // namespace qkv::tokenizers
