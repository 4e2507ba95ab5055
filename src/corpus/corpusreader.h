#pragma once

#include <QFile>
#include <QString>
#include <QStringList>

namespace qkv::corpus {

// A corpus file read a line at a time, trusting nothing: a binary file refused, invalid UTF-8
// replaced by U+FFFD, a line longer than `lineLimit` bytes cut there, blank lines skipped; each
// of those said (notes()) with the lines it happened on. Memory: one line.
class CorpusReader
{
public:
    static constexpr qint64 lineLimit = 1 << 20;

    explicit CorpusReader(const QString &path);

    // Why the file cannot be read ("corpus.txt: no such file", "…: a binary file, not text").
    QString error() const { return m_error; }
    // The next line holding text, without its line ending; `line` counts from 1. False at the
    // end, or when reading fails (error() set).
    bool next(QString *text, qint64 *line);
    double fraction() const; // of the file's bytes read
    QStringList notes() const;

private:
    void note(int kind, qint64 line);

    QString m_path;
    QFile m_file;
    QString m_error;
    qint64 m_size = 0;
    qint64 m_read = 0;
    qint64 m_line = 0;
    struct Noted {
        qint64 count = 0;
        QList<qint64> first; // the first few lines
    };
    Noted m_noted[3]; // invalid UTF-8, cut lines, zero bytes
};

} // namespace qkv::corpus
