#include "views/quietcurrent.h"

#include <QAbstractItemView>
#include <QApplication>

namespace qkv {

bool changeCurrentQuietly(QAbstractItemView *view, const QModelIndex &current)
{
    // An open cell editor has the focus inside the view: the base classes commit and close it.
    const QWidget *focus = QApplication::focusWidget();
    if (focus && (focus == view || view->isAncestorOf(focus)))
        return false;
    view->viewport()->update();
    if (current.isValid() && view->hasAutoScroll() && view->isVisible())
        view->scrollTo(current);
    return true;
}

} // namespace qkv
