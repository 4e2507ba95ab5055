#include "views/heatmapview.h"

#include "views/accessiblegrid.h"
#include "views/accessibleviews.h"

#include <QEvent>
#include <QPainter>

#include <utility>

namespace qkv {

HeatmapView::HeatmapView(QWidget *parent)
    : QWidget(parent)
{
    installViewAccessibility();
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    // A value edit moves outputs only: the attention drawn here stays.
    connect(&m_binding, &SessionBinding::attentionChanged, this, &HeatmapView::dataChanged);
    connect(&m_binding, &SessionBinding::headChanged, this, &HeatmapView::dataChanged);
    connect(&m_binding, &SessionBinding::selectionChanged, this, &HeatmapView::followSelection);
    connect(&m_binding, &SessionBinding::annotationsChanged, this, qOverload<>(&QWidget::update));
}

HeatmapView::~HeatmapView() = default;

void HeatmapView::setSession(DocumentSession *session)
{
    m_binding.setSession(session);
}

DocumentSession *HeatmapView::session() const
{
    return m_binding.session();
}

void HeatmapView::setResult(Result result, int head)
{
    m_binding.setResult(std::move(result));
    m_binding.setHead(head);
}

void HeatmapView::setHead(int head)
{
    m_binding.setHead(head);
}

void HeatmapView::dataChanged()
{
    // Against the document's baseline snapshot, when one is chosen.
    const Result *baseline = m_binding.baseline();
    const QString name = m_binding.baselineName();
    if (baseline != m_figure.baseline() || name != m_figure.baselineName())
        m_figure.setBaseline(baseline, name);
    if (const ChangedRows *rows = m_binding.changedRows())
        m_figure.updateRows(&result(), head(), *rows);
    else
        m_figure.setData(&result(), head());
    // Another length is another document: it starts from the whole matrix (after the figure has
    // the new data: the zoom is clamped by it).
    if (const int n = static_cast<int>(result().tokens.size()); n != m_tokens) {
        m_tokens = n;
        m_figure.setZoom(1);
    }
    if (const auto pending = std::exchange(m_pendingReveal, std::nullopt))
        reveal(pending->y(), pending->x());
    update();
    notifyViewChanged(this);
}

void HeatmapView::setSelectedRow(int row)
{
    m_binding.setSelection(row, false);
}

void HeatmapView::setSelectedColumn(int column)
{
    m_binding.setSelection(column, true);
}

void HeatmapView::followSelection()
{
    const int token = m_binding.selectedToken();
    const bool key = m_binding.isKeySelected();
    m_figure.setSelection(key ? -1 : token, key ? token : -1);
    reveal(key ? -1 : token, key ? token : -1);
    update();
    if (accessibilityListens())
        announceSelection(token, key);
}

void HeatmapView::announceSelection(int token, bool key)
{
    // A reader hears the selected word's strongest cell: what it attends to most, or who
    // attends to it most.
    const Result &r = result();
    if (token < 0 || token >= r.tokens.size() || head() < 0 || head() >= std::ssize(r.heads))
        return;
    const SquareMatrix &w = r.heads[std::size_t(head())].weights;
    int strongest = -1;
    for (int i = 0; i < r.tokens.size(); ++i) {
        const int row = key ? i : token, col = key ? token : i;
        if (r.isVisible(row, col) && (strongest < 0 || w(row, col) > (key ? w(strongest, col) : w(row, strongest))))
            strongest = i;
    }
    if (strongest >= 0)
        notifyCellSelected(this, key ? strongest : token, key ? token : strongest);
}

void HeatmapView::setColormap(Colormap map)
{
    m_figure.setColormap(map);
    update();
}

void HeatmapView::setShowScores(bool scores)
{
    m_figure.setShowScores(scores);
    update();
    notifyViewChanged(this);
}

void HeatmapView::setUnitScale(bool unit)
{
    m_figure.setUnitScale(unit);
    update();
}

void HeatmapView::setScaleSkipsFirst(bool skip)
{
    m_figure.setScaleSkipsFirst(skip);
    update();
}

void HeatmapView::setFigureMode(bool figure)
{
    m_figureMode = figure;
    update();
}

void HeatmapView::setSharedScale(std::optional<ColorScale> scale)
{
    m_figure.setSharedScale(scale);
    update();
}

void HeatmapView::setValuesVisible(bool visible)
{
    m_figure.setValuesVisible(visible);
    update();
}

void HeatmapView::setMarkedCell(int row, int col)
{
    if (m_marked == QPoint(col, row))
        return;
    m_marked = QPoint(col, row);
    update();
}

void HeatmapView::setConcealed(bool concealed)
{
    if (concealed == m_figure.concealed())
        return;
    m_figure.setConcealed(concealed);
    notifyViewChanged(this);
    update();
}

FigureStyle HeatmapView::figureStyle() const
{
    return {palette(), font(), m_figureMode, locale()};
}

void HeatmapView::paint(QPainter &painter, const QRectF &rect) const
{
    m_figure.paint(painter, rect, figureStyle());
}

QRectF HeatmapView::gridRect(const QRectF &rect) const
{
    return m_figure.gridRect(rect, figureStyle());
}

QRectF HeatmapView::cellRect(const QRectF &rect, int row, int col) const
{
    return m_figure.cellRect(rect, figureStyle(), row, col);
}

QPoint HeatmapView::cellAt(const QPointF &pos) const
{
    if (overviewRect().contains(pos))
        return {-1, -1}; // the overview covers the cells there
    return m_figure.cellAt(rect(), figureStyle(), pos);
}

QPoint HeatmapView::headingAt(const QPointF &pos) const
{
    return m_figure.headingAt(rect(), figureStyle(), pos);
}

QList<QRectF> HeatmapView::labelRects(const QRectF &rect, Qt::Orientation orientation, QList<int> *tokens) const
{
    return m_figure.labelRects(rect, figureStyle(), orientation, tokens);
}

QString HeatmapView::describeCell(int row, int col) const
{
    return m_figure.describeCell(row, col);
}

void HeatmapView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const FigureStyle s = figureStyle();
    m_figure.setAnnotations(m_binding.annotations(QStringLiteral("heatmap")));
    m_figure.paint(painter, rect(), s);
    // Zoomed, what follows marks cells in the frame only.
    if (m_figure.zoomed())
        painter.setClipRect(m_figure.frameRect(rect(), s).adjusted(-2, -2, 2, 2));
    // Hover feedback belongs to the screen only, not to exported figures.
    if (m_hovered.x() >= 0 && m_hovered.y() >= 0) {
        const QRectF cell = m_figure.cellRect(rect(), s, m_hovered.y(), m_hovered.x());
        if (cell.width() >= 4) {
            painter.setPen(QPen(palette().text().color(), 1, Qt::DotLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(cell.adjusted(0.5, 0.5, -0.5, -0.5));
        }
    }
    // A lesson's highlighted cell: a wide frame in the highlight colour, on screen only.
    const int n = static_cast<int>(result().tokens.size());
    if (m_marked.x() >= 0 && m_marked.y() >= 0 && m_marked.x() < n && m_marked.y() < n && !m_figureMode) {
        const QRectF cell = m_figure.cellRect(rect(), s, m_marked.y(), m_marked.x());
        painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cell.adjusted(-1, -1, 1, 1));
    }
    // The keyboard's cell, while the keys go to this view.
    if (hasFocus() && hasCursor() && !m_figureMode) {
        const QRectF cell = m_figure.cellRect(rect(), s, m_cursor.y(), m_cursor.x());
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cell.adjusted(1, 1, -1, -1));
    }
    painter.setClipping(false);
    m_figure.paintOverview(painter, rect(), s);
}

void HeatmapView::focusInEvent(QFocusEvent *event)
{
    update();
    QWidget::focusInEvent(event);
}

void HeatmapView::focusOutEvent(QFocusEvent *event)
{
    update();
    QWidget::focusOutEvent(event);
}

void HeatmapView::changeEvent(QEvent *event)
{
    // The figure measures labels again in a new font and checks its cells' mask colours.
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        update();
    QWidget::changeEvent(event);
}

} // namespace qkv
