#include "views/numberdelegate.h"

#include "document/numberblock.h"

#include <QApplication>
#include <QLineEdit>
#include <QPainter>

namespace qkv {

void NumberDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // The focused cell, icons and wrapped text are the style's to draw, as is a number too wide
    // for its cell (elided); every other cell is its background and one line of text.
    const auto plain = QStyleOptionViewItem::HasDisplay | QStyleOptionViewItem::Alternate;
    if ((opt.state & QStyle::State_HasFocus) || (opt.features & ~plain) || opt.text.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const QString key = opt.font.key() + QChar(0) + opt.text;
    QStaticText *text = m_laidOut.object(key);
    if (!text) {
        text = new QStaticText(opt.text);
        text->setTextFormat(Qt::PlainText);
        text->setPerformanceHint(QStaticText::AggressiveCaching);
        text->prepare(QTransform(), opt.font);
        m_laidOut.insert(key, text);
    }
    const QWidget *widget = opt.widget;
    const QStyle *style = widget ? widget->style() : QApplication::style();
    // The style's own text margin (QCommonStyle's item text rectangle).
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRect room = opt.rect.adjusted(margin, 0, -margin, 0);
    if (text->size().width() > room.width()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);
    QPalette::ColorGroup group = (opt.state & QStyle::State_Enabled) ? QPalette::Normal : QPalette::Disabled;
    if (group == QPalette::Normal && !(opt.state & QStyle::State_Active))
        group = QPalette::Inactive;
    painter->save();
    painter->setFont(opt.font);
    painter->setPen(
        opt.palette.color(group, (opt.state & QStyle::State_Selected) ? QPalette::HighlightedText : QPalette::Text));
    painter->setClipRect(opt.rect, Qt::IntersectClip);
    // Placed as the style places one line: in a layout as wide as the cell, so a right-aligned
    // number ends exactly at the margin, at a fractional position.
    const QSizeF laid = text->size();
    const Qt::Alignment align = QStyle::visualAlignment(opt.direction, opt.displayAlignment);
    qreal x = room.x();
    if (align & Qt::AlignRight)
        x += room.width() - laid.width();
    else if (align & Qt::AlignHCenter)
        x += (room.width() - laid.width()) / 2;
    const int top = QStyle::alignedRect(
        opt.direction, opt.displayAlignment & Qt::AlignVertical_Mask, QSize(room.width(), int(laid.height())), room)
                        .top();
    painter->drawStaticText(QPointF(x, top), *text);
    painter->restore();
}

QWidget *NumberDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const
{
    auto *edit = new QLineEdit(parent);
    edit->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    edit->setFrame(false);
    return edit;
}

void NumberDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *edit = static_cast<QLineEdit *>(editor);
    // Typing into a cell replaces it, as in a spreadsheet; the view has already put the key in.
    if (edit->text().isEmpty())
        edit->setText(shownNumber(index.data(Qt::EditRole).toDouble(), edit->locale()));
    edit->selectAll();
}

void NumberDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    const QString text = static_cast<QLineEdit *>(editor)->text();
    if (!model->setData(index, text, Qt::EditRole))
        Q_EMIT rejected(text);
}

} // namespace qkv
