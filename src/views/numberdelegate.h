#pragma once

#include <QStyledItemDelegate>

namespace qkv {

// Edits a number as text: the full-precision value to start from, any sign or size the model
// accepts (a spin box would clamp to two decimals and 0 … 99.99).
class NumberDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

Q_SIGNALS:
    // The typed text was not a number the model accepts.
    void rejected(const QString &text) const;
};

} // namespace qkv
