#pragma once

#include "tensorfiles/ggufheader.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace qkv {

// A GGUF file's metadata read by key, typed, with messages that name the file (`where`) and the
// key: the one reader of the keys a model's configuration and its tokenizer come from. Each
// check throws tensorio::Invalid ("WHERE: metadata KEY: why") at the first problem.
class GgufMetadata
{
public:
    GgufMetadata(const GgufHeader &header, QString where);

    const GgufValue *find(const QString &key) const { return m_header.value(key); }
    [[noreturn]] void bad(const QString &key, const QString &why) const;

    // A whole number from 1 to 2^30; `fallback` when absent (0: the key is required).
    qint64 count(const QString &key, qint64 fallback = 0) const;
    // A positive float; `fallback` when absent.
    double positive(const QString &key, double fallback) const;
    // The string, or empty when absent or not a string.
    QString text(const QString &key) const;
    bool flag(const QString &key, bool fallback) const;
    // A list of strings; required.
    QStringList strings(const QString &key) const;
    // `count` whole numbers, or numbers, one for each token; each `fallback` when absent.
    QList<qint64> integers(const QString &key, qsizetype count, qint64 fallback) const;
    QList<double> floats(const QString &key, qsizetype count, double fallback) const;
    // A token id below `vocab`, or -1 when absent.
    qint64 id(const QString &key, qsizetype vocab) const;

private:
    const GgufHeader &m_header;
    QString m_where;
};

} // namespace qkv
