// The vector plot's mouse, keyboard and menu: selecting, dragging a point as one undo step, the
// axes and roles shown.
#include "views/vectorplotview.h"

#include "session/documentsession.h"
#include "views/annotationactions.h"
#include "views/vectoractions.h"
#include "views/vectorplotroles.h"

#include <QApplication>
#include <QChart>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QToolTip>

#include <cmath>
#include <memory>

namespace qkv {

using namespace vectorplot;

bool VectorPlotView::isEditable(Role role) const
{
    if (!session() || !headResult())
        return false;
    switch (session()->document().settings().mode) {
    case Mode::Direct:
        return true;
    case Mode::Weights:
        return role == Role::Value;
    case Mode::Projection:
        return false;
    }
    return false;
}

QString VectorPlotView::readOnlyReason(Role role) const
{
    if (isEditable(role))
        return {};
    if (!session())
        return tr("Read-only: not connected to a document.");
    const QString w = role == Role::Query ? QStringLiteral("W_Q")
        : role == Role::Key               ? QStringLiteral("W_K")
                                          : QStringLiteral("W_V");
    if (session()->document().settings().mode == Mode::Projection)
        return tr("Read-only: computed as X·%1 (projection mode). Edit the embedding or %1 instead.").arg(w);
    return tr("Read-only: queries and keys are not used in weights mode (the weights are given directly).");
}

QString VectorPlotView::describePoint(PointRef point) const
{
    const int g = groupOf(point.token);
    if (g < 0 || g >= m_drawn.cloud.groups().size())
        return {};
    const VectorCloud::Group &group = m_drawn.cloud.groups()[g];
    const QPointF v = plottedValue(point);
    QString text = tr("%1 of “%2”: (%3, %4)")
                       .arg(roleLetter(point.role), group.word)
                       .arg(locale().toString(v.x(), 'g', 4), locale().toString(v.y(), 'g', 4));
    if (group.side == VectorCloud::Side::Keys)
        text += tr(" (second sentence)");
    if (group.tokens.size() > 1) {
        QStringList where;
        for (int t : group.tokens)
            where << QString::number(m_drawn.cloud.rowOf(t) + 1);
        text += tr("\none vector for tokens %1").arg(where.join(QStringLiteral(", ")));
    }
    const QString reason = readOnlyReason(point.role);
    if (!reason.isEmpty())
        text += QStringLiteral("\n") + reason;
    else if (m_drawn.cloud.isPrincipal())
        text += tr("\nDrag to move the vector along the two principal axes.");
    else
        text += tr("\nDrag to edit these two components.");
    return text;
}

void VectorPlotView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const PointRef hit = pointAt(event->position());
    if (!hit.isValid())
        return;
    if (groupOf(selectedPoint()) != groupOf(hit.token))
        selectPoint(hit.token);
    if (!isEditable(hit.role))
        return;
    const Eigen::MatrixXd *m = roleMatrix(hit.role);
    m_drag.active = true;
    m_drag.point = hit;
    m_drag.dragId = session()->newDragId();
    m_drag.start = m->row(m_drawn.cloud.rowOf(hit.token)).transpose();
    m_drag.startValue = plottedValue(hit);
    m_drag.grab = valueToPixel().inverted().map(event->position()) - m_drag.startValue;
    m_drag.pressPos = event->position();
    setCursor(Qt::ClosedHandCursor);
}

void VectorPlotView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_drag.active) {
        if (event->buttons() & Qt::LeftButton)
            dragTo(event->position());
        else
            endDrag();
        return;
    }
    const PointRef hit = pointAt(event->position());
    if (hit.isValid() && isEditable(hit.role))
        setCursor(Qt::OpenHandCursor);
    else
        unsetCursor();
}

void VectorPlotView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_drag.active && event->button() == Qt::LeftButton) {
        if (m_drag.moved)
            dragTo(event->position());
        endDrag();
    }
}

// The mouse position as new components of the dragged vector, sent as one edit that merges with
// the rest of the drag.
void VectorPlotView::dragTo(const QPointF &pos)
{
    // A click that only selects must not edit: the drag starts past the usual distance.
    if (!m_drag.moved && (pos - m_drag.pressPos).manhattanLength() < QApplication::startDragDistance())
        return;
    m_drag.moved = true;
    sync(size());
    const int g = groupOf(m_drag.point.token);
    const int d = dim();
    if (!session() || g < 0 || d == 0 || m_drag.start.size() != d) {
        endDrag();
        return;
    }
    const QRectF plot = m_chart->plotArea();
    const QPointF clamped(
        std::clamp(pos.x(), plot.left(), plot.right()), std::clamp(pos.y(), plot.top(), plot.bottom()));
    const QTransform toValue = valueToPixel().inverted();
    const QPointF delta = toValue.map(clamped) - m_drag.grab - m_drag.startValue;
    // On chosen dimensions the two values are rounded to what one pixel can tell apart, so tables
    // show tidy numbers; on the principal plane the vector moves exactly in the plane.
    const double perPixel = std::abs(toValue.m11());
    const double unit = std::pow(10.0, std::floor(std::log10(std::max(perPixel, 1e-12))));
    const auto tidy = [unit](double v) { return std::round(v / unit) * unit; };
    const ValueRef base {roleField(m_drag.point.role), m_drawn.cloud.groups()[g].key, head(), 0, 0};
    std::vector<ValueRef> refs;
    std::vector<double> values;
    if (m_drawn.cloud.isPrincipal()) {
        const Eigen::VectorXd v = m_drag.start + delta.x() * m_drawn.cloud.projection().axes.col(0)
            + delta.y() * m_drawn.cloud.projection().axes.col(1);
        for (int c = 0; c < d; ++c) {
            refs.push_back(base);
            refs.back().col = c;
            values.push_back(v(c));
        }
    } else {
        const int dx = std::clamp(m_dimX, 0, d - 1);
        refs.push_back(base);
        refs.back().col = dx;
        values.push_back(tidy(m_drag.start(dx) + delta.x()));
        if (m_dimY < d && m_dimY != dx) {
            refs.push_back(base);
            refs.back().col = m_dimY;
            values.push_back(tidy(m_drag.start(m_dimY) + delta.y()));
        }
    }
    session()->editValues(refs, values, m_drag.dragId);
}

