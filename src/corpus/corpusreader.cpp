#include "corpus/corpusreader.h"

#include "platform/fileread.h"

#include <QStringDecoder>

namespace qkv::corpus {
namespace {

enum Kind { Utf8, Cut, ZeroByte };
constexpr int shownLines = 3;

QString lineList(const QList<qint64> &lines, qint64 count)
{
    QStringList shown;
    for (const qint64 l : lines)
        shown << QString::number(l);
    QString text = shown.join(u", "_qs);
    if (count > lines.size())
        text += QStringLiteral(" and %1 more").arg(count - lines.size());
    return text;
}

} // namespace

CorpusReader::CorpusReader(const QString &path)
    : m_path(path)
    , m_file(path)
{
    {
        ReadableFile check(path); // refuses folders, pipes that never write, devices
        if (!check.isOpen()) {
            m_error = QStringLiteral("%1: %2").arg(path, check.error());
            return;
        }
    }
    if (!m_file.open(QIODevice::ReadOnly)) {
        m_error = QStringLiteral("%1: %2").arg(path, m_file.errorString());
        return;
    }
    m_size = m_file.size();
    // Text has no zero bytes; a file whose first 64 KiB hold one is some other kind of file.
    const QByteArray head = m_file.peek(qint64(64) * 1024);
    if (const qsizetype zero = head.indexOf('\0'); zero >= 0)
        m_error = QStringLiteral("%1: a binary file, not text (a zero byte at byte %2)").arg(path).arg(zero + 1);
    else if (m_size == 0 && head.isEmpty())
        m_error = QStringLiteral("%1: the file is empty").arg(path);
}

void CorpusReader::note(int kind, qint64 line)
{
    Noted &n = m_noted[kind];
    if (n.first.size() < shownLines)
        n.first.append(line);
    ++n.count;
}

bool CorpusReader::next(QString *text, qint64 *line)
{
    if (!m_error.isEmpty())
        return false;
    QByteArray bytes;
    while (true) {
        if (m_file.atEnd())
            return false;
        bytes = m_file.readLine(lineLimit + 1);
        if (bytes.isEmpty() && m_file.error() != QFileDevice::NoError) {
            m_error = QStringLiteral("%1, line %2: %3").arg(m_path).arg(m_line + 1).arg(m_file.errorString());
            return false;
        }
        ++m_line;
        m_read += bytes.size();
        if (!bytes.endsWith('\n') && !m_file.atEnd()) { // longer than the limit: the rest skipped
            note(Cut, m_line);
            bytes.truncate(lineLimit);
            char skipped[64 * 1024];
            qint64 got = 0;
            do {
                got = m_file.readLine(skipped, sizeof skipped);
                m_read += qMax<qint64>(got, 0);
            } while (got > 0 && skipped[got - 1] != '\n');
        }
        while (bytes.endsWith('\n') || bytes.endsWith('\r'))
            bytes.chop(1);
        if (bytes.contains('\0')) {
            note(ZeroByte, m_line);
            continue;
        }
        QStringDecoder decode(QStringDecoder::Utf8);
        QString decoded = decode(bytes);
        if (decode.hasError())
            note(Utf8, m_line);
        if (decoded.trimmed().isEmpty())
            continue;
        *text = decoded;
        *line = m_line;
        return true;
    }
}

double CorpusReader::fraction() const
{
    return m_size > 0 ? qMin(1.0, double(m_read) / double(m_size)) : 1.0;
}

QStringList CorpusReader::notes() const
{
    QStringList notes;
    const auto plural = [](qint64 n) { return n == 1 ? QStringLiteral("line") : QStringLiteral("lines"); };
    if (const Noted &n = m_noted[Utf8]; n.count > 0)
        notes << QStringLiteral("%1 %2 of invalid UTF-8, the bad bytes replaced by U+FFFD (%3 %4)")
                     .arg(n.count)
                     .arg(plural(n.count), plural(qint64(n.first.size())), lineList(n.first, n.count));
    if (const Noted &n = m_noted[Cut]; n.count > 0)
        notes << QStringLiteral("%1 %2 longer than %3 MiB, cut there (%4 %5)")
                     .arg(n.count)
                     .arg(plural(n.count))
                     .arg(lineLimit >> 20)
                     .arg(plural(qint64(n.first.size())), lineList(n.first, n.count));
    if (const Noted &n = m_noted[ZeroByte]; n.count > 0)
        notes << QStringLiteral("%1 %2 with a zero byte, skipped as not text (%3 %4)")
                     .arg(n.count)
                     .arg(plural(n.count), plural(qint64(n.first.size())), lineList(n.first, n.count));
    return notes;
}

} // namespace qkv::corpus
