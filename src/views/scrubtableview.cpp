#include "views/scrubtableview.h"

#include "document/numberblock.h"
#include "session/documenttablemodel.h"
#include "views/groupedheaderview.h"
#include "views/numberdelegate.h"
#include "views/quietcurrent.h"
#include "views/vectoractions.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {
constexpr int dragThreshold = 3; // pixels before a press becomes a scrub, so clicks still select

// Snaps to the step's decimals so scrubbed numbers stay as readable as typed ones.
double snapped(double x, double step)
{
    const int decimals = std::max(0, static_cast<int>(std::lround(-std::log10(step))));
    return QString::number(std::round(x / step) * step, 'f', decimals).toDouble();
}
} // namespace

ScrubTableView::ScrubTableView(QWidget *parent)
    : QTableView(parent)
{
    auto *header = new GroupedHeaderView(this);
    setHorizontalHeader(header);
    // A scroll moves the header's pixels; its group labels stay over the columns in view.
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, header->viewport(), qOverload<>(&QWidget::update));
    auto *delegate = new NumberDelegate(this);
    setItemDelegate(delegate);
    connect(delegate, &NumberDelegate::rejected, this, [this](const QString &text) {
        Q_EMIT message(tr("\"%1\" is not a number between -1e6 and 1e6: the cell keeps its value").arg(text));
    });
    setEditTriggers(
        QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    setMouseTracking(true);
    // A right-click on a row's label: the helpers of the word the row is.
    verticalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(verticalHeader(), &QHeaderView::customContextMenuRequested, this, &ScrubTableView::showWordMenu);
    setWordWrap(false); // "0.09979" cut in two reads as two numbers; an elided one says it is cut
    horizontalHeader()->setMinimumSectionSize(36);
    fitCellsToFont();
}

void ScrubTableView::fitCellsToFont()
{
    // Wide enough for the longest number of four significant digits the table model writes,
    // "-0.0001234" or "-1.234e-05" (a real model's vectors have many); rows as tall as the
    // text, so View → Zoom scales cells and numbers together.
    const QFontMetrics metrics = fontMetrics();
    horizontalHeader()->setDefaultSectionSize(std::max(metrics.horizontalAdvance(QStringLiteral("-0.0001234")),
                                                  metrics.horizontalAdvance(QStringLiteral("-1.234e-05")))
        + 12);
    verticalHeader()->setMinimumSectionSize(metrics.height() + 2);
    verticalHeader()->setDefaultSectionSize(metrics.height() + 8);
    // Row names are tokens: a very long word is elided rather than pushing the numbers away.
    verticalHeader()->setMaximumWidth(metrics.averageCharWidth() * 24);
    verticalHeader()->setTextElideMode(Qt::ElideRight);
}

void ScrubTableView::changeEvent(QEvent *event)
{
    QTableView::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitCellsToFont();
}

double ScrubTableView::stepFor(Qt::KeyboardModifiers modifiers)
{
    if (modifiers & Qt::ShiftModifier)
        return 0.001;
    if (modifiers & Qt::ControlModifier)
        return 0.1;
    return 0.01;
}

void ScrubTableView::mousePressEvent(QMouseEvent *event)
{
    const QModelIndex index = indexAt(event->position().toPoint());
    m_scrubbing = false;
    m_pressed = QPersistentModelIndex();
    if (event->button() == Qt::LeftButton && index.isValid() && (index.flags() & Qt::ItemIsEditable)) {
        // A press on a number may begin a drag: only a click (released where it was pressed)
        // makes the cell current, so that dragging another word's number leaves the selected
        // word, and every view that follows it, where the person is looking.
        m_pressed = index;
        m_pressPos = event->position().toPoint();
        m_pressModifiers = event->modifiers();
        m_startValue = index.data(Qt::EditRole).toDouble();
        event->accept();
        return;
    }
    QTableView::mousePressEvent(event);
}

