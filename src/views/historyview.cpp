#include "views/historyview.h"

#include "views/quietcurrent.h"

namespace qkv {

void HistoryView::currentChanged(const QModelIndex &current, const QModelIndex &previous)
{
    if (!changeCurrentQuietly(this, current))
        QUndoView::currentChanged(current, previous);
}

} // namespace qkv
