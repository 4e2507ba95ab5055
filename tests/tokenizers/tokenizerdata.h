#pragma once

// The reference tokenizations of tests/data/tokenizers (see make-reference.mjs there) and the
// tokenizers they belong to.

#include "tokenizers/tokenizer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <vector>

namespace qkv::test {

inline QString tokenizerData(const QString &name)
{
    return qEnvironmentVariable("QKV_SOURCE_DIR") + QStringLiteral("/tests/data/tokenizers/") + name;
}

inline QByteArray readData(const QString &name)
{
    QFile f(tokenizerData(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Reference {
    QString text;
    std::vector<int> ids;
    QStringList tokens;
    QString decoded; // Rust's decoding of the ids without the post-processor's tokens
};

inline std::vector<Reference> readReference(const QString &name)
{
    std::vector<Reference> out;
    // Qt's parser drops a U+FEFF written as UTF-8 inside a string; escaped, it stays.
    const QByteArray json = readData(name).replace("\xEF\xBB\xBF", "\\ufeff");
    for (const QJsonValue &v : QJsonDocument::fromJson(json).array()) {
        const QJsonObject o = v.toObject();
        Reference r;
        r.text = o.value(QStringLiteral("text")).toString();
        for (const QJsonValue &id : o.value(QStringLiteral("ids")).toArray())
            r.ids.push_back(id.toInt());
        for (const QJsonValue &t : o.value(QStringLiteral("tokens")).toArray())
            r.tokens << t.toString();
        r.decoded = o.value(QStringLiteral("decoded")).toString();
        out.push_back(r);
    }
    return out;
}

// CASE/tokenizer.json; an empty model vocabulary and merges take GPT-2's, as make-reference.mjs does.
inline QByteArray caseTokenizerJson(const QString &name)
{
    QJsonObject root = QJsonDocument::fromJson(readData(name + QStringLiteral("/tokenizer.json"))).object();
    QJsonObject model = root.value(QStringLiteral("model")).toObject();
    if (model.value(QStringLiteral("vocab")).toObject().isEmpty()
        && model.value(QStringLiteral("merges")).toArray().isEmpty()) {
        model.insert(
            QStringLiteral("vocab"), QJsonDocument::fromJson(readData(QStringLiteral("gpt2/vocab.json"))).object());
        QJsonArray merges;
        for (const QByteArray &line : readData(QStringLiteral("gpt2/merges.txt")).split('\n'))
            if (!line.isEmpty() && !line.startsWith("#version"))
                merges.append(QString::fromUtf8(line));
        model.insert(QStringLiteral("merges"), merges);
        root.insert(QStringLiteral("model"), model);
    }
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

} // namespace qkv::test
