#pragma once

#include <QFontMetricsF>
#include <QString>

namespace qkv {

// `text` cut to `width` with an ellipsis, as QFontMetricsF::elidedText cuts it; each text that
// had to be cut is counted, so that a test can tell a figure that had room for all its words
// from one that did not.
QString elided(const QFontMetricsF &metrics, const QString &text, Qt::TextElideMode mode, qreal width);
int elisionCount();
void resetElisionCount();

} // namespace qkv
