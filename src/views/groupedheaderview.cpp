#include "views/groupedheaderview.h"

#include "session/documenttablemodel.h"

#include <QPainter>

namespace qkv {

GroupedHeaderView::GroupedHeaderView(QWidget *parent)
    : QHeaderView(Qt::Horizontal, parent)
{
    setSectionsClickable(true);
    setHighlightSections(true);
    setDefaultAlignment(Qt::AlignCenter);
}

QString GroupedHeaderView::group(int logicalIndex) const
{
    return model() ? model()->headerData(logicalIndex, Qt::Horizontal, DocumentTableModel::GroupRole).toString()
                   : QString();
}

QSize GroupedHeaderView::sizeHint() const
{
    // Two lines of text. QHeaderView's own hint measures up to 200 sections' labels after every
    // model reset (a real model's table has hundreds of columns), only for a height set here.
    return {defaultSectionSize(), 2 * fontMetrics().height() + 8};
}

void GroupedHeaderView::paintSection(QPainter *painter, const QRect &rect, int logicalIndex) const
{
    const QRect top(rect.left(), rect.top(), rect.width(), rect.height() / 2);
    const QRect bottom(rect.left(), top.bottom() + 1, rect.width(), rect.height() - top.height());
    painter->save();
    painter->setClipRect(bottom);
    QHeaderView::paintSection(painter, bottom, logicalIndex);
    painter->restore();

    // The group label is centred over the part of its span in view (a head of 64 columns would
    // have it out of sight); each section paints its own slice, and scrolling repaints them all.
    const QString name = group(logicalIndex);
    int first = logicalIndex, last = logicalIndex;
    // Only the part in view matters (the span is clipped to it): a head of 64 columns is not
    // walked whole for each of its sections painted.
    while (first > 0 && sectionViewportPosition(first) > 0 && group(first - 1) == name)
        --first;
    while (last + 1 < count() && sectionViewportPosition(last + 1) < viewport()->width() && group(last + 1) == name)
        ++last;
    const int left = sectionViewportPosition(first);
    const int right = sectionViewportPosition(last) + sectionSize(last);
    const QRect span = QRect(left, top.top(), right - left, top.height())
                           .intersected(QRect(0, top.top(), viewport()->width(), top.height()));
    painter->save();
    painter->setClipRect(top);
    painter->fillRect(top, palette().button());
    painter->setPen(palette().mid().color());
    painter->drawLine(top.bottomLeft(), top.bottomRight());
    if (logicalIndex == 0 || (logicalIndex == first && group(first - 1) != name)) // where the group begins
        painter->drawLine(top.topLeft(), top.bottomLeft());
    QFont bold = font();
    bold.setBold(true);
    painter->setFont(bold);
    painter->setPen(palette().buttonText().color());
    painter->drawText(span, Qt::AlignCenter, name);
    painter->restore();
}

} // namespace qkv
