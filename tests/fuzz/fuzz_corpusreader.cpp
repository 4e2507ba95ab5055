// A corpus for qkvlab heads (CorpusReader) on any bytes: an error names the file; otherwise every
// line given holds text (not blank, no line break, no zero byte, at most a megabyte of UTF-8),
// line numbers rise, the share read stays in [0, 1], and each note names the lines it is about.
#include "corpus/corpusreader.h"
#include "fuzzfiles.h"

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QString path = fuzz::scratchPath(QStringLiteral("corpus.txt"));
    fuzz::writeFile(path, QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    corpus::CorpusReader reader(path);
    if (!reader.error().isEmpty()) {
        FUZZ_CHECK(reader.error().startsWith(path + QStringLiteral(": ")), reader.error());
        return 0;
    }
    QString text;
    qint64 line = 0, last = 0;
    while (reader.next(&text, &line)) {
        FUZZ_CHECK(line > last, QStringLiteral("line %1 after %2").arg(line).arg(last));
        last = line;
        FUZZ_CHECK(!text.trimmed().isEmpty(), QStringLiteral("a blank line given, line %1").arg(line));
        FUZZ_CHECK(!text.contains(u'\n') && !text.contains(QChar(0)), QStringLiteral("line %1").arg(line));
        FUZZ_CHECK(text.toUtf8().size() <= 3 * corpus::CorpusReader::lineLimit, QStringLiteral("line %1").arg(line));
        const double read = reader.fraction();
        FUZZ_CHECK(read >= 0 && read <= 1, QString::number(read));
    }
    FUZZ_CHECK(reader.error().isEmpty(), reader.error());
    for (const QString &note : reader.notes())
        FUZZ_CHECK(note.contains(QStringLiteral("line")), note);
    return 0;
}
