#include "livemodel/sentencefile.h"

#include "livemodel/livemodel.h"
#include "platform/fileread.h"

#include <QFileInfo>

namespace qkv::live {
namespace {

// Line (from 1) and byte in that line (from 1) of offset `at`.
QString placeOf(const QByteArray &bytes, qsizetype at)
{
    const qsizetype lineStart = bytes.lastIndexOf('\n', at - 1) + 1; // 0 when on the first line
    const qsizetype line = bytes.left(lineStart).count('\n') + 1;
    return QStringLiteral("line %1, byte %2").arg(line).arg(at - lineStart + 1);
}

} // namespace

qsizetype firstInvalidUtf8(const QByteArray &bytes)
{
    const auto *s = reinterpret_cast<const unsigned char *>(bytes.constData());
    const qsizetype n = bytes.size();
    qsizetype i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        // The length the lead byte gives, and the range its first continuation byte must lie in
        // (Unicode's table 3-7: what excludes overlong forms, surrogates and values past U+10FFFF).
        int length = 0;
        unsigned char low = 0x80, high = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            length = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            length = 3;
            low = c == 0xE0 ? 0xA0 : 0x80;
            high = c == 0xED ? 0x9F : 0xBF;
        } else if (c >= 0xF0 && c <= 0xF4) {
            length = 4;
            low = c == 0xF0 ? 0x90 : 0x80;
            high = c == 0xF4 ? 0x8F : 0xBF;
        } else {
            return i;
        }
        if (i + length > n || s[i + 1] < low || s[i + 1] > high)
            return i;
        for (int k = 2; k < length; ++k)
            if (s[i + k] < 0x80 || s[i + k] > 0xBF)
                return i;
        i += length;
    }
    return -1;
}

QString leadingTokens(const LiveModel &model, const QString &text, qint64 tokens)
{
    const auto fits = [&](qsizetype length) { return qint64(model.encode(text.left(length)).ids.size()) <= tokens; };
    if (fits(text.size()))
        return text;
    // Tokens grow with the text (give or take a merge at the cut): the longest length that fits.
    qsizetype low = 0, high = text.size();
    while (high - low > 1) {
        const qsizetype mid = low + (high - low) / 2;
        (fits(mid) ? low : high) = mid;
    }
    // Not in the middle of a word (nor of a surrogate pair) when a space is near enough.
    qsizetype cut = low;
    while (cut > 0 && !text.at(cut).isSpace() && low - cut < 64)
        --cut;
    if (cut == 0 || !text.at(cut).isSpace())
        cut = low > 0 && text.at(low - 1).isHighSurrogate() ? low - 1 : low;
    QString out = text.left(cut);
    while (!out.isEmpty() && out.back().isSpace())
        out.chop(1);
    return out;
}

std::optional<QString> readSentenceFile(const QString &path, QString *error)
{
    const QString name = QFileInfo(path).fileName();
    const auto fail = [&](const QString &why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(name, why);
        return std::nullopt;
    };
    ReadableFile file(path);
    if (!file.isOpen())
        return fail(file.error());
    std::optional<QByteArray> read = file.readUpTo(sentenceFileMaxBytes);
    if (!read)
        return fail(file.wasTooLarge()
                ? QStringLiteral("larger than %1 MiB: not a sentence for a model").arg(sentenceFileMaxBytes >> 20)
                : file.error());
    QByteArray bytes = std::move(*read);
    if (const qsizetype zero = bytes.indexOf('\0'); zero >= 0)
        return fail(QStringLiteral("a zero byte at %1: a binary file, not text").arg(placeOf(bytes, zero)));
    if (const qsizetype bad = firstInvalidUtf8(bytes); bad >= 0)
        return fail(QStringLiteral("not UTF-8 text at %1 (byte 0x%2)")
                        .arg(placeOf(bytes, bad))
                        .arg(uchar(bytes[bad]), 2, 16, QLatin1Char('0')));
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    bytes.replace("\r\n", "\n");
    if (bytes.endsWith('\n'))
        bytes.chop(1);
    QString text = QString::fromUtf8(bytes);
    if (text.trimmed().isEmpty())
        return fail(QStringLiteral("no text in it"));
    return text;
}

} // namespace qkv::live
