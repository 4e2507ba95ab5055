#include "document/examplenotes.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace qkv {
namespace {

// The notes of each language: notes.json in English, notes_CODE.json in the others.
const QHash<QString, QJsonObject> &allNotes()
{
    static const QHash<QString, QJsonObject> notes = [] {
        QHash<QString, QJsonObject> out;
        const QDir folder(QStringLiteral(":/examples"));
        for (const QString &name : folder.entryList({QStringLiteral("notes*.json")}, QDir::Files)) {
            QFile file(folder.filePath(name));
            if (file.open(QIODevice::ReadOnly))
                out.insert(name == u"notes.json" ? QStringLiteral("en") : name.mid(6, name.size() - 11),
                    QJsonDocument::fromJson(file.readAll()).object());
        }
        return out;
    }();
    return notes;
}

// The words of `text`, a vector such as "[0.25, 0.75, 0, 0]" kept as one.
QStringList words(const QString &text)
{
    QStringList words;
    bool open = false;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (open)
            words.last() += QLatin1Char(' ') + word;
        else
            words << word;
        open = words.last().count(QLatin1Char('[')) > words.last().count(QLatin1Char(']'));
    }
    return words;
}

// `text` broken at spaces into lines of at most `width` characters (a longer word stands alone),
// the first begun with `first`, the others with `rest`.
QString wrap(const QString &text, int width, const QString &first, const QString &rest)
{
    QStringList lines;
    QString line = first;
    bool empty = true;
    for (const QString &word : words(text)) {
        if (!empty && line.size() + 1 + word.size() > width) {
            lines << line;
            line = rest;
            empty = true;
        }
        line += (empty ? QString() : QStringLiteral(" ")) + word;
        empty = false;
    }
    lines << line;
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

QStringList exampleNoteLanguages()
{
    return allNotes().keys();
}

ExampleNote exampleNote(const QString &name, const QString &language)
{
    QJsonObject o = allNotes().value(language).value(name).toObject();
    if (o.isEmpty())
        o = allNotes().value(QStringLiteral("en")).value(name).toObject();
    ExampleNote note;
    note.source = o.value(QStringLiteral("source")).toString();
    note.shows = o.value(QStringLiteral("shows")).toString();
    for (const auto &c : o.value(QStringLiteral("corrections")).toArray())
        note.corrections.append({c[QStringLiteral("says")].toString(), c[QStringLiteral("truth")].toString()});
    return note;
}

QString exampleNoteText(const ExampleNote &note, int width, const QString &indent)
{
    if (note.isEmpty())
        return {};
    const QString deeper = indent + QStringLiteral("  ");
    QString text = wrap(QStringLiteral("Source: ") + note.source, width, indent, deeper);
    text += wrap(note.shows, width, indent, indent);
    if (!note.corrections.isEmpty())
        text += indent + QStringLiteral("Where the article is wrong:\n");
    for (const ArticleCorrection &c : note.corrections) {
        text += wrap(QStringLiteral("- The article says: ") + c.says, width, indent, deeper);
        text += wrap(QStringLiteral("True: ") + c.truth, width, deeper, deeper);
    }
    return text;
}

} // namespace qkv
