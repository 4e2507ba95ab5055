#include "views/numberdelegate.h"

#include "document/jsonwriter.h"

#include <QLineEdit>

namespace qkv {

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
        edit->setText(formatNumber(index.data(Qt::EditRole).toDouble()));
    edit->selectAll();
}

void NumberDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    const QString text = static_cast<QLineEdit *>(editor)->text();
    if (!model->setData(index, text, Qt::EditRole))
        Q_EMIT rejected(text);
}

} // namespace qkv
