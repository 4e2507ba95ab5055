#include "transformer/memorybudget.h"

#include <QFile>

#include <unistd.h>

namespace qkv::transformer {

qint64 physicalMemory()
{
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && pageSize > 0 ? qint64(pages) * pageSize : 0;
}

qint64 availableMemory()
{
    QFile f(u"/proc/meminfo"_qs);
    if (f.open(QIODevice::ReadOnly)) {
        while (!f.atEnd()) {
            const QByteArray line = f.readLine();
            if (line.startsWith("MemAvailable:")) {
                bool ok = false;
                const qint64 kib = line.mid(13).trimmed().split(' ').value(0).toLongLong(&ok);
                if (ok)
                    return kib * 1024;
            }
        }
    }
    return physicalMemory();
}

qint64 weightBudget()
{
    bool ok = false;
    const qint64 forced = qEnvironmentVariable("QKV_TRANSFORMER_MEMORY_BUDGET").toLongLong(&ok);
    if (ok && forced > 0)
        return forced;
    const qint64 physical = physicalMemory();
    return physical > 0 ? physical / 4 * 3 : qint64(4) << 30;
}

} // namespace qkv::transformer
