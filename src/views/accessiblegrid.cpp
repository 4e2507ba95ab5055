#include "views/accessiblegrid.h"

#include <QWidget>

namespace qkv {

AccessibleGrid::AccessibleGrid(QWidget *view, QAccessible::Role role)
    : QAccessibleWidget(view, role)
{ }

AccessibleGrid::~AccessibleGrid()
{
    forgetCells();
}

void AccessibleGrid::forgetCells()
{
    for (const QAccessible::Id id : std::as_const(m_cells))
        QAccessible::deleteAccessibleInterface(id);
    m_cells.clear();
}

void *AccessibleGrid::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TableInterface)
        return static_cast<QAccessibleTableInterface *>(this);
    return QAccessibleWidget::interface_cast(type);
}

int AccessibleGrid::childCount() const
{
    return rows() * columns();
}

QAccessibleInterface *AccessibleGrid::child(int index) const
{
    const int cols = columns();
    if (index < 0 || cols <= 0 || index >= childCount())
        return nullptr;
    return cellAt(index / cols, index % cols);
}

int AccessibleGrid::indexOfChild(const QAccessibleInterface *child) const
{
    if (!child || child->parent() != this)
        return -1;
    const QAccessibleTableCellInterface *cell = const_cast<QAccessibleInterface *>(child)->tableCellInterface();
    return cell ? childIndex(cell->rowIndex(), cell->columnIndex()) : -1;
}

QAccessibleInterface *AccessibleGrid::childAt(int x, int y) const
{
    const QPoint cell = cellUnder(widget()->mapFromGlobal(QPoint(x, y)));
    return cellAt(cell.y(), cell.x());
}

QAccessibleInterface *AccessibleGrid::cellAt(int row, int column) const
{
    if (row < 0 || column < 0 || row >= rows() || column >= columns())
        return nullptr;
    const qint64 key = qint64(row) * columns() + column;
    if (const auto found = m_cells.constFind(key); found != m_cells.cend())
        return QAccessible::accessibleInterface(*found);
    auto *cell = new AccessibleGridCell(const_cast<AccessibleGrid *>(this), row, column);
    m_cells.insert(key, QAccessible::registerAccessibleInterface(cell));
    return cell;
}

int AccessibleGrid::selectedCellCount() const
{
    return int(rowsSelected().size()) * columns() + int(columnsSelected().size()) * rows()
        + int(cellsSelected().size());
}

QList<QAccessibleInterface *> AccessibleGrid::selectedCells() const
{
    QList<QAccessibleInterface *> cells;
    for (const int r : rowsSelected())
        for (int c = 0; c < columns(); ++c)
            cells << cellAt(r, c);
    for (const int c : columnsSelected())
        for (int r = 0; r < rows(); ++r)
            cells << cellAt(r, c);
    for (const QPoint &cell : cellsSelected())
        cells << cellAt(cell.y(), cell.x());
    return cells;
}

bool AccessibleGrid::selectRow(int row)
{
    return row >= 0 && row < rows() && chooseRow(row);
}

bool AccessibleGrid::selectColumn(int column)
{
    return column >= 0 && column < columns() && chooseColumn(column);
}

void AccessibleGrid::modelChange(QAccessibleTableModelChangeEvent *)
{
    forgetCells(); // the texts and even the shape may have changed
}

AccessibleGridCell::AccessibleGridCell(AccessibleGrid *grid, int row, int column)
    : m_grid(grid)
    , m_row(row)
    , m_column(column)
{ }

bool AccessibleGridCell::isValid() const
{
    return m_grid->isValid() && m_row < m_grid->rows() && m_column < m_grid->columns();
}

QString AccessibleGridCell::text(QAccessible::Text t) const
{
    if (!isValid())
        return {};
    switch (t) {
    case QAccessible::Name:
        return m_grid->cellText(m_row, m_column);
    case QAccessible::Description:
        return m_grid->columns() > 1 ? m_grid->rowName(m_row) + QStringLiteral(", ") + m_grid->columnName(m_column)
                                     : m_grid->rowName(m_row);
    default:
        return {};
    }
}

QRect AccessibleGridCell::rect() const
{
    const QRect r = isValid() ? m_grid->cellBounds(m_row, m_column) : QRect();
    return r.isEmpty() ? QRect() : QRect(m_grid->viewWidget()->mapToGlobal(r.topLeft()), r.size());
}

QAccessible::Role AccessibleGridCell::role() const
{
    return m_grid->role() == QAccessible::List ? QAccessible::ListItem : QAccessible::Cell;
}

QAccessible::State AccessibleGridCell::state() const
{
    QAccessible::State s;
    s.selectable = true;
    s.selected = isSelected();
    s.readOnly = true;
    s.invisible = !isValid() || m_grid->cellBounds(m_row, m_column).isEmpty();
    return s;
}

void *AccessibleGridCell::interface_cast(QAccessible::InterfaceType type)
{
    return type == QAccessible::TableCellInterface ? static_cast<QAccessibleTableCellInterface *>(this) : nullptr;
}

bool AccessibleGridCell::isSelected() const
{
    return m_grid->rowsSelected().contains(m_row) || m_grid->columnsSelected().contains(m_column)
        || m_grid->cellsSelected().contains(QPoint(m_column, m_row));
}

namespace {

AccessibleListener listener = nullptr;

void deliver(QAccessibleEvent *event)
{
    if (!listener) {
        QAccessible::updateAccessibility(event); // which tells a table of a model change
        return;
    }
    if (event->type() == QAccessible::TableModelChanged)
        if (QAccessibleInterface *item = event->accessibleInterface(); item && item->tableInterface())
            item->tableInterface()->modelChange(static_cast<QAccessibleTableModelChangeEvent *>(event));
    listener(event);
}

} // namespace

bool accessibilityListens()
{
    return listener || QAccessible::isActive();
}

void setAccessibleListener(AccessibleListener l)
{
    listener = l;
}

void notifyViewChanged(QWidget *view)
{
    if (!accessibilityListens())
        return;
    QAccessibleTableModelChangeEvent event(view, QAccessibleTableModelChangeEvent::ModelReset);
    deliver(&event);
}

namespace {

void notifyCell(QWidget *view, int row, int column, QAccessible::Event type)
{
    if (!accessibilityListens() || row < 0 || column < 0)
        return;
    QAccessibleInterface *grid = QAccessible::queryAccessibleInterface(view);
    QAccessibleTableInterface *table = grid ? grid->tableInterface() : nullptr;
    if (!table || row >= table->rowCount() || column >= table->columnCount())
        return;
    QAccessibleEvent event(view, type);
    event.setChild(row * table->columnCount() + column);
    deliver(&event);
}

} // namespace

void notifyCellSelected(QWidget *view, int row, int column)
{
    // Focus moves to the cell when the view has it (a screen reader reads it out); otherwise
    // the selection changed elsewhere (a click in another view) and is only reported.
    notifyCell(view, row, column, view->hasFocus() ? QAccessible::Focus : QAccessible::Selection);
}

void notifyCellRenamed(QWidget *view, int row, int column)
{
    notifyCell(view, row, column, QAccessible::NameChanged);
}

} // namespace qkv
