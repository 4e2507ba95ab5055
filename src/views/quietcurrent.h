#pragma once

class QAbstractItemView;
class QModelIndex;

namespace qkv {

// Qt's item views (6.4) tell assistive technology that a new current cell has the focus whenever
// it changes, whether the view has the keyboard focus or not. An edit made in the heatmap moved
// the History list's and the tables' current rows, and Orca left the heatmap to read "History,
// Undo history, list with 2 items". A view calls this first in currentChanged: away from the
// keyboard focus it does what the base classes would (repaint, scroll to the cell) without the
// announcement and returns true; with the focus in the view it returns false.
bool changeCurrentQuietly(QAbstractItemView *view, const QModelIndex &current);

} // namespace qkv
