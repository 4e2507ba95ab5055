#include "views/contributionsview.h"

#include "views/accessiblegrid.h"

#include <QAction>
#include <QKeyEvent>
#include <QPainter>

#include <algorithm>

namespace qkv {

ContributionsView::ContributionsView(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Where the output comes from"));
    m_throughWo = new QAction(tr("Through W_O"), this);
    m_throughWo->setObjectName(QStringLiteral("actionThroughWo"));
    m_throughWo->setCheckable(true);
    m_throughWo->setStatusTip(tr("Take the model's output apart: every head's parts through W_O"));
    connect(m_throughWo, &QAction::toggled, this, &ContributionsView::sync);
    addAction(m_throughWo);
    setContextMenuPolicy(Qt::ActionsContextMenu);
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
    // W_O exists in projection mode only, when the document gives one.
    const Document *doc = m_binding.document();
    const bool wo = doc && doc->settings().mode == Mode::Projection && doc->wo();
    m_throughWo->setEnabled(wo);
    m_figure.setWo(wo && m_throughWo->isChecked() ? doc->wo() : std::nullopt);
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
