#pragma once

#include <QUndoView>

namespace qkv {

// The History panel's list of edits: a QUndoView that does not tell assistive technology it has
// the focus when an edit made elsewhere moves its current row (see quietcurrent.h).
class HistoryView : public QUndoView
{
    Q_OBJECT

public:
    using QUndoView::QUndoView;

protected:
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override;
};

} // namespace qkv
