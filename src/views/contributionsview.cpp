#include "views/contributionsview.h"

#include "views/accessiblegrid.h"

#include <QKeyEvent>
#include <QPainter>

#include <algorithm>

namespace qkv {

ContributionsView::ContributionsView(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Where the output comes from"));
    connect(&m_binding, &SessionBinding::resultChanged, this, &ContributionsView::sync);
    connect(&m_binding, &SessionBinding::headChanged, this, &ContributionsView::sync);
    connect(&m_binding, &SessionBinding::selectionChanged, this, &ContributionsView::sync);
    sync();
}

void ContributionsView::setSession(DocumentSession *session)
{
    m_binding.setSession(session);
}

void ContributionsView::sync()
{
    m_figure.setData(&m_binding.result(), m_binding.head());
    m_figure.setQuery(m_binding.isKeySelected() ? -1 : m_binding.selectedToken());
    update();
    notifyViewChanged(this);
}

FigureStyle ContributionsView::figureStyle() const
{
    return {palette(), font(), false, locale()};
}

void ContributionsView::paint(QPainter &painter, const QRectF &rect) const
{
    m_figure.paint(painter, rect, figureStyle());
}

void ContributionsView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    paint(painter, rect());
}

void ContributionsView::keyPressEvent(QKeyEvent *event)
{
    const int n = static_cast<int>(m_binding.result().tokens.size());
    const int delta = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    if (delta == 0 || n == 0)
        return QWidget::keyPressEvent(event);
    m_binding.setSelection(std::clamp(std::max(m_figure.query(), 0) + delta, 0, n - 1));
}

void ContributionsView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
}

} // namespace qkv
