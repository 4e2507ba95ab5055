#pragma once

#include <QAccessibleWidget>
#include <QHash>

namespace qkv {

// A view's cells as a table for assistive technology: a screen reader walks it cell by cell and
// reads each one's text ("it attends to animal: 0.119") with its row and column names, and
// follows the selection. Subclasses answer what their view shows; the cells' interfaces are made
// when asked for and dropped when the view's data change (ModelReset, see notifyViewChanged).
// A list (the arrow graph's edges) is a table of one column in the List role.
class AccessibleGrid : public QAccessibleWidget, public QAccessibleTableInterface
{
public:
    AccessibleGrid(QWidget *view, QAccessible::Role role);
    ~AccessibleGrid() override;

    // What the view shows.
    virtual int rows() const = 0;
    virtual int columns() const = 0;
    virtual QString cellText(int row, int column) const = 0;
    virtual QString rowName(int row) const = 0;
    virtual QString columnName(int column) const = 0;
    // The cell's rectangle in the view's coordinates (empty when it is not drawn), and the cell
    // (column, row) under a point of the view, or (-1, -1).
    virtual QRect cellBounds(int row, int column) const = 0;
    virtual QPoint cellUnder(const QPoint &pos) const = 0;
    // What is selected: whole rows, whole columns, or single cells (column, row).
    virtual QList<int> rowsSelected() const { return {}; }
    virtual QList<int> columnsSelected() const { return {}; }
    virtual QList<QPoint> cellsSelected() const { return {}; }
    // Selects a row or column as a click would; false when the view cannot.
    virtual bool chooseRow(int) { return false; }
    virtual bool chooseColumn(int) { return false; }
    QWidget *viewWidget() const { return widget(); }
    // The index of a cell among this interface's children.
    int childIndex(int row, int column) const { return row * columns() + column; }

    // QAccessibleInterface
    void *interface_cast(QAccessible::InterfaceType type) override;
    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;

    // QAccessibleTableInterface
    QAccessibleInterface *caption() const override { return nullptr; }
    QAccessibleInterface *summary() const override { return nullptr; }
    QAccessibleInterface *cellAt(int row, int column) const override;
    int columnCount() const override { return columns(); }
    int rowCount() const override { return rows(); }
    int selectedCellCount() const override;
    int selectedColumnCount() const override { return int(columnsSelected().size()); }
    int selectedRowCount() const override { return int(rowsSelected().size()); }
    QString columnDescription(int column) const override { return columnName(column); }
    QString rowDescription(int row) const override { return rowName(row); }
    QList<QAccessibleInterface *> selectedCells() const override;
    QList<int> selectedColumns() const override { return columnsSelected(); }
    QList<int> selectedRows() const override { return rowsSelected(); }
    bool isColumnSelected(int column) const override { return columnsSelected().contains(column); }
    bool isRowSelected(int row) const override { return rowsSelected().contains(row); }
    bool selectRow(int row) override;
    bool selectColumn(int column) override;
    bool unselectRow(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent *event) override;

private:
    void forgetCells();

    mutable QHash<qint64, QAccessible::Id> m_cells; // by row × columns + column
};

// One cell of an AccessibleGrid.
class AccessibleGridCell : public QAccessibleInterface, public QAccessibleTableCellInterface
{
public:
    AccessibleGridCell(AccessibleGrid *grid, int row, int column);

    bool isValid() const override;
    QObject *object() const override { return nullptr; }
    QWindow *window() const override { return m_grid->window(); }
    QAccessibleInterface *parent() const override { return m_grid; }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QString text(QAccessible::Text t) const override;
    void setText(QAccessible::Text, const QString &) override { }
    QRect rect() const override;
    QAccessible::Role role() const override;
    QAccessible::State state() const override;
    void *interface_cast(QAccessible::InterfaceType type) override;

    // QAccessibleTableCellInterface
    bool isSelected() const override;
    QList<QAccessibleInterface *> columnHeaderCells() const override { return {}; }
    QList<QAccessibleInterface *> rowHeaderCells() const override { return {}; }
    int columnIndex() const override { return m_column; }
    int rowIndex() const override { return m_row; }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface *table() const override { return m_grid; }

private:
    AccessibleGrid *m_grid;
    int m_row, m_column;
};

// What a view calls when its data change (every cell's text may have) and when its selection
// moves to a cell (read out when the view has the focus). Nothing is done when no assistive
// technology listens; accessibilityListens() says whether one does.
void notifyViewChanged(QWidget *view);
void notifyCellSelected(QWidget *view, int row, int column);
// The focused cell reads differently (masked, unmasked): a screen reader says it again. A second
// focus event on the same cell is not enough: Orca said a masked cell, not an unmasked one.
void notifyCellRenamed(QWidget *view, int row, int column);
bool accessibilityListens();
// Where the notifications go instead of Qt's accessibility bridge (which only exists where a
// platform has one and a screen reader runs): tests hear the events here. nullptr: the bridge.
using AccessibleListener = void (*)(QAccessibleEvent *event);
void setAccessibleListener(AccessibleListener listener);

} // namespace qkv