void ScrubTableView::mouseMoveEvent(QMouseEvent *event)
{
    const QModelIndex hovered = indexAt(event->position().toPoint());
    viewport()->setCursor(
        hovered.isValid() && (hovered.flags() & Qt::ItemIsEditable) ? Qt::SizeHorCursor : Qt::ArrowCursor);
    if (!m_pressed.isValid() || !(event->buttons() & Qt::LeftButton)) {
        QTableView::mouseMoveEvent(event);
        return;
    }
    const int dx = event->position().toPoint().x() - m_pressPos.x();
    if (!m_scrubbing && std::abs(dx) < dragThreshold)
        return;
    m_scrubbing = true;
    const double step = stepFor(event->modifiers());
    model()->setData(m_pressed, snapped(m_startValue + dx * step, step), DocumentTableModel::ScrubRole);
}

void ScrubTableView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_scrubbing) {
        model()->setData(m_pressed, {}, DocumentTableModel::ScrubEndRole);
        m_scrubbing = false;
        m_pressed = QPersistentModelIndex();
        event->accept();
        return;
    }
    if (m_pressed.isValid()) { // a click: the press the view was not given, as it was
        QMouseEvent press(QEvent::MouseButtonPress, QPointF(m_pressPos), viewport()->mapToGlobal(QPointF(m_pressPos)),
            Qt::LeftButton, Qt::LeftButton, m_pressModifiers);
        QTableView::mousePressEvent(&press);
    }
    m_pressed = QPersistentModelIndex();
    QTableView::mouseReleaseEvent(event);
}

// The current number one step up or down from the keyboard, as a drag would move it (Shift
// fine, Ctrl coarse): + and − of the numeric keypad, or Alt+Up and Alt+Down; 0 for other keys.
// The main keyboard's + and − start typing a number, as in a spreadsheet.
int ScrubTableView::stepDirection(const QKeyEvent *event) const
{
    const QModelIndex current = currentIndex();
    if (!current.isValid() || !(current.flags() & Qt::ItemIsEditable) || state() == EditingState)
        return 0;
    const bool keypad = event->modifiers() & Qt::KeypadModifier;
    const bool alt = event->modifiers() & Qt::AltModifier;
    if ((keypad && event->key() == Qt::Key_Plus) || (alt && event->key() == Qt::Key_Up))
        return 1;
    if ((keypad && event->key() == Qt::Key_Minus) || (alt && event->key() == Qt::Key_Down))
        return -1;
    return 0;
}

void ScrubTableView::setModel(QAbstractItemModel *model)
{
    for (const QMetaObject::Connection &c : m_layOutNow)
        disconnect(c);
    QTableView::setModel(model);
    if (!model)
        return;
    // A retyped sentence (a real model's run at every letter) adds or takes away rows and renames
    // them, which can widen the row header. The table's own relayout waits for the next pass of the
    // event loop, after the pass that paints it: it painted twice, with its scroll bars. Laid out
    // at once, in the same pass, it paints once. (Connected after the view's own handlers.)
    // Only a table in view: the others (the tabs not shown) lay out when they are shown.
    const auto layOutNow = [this] {
        if (isVisible())
            executeDelayedItemsLayout();
    };
    m_layOutNow[0] = connect(model, &QAbstractItemModel::rowsInserted, this, layOutNow);
    m_layOutNow[1] = connect(model, &QAbstractItemModel::rowsRemoved, this, layOutNow);
    m_layOutNow[2] = connect(model, &QAbstractItemModel::headerDataChanged, this, [this](Qt::Orientation o) {
        if (o == Qt::Vertical && isVisible())
            updateGeometries();
    });
}

bool ScrubTableView::event(QEvent *event)
{
    // Ctrl with the keypad's + or − is the window's zoom otherwise.
    if (event->type() == QEvent::ShortcutOverride && stepDirection(static_cast<QKeyEvent *>(event)) != 0) {
        event->accept();
        return true;
    }
    return QTableView::event(event);
}

