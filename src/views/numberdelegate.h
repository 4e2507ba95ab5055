#pragma once

#include <QCache>
#include <QStaticText>
#include <QStyledItemDelegate>

namespace qkv {

// Edits a number as text: the full-precision value to start from, any sign or size the model
// accepts (a spin box would clamp to two decimals and 0 … 99.99).
class NumberDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

Q_SIGNALS:
    // The typed text was not a number the model accepts.
    void rejected(const QString &text) const;

private:
    // Laid-out numbers by font and text. The style lays a cell's text out three times to size,
    // elide and draw it; a real model's tables repaint hundreds of cells after every keystroke.
    mutable QCache<QString, QStaticText> m_laidOut {4096};
};

} // namespace qkv