void VectorPlotView::endDrag()
{
    if (!m_drag.active)
        return;
    m_drag = Drag();
    unsetCursor();
    m_ranges.check = true;
    dataChanged(); // the axes may follow the data again
}

void VectorPlotView::keyPressEvent(QKeyEvent *event)
{
    // Along the selected token's sentence (the second one's keys in cross-attention).
    const bool keys = result().isCross() && m_binding.isKeySelected();
    const int n = static_cast<int>(keys ? result().keys().size() : result().tokens.size());
    const int delta = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    if (delta == 0 || n == 0)
        return QWidget::keyPressEvent(event);
    m_binding.setSelection(std::clamp(selectedToken() + delta, 0, n - 1), keys);
}

void VectorPlotView::contextMenuEvent(QContextMenuEvent *event)
{
    const std::unique_ptr<QMenu> menu(createContextMenu(pointAt(event->pos())));
    menu->exec(event->globalPos());
}

QMenu *VectorPlotView::createContextMenu(PointRef at)
{
    auto *menuPointer = new QMenu(this);
    QMenu &menu = *menuPointer;
    // A point of an editable vector: the helpers the tables offer too.
    sync(size());
    const int g = at.isValid() ? groupOf(at.token) : -1;
    if (session() && g >= 0 && isEditable(at.role)) {
        addVectorActions(menu, session(), {roleField(at.role), m_drawn.cloud.groups()[g].key, head()},
            [this](const QString &text) { Q_EMIT message(text); });
        menu.addSeparator();
    }
    // Notes are kept on the sentence's tokens (their query points).
    if (at.isValid() && session() && !m_drawn.cloud.isSecondSentence(at.token)) {
        addAnnotationActions(menu, session(), {QStringLiteral("vectors"), at.token, -1}, annotationTextDialog(this));
        menu.addSeparator();
    }
    const QStringList names {tr("Queries (q)"), tr("Keys (k)"), tr("Values (v)")};
    for (Role role : roles) {
        QAction *a = menu.addAction(names[static_cast<int>(idx(role))]);
        a->setCheckable(true);
        a->setChecked(isRoleShown(role));
        connect(a, &QAction::toggled, this, [this, role](bool on) { setRoleShown(role, on); });
    }
    menu.addSeparator();
    const int d = dim();
    menu.setToolTipsVisible(true);
    QAction *pca = menu.addAction(tr("Flatten to 2-D (PCA)"));
    pca->setObjectName(QStringLiteral("pcaAction"));
    pca->setToolTip(tr("Show the vectors on the plane that keeps them most spread out (principal component "
                       "analysis); unchecked, two chosen dimensions"));
    pca->setCheckable(true);
    pca->setChecked(usesPrincipalAxes());
    pca->setEnabled(d > 0);
    connect(pca, &QAction::toggled, this, [this](bool on) {
        if (on)
            setAxes(Axes::Principal);
        else
            setDimensions(m_dimX, m_dimY);
    });
    QAction *refit = menu.addAction(tr("Refit the plane to the points"));
    refit->setObjectName(QStringLiteral("refitAction"));
    refit->setToolTip(tr("The plane stays fixed while you edit, so points do not jump; fit it again to the "
                         "vectors as they are now"));
    refit->setEnabled(usesPrincipalAxes());
    connect(refit, &QAction::triggered, this, &VectorPlotView::refitProjection);
    for (int axis = 0; axis < 2 && d > 0; ++axis) {
        QMenu *sub = menu.addMenu(axis == 0 ? tr("Horizontal axis: dimension") : tr("Vertical axis: dimension"));
        for (int i = 0; i < std::min(d, 64); ++i) {
            QAction *a = sub->addAction(QString::number(i + 1));
            a->setCheckable(true);
            a->setChecked(!usesPrincipalAxes() && (axis == 0 ? m_dimX : m_dimY) == i);
            connect(a, &QAction::triggered, this,
                [this, axis, i] { setDimensions(axis == 0 ? i : m_dimX, axis == 1 ? i : m_dimY); });
        }
    }
    return menuPointer;
}

bool VectorPlotView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = describePoint(pointAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace qkv
