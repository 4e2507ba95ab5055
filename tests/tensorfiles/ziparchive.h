#pragma once

// NumPy arrays and ZIP archives written byte by byte, so a test can make them lie (sizes, CRCs,
// deflate streams) in exactly one place.
#include "tensorchecks.h"

#include <QByteArray>
#include <QList>

#include <zlib.h>

#include <optional>

namespace ziparchive {

using tensorchecks::appendLe;

// A version 1.0 .npy file: `shape` as Python writes it ("(2, 3)"), then the raw `data`.
inline QByteArray npy(const QByteArray &shape, const QByteArray &data, const QByteArray &descr = "<f4")
{
    const QByteArray header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }\n";
    QByteArray out("\x93NUMPY\x01");
    out += char(0);
    appendLe(out, quint16(header.size()));
    return out + header + data;
}

inline quint32 crcOf(const QByteArray &bytes)
{
    return quint32(crc32(0, reinterpret_cast<const Bytef *>(bytes.constData()), uInt(bytes.size())));
}

// Raw deflate; without `finish` the stream is flushed but never closed by a final block.
inline QByteArray rawDeflate(const QByteArray &bytes, bool finish = true, int level = 9)
{
    z_stream z {};
    deflateInit2(&z, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(qsizetype(deflateBound(&z, uLong(bytes.size()))), Qt::Uninitialized);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.constData()));
    z.avail_in = uInt(bytes.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = uInt(out.size());
    deflate(&z, finish ? Z_FINISH : Z_SYNC_FLUSH);
    out.truncate(qsizetype(z.total_out));
    deflateEnd(&z);
    return out;
}

// One archive entry; the optional fields make the archive lie about it.
struct ZipEntry {
    ZipEntry(const QByteArray &n, const QByteArray &p, bool d = false)
        : name(n)
        , payload(p)
        , deflated(d)
    { }
    QByteArray name;
    QByteArray payload;
    bool deflated = false;
    bool finished = true; // deflated with a final block
    int level = 9; // of compression: 1 for megabytes, which level 9 takes seconds over
    std::optional<quint32> size, compressedSize, crc, localOffset;
    std::optional<quint16> method;
    quint16 flags = 0;
};

struct ZipOptions {
    quint16 entries = 0xffff; // 0xffff: the real count
    quint16 disk = 0;
    std::optional<quint32> directoryOffset;
};

// A ZIP archive as the specification lays it out (local headers, central directory, end record).
inline QByteArray zip(const QList<ZipEntry> &entries, const ZipOptions &options = {})
{
    QByteArray out, directory;
    for (const ZipEntry &e : entries) {
        const QByteArray data = e.deflated ? rawDeflate(e.payload, e.finished, e.level) : e.payload;
        const quint32 offset = e.localOffset.value_or(quint32(out.size()));
        const auto common = [&](QByteArray &b) {
            appendLe(b, quint16(20));
            appendLe(b, e.flags);
            appendLe(b, e.method.value_or(e.deflated ? 8 : 0));
            appendLe(b, quint32(0x00210000)); // 1980-01-01 00:00
            appendLe(b, e.crc.value_or(crcOf(e.payload)));
            appendLe(b, e.compressedSize.value_or(quint32(data.size())));
            appendLe(b, e.size.value_or(quint32(e.payload.size())));
            appendLe(b, quint16(e.name.size()));
            appendLe(b, quint16(0));
        };
        appendLe(out, quint32(0x04034b50));
        common(out);
        out += e.name + data;
        appendLe(directory, quint32(0x02014b50));
        appendLe(directory, quint16(20));
        common(directory);
        appendLe(directory, quint16(0)); // comment
        appendLe(directory, quint16(0)); // disk
        appendLe(directory, quint16(0)); // internal attributes
        appendLe(directory, quint32(0)); // external attributes
        appendLe(directory, offset);
        directory += e.name;
    }
    const quint32 directoryOffset = options.directoryOffset.value_or(quint32(out.size()));
    out += directory;
    const quint16 count = options.entries == 0xffff ? quint16(entries.size()) : options.entries;
    appendLe(out, quint32(0x06054b50));
    appendLe(out, options.disk);
    appendLe(out, options.disk);
    appendLe(out, count);
    appendLe(out, count);
    appendLe(out, quint32(directory.size()));
    appendLe(out, directoryOffset);
    appendLe(out, quint16(0));
    return out;
}

} // namespace ziparchive