void ScrubTableView::currentChanged(const QModelIndex &current, const QModelIndex &previous)
{
    if (!changeCurrentQuietly(this, current))
        QTableView::currentChanged(current, previous);
}

void ScrubTableView::keyPressEvent(QKeyEvent *event)
{
    if (const int direction = stepDirection(event)) { // one undoable edit per press
        const QModelIndex current = currentIndex();
        // The number's own digits kept (0.61 goes to 0.71 by 0.1), the sum's rounding noise not.
        const double next = current.data(Qt::EditRole).toDouble() + direction * stepFor(event->modifiers());
        model()->setData(current, std::round(next * 1e9) / 1e9, Qt::EditRole);
        event->accept();
        return;
    }
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        return;
    }
    if (event->matches(QKeySequence::Paste)) {
        paste();
        return;
    }
    QTableView::keyPressEvent(event);
}

void ScrubTableView::copySelection()
{
    QModelIndexList indexes = selectionModel() ? selectionModel()->selectedIndexes() : QModelIndexList();
    if (indexes.isEmpty())
        return;
    int top = INT_MAX, left = INT_MAX, bottom = 0, right = 0;
    for (const QModelIndex &i : indexes) {
        top = std::min(top, i.row());
        left = std::min(left, i.column());
        bottom = std::max(bottom, i.row());
        right = std::max(right, i.column());
    }
    std::vector<std::vector<double>> rows(static_cast<std::size_t>(bottom - top + 1),
        std::vector<double>(static_cast<std::size_t>(right - left + 1), 0.0));
    for (const QModelIndex &i : indexes)
        rows[static_cast<std::size_t>(i.row() - top)][static_cast<std::size_t>(i.column() - left)]
            = i.data(Qt::EditRole).toDouble();
    QGuiApplication::clipboard()->setText(formatNumberBlock(rows));
    Q_EMIT message(tr("Copied %1 × %2 numbers").arg(rows.size()).arg(rows.front().size()));
}

void ScrubTableView::paste()
{
    auto *documentModel = qobject_cast<DocumentTableModel *>(model());
    if (!documentModel)
        return;
    const NumberBlock block = parseNumberBlock(QGuiApplication::clipboard()->text());
    QString error = block.error;
    if (error.isEmpty())
        error = documentModel->pasteBlock(currentIndex(), block.rows);
    Q_EMIT message(error.isEmpty() ? tr("Pasted %1 row(s)").arg(block.rows.size()) : tr("Paste: %1").arg(error));
}

void ScrubTableView::showWordMenu(const QPoint &headerPos)
{
    const auto *table = qobject_cast<DocumentTableModel *>(model());
    const int row = verticalHeader()->logicalIndexAt(headerPos);
    std::optional<ValueRef> ref;
    for (int c = 0; table && row >= 0 && c < table->columnCount() && !ref; ++c)
        ref = table->refAt(row, c);
    if (!ref || ref->word.isEmpty())
        return;
    QMenu menu(this);
    if (addWordActions(
            menu, table->session(), ref->word, ref->head, [this](const QString &text) { Q_EMIT message(text); }))
        menu.exec(verticalHeader()->mapToGlobal(headerPos));
}

void ScrubTableView::contextMenuEvent(QContextMenuEvent *event)
{
    const auto *table = qobject_cast<DocumentTableModel *>(model());
    const QModelIndex index = indexAt(event->pos());
    const std::optional<ValueRef> ref
        = table && index.isValid() ? table->refAt(index.row(), index.column()) : std::nullopt;
    const bool isVector = ref
        && (ref->field == Field::Query || ref->field == Field::Key || ref->field == Field::Value
            || ref->field == Field::Embedding);
    if (!isVector) {
        QTableView::contextMenuEvent(event);
        return;
    }
    setCurrentIndex(index);
    QMenu menu(this);
    addVectorActions(menu, table->session(), {ref->field, ref->word, ref->head},
        [this](const QString &text) { Q_EMIT message(text); });
    menu.exec(event->globalPos());
}

} // namespace qkv
