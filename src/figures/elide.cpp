#include "figures/elide.h"

#include <atomic>

namespace qkv {
namespace {
std::atomic<int> cutTexts {0};
} // namespace

QString elided(const QFontMetricsF &metrics, const QString &text, Qt::TextElideMode mode, qreal width)
{
    QString out = metrics.elidedText(text, mode, width);
    if (out != text)
        cutTexts.fetch_add(1, std::memory_order_relaxed);
    return out;
}

int elisionCount()
{
    return cutTexts.load(std::memory_order_relaxed);
}

void resetElisionCount()
{
    cutTexts.store(0, std::memory_order_relaxed);
}

} // namespace qkv
