#include "views/workedview.h"

#include "export/numbertables.h"
#include "views/accessiblegrid.h"
#include "views/annotationactions.h"

#include <QClipboard>
#include <QContextMenuEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace qkv {
namespace {

const int defaultMaxKeys = WorkedOptions {}.maxKeys;

} // namespace

WorkedView::WorkedView(QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_bar(new QWidget(this))
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    verticalScrollBar()->setSingleStep(20);

    // Two groups side by side, or one above the other where the view is too narrow for both
    // (presenting, a narrow dock): no button is ever cut (layoutBar).
    auto *rows = new QBoxLayout(QBoxLayout::LeftToRight, m_bar);
    rows->setContentsMargins(6, 3, 6, 3);
    auto *layout = new QHBoxLayout;
    auto *copies = new QHBoxLayout;
    rows->addLayout(layout);
    rows->addLayout(copies);
    layout->addStretch();
    copies->addStretch();
    m_allKeys = new QToolButton(m_bar);
    m_allKeys->setText(tr("All keys"));
    m_allKeys->setCheckable(true);
    m_allKeys->setToolTip(
        tr("Work out every key term by term (up to the %1 heaviest), not only the %2 with the largest weights")
            .arg(WorkedFigure::maxListedKeys)
            .arg(defaultMaxKeys));
    connect(m_allKeys, &QToolButton::toggled, this, [this](bool all) {
        WorkedOptions o = options();
        o.maxKeys = all ? 0 : defaultMaxKeys;
        setOptions(o);
    });
    layout->addWidget(m_allKeys);
    // One precision for what is shown and what is copied: both are written by formatWorkedNumber.
    m_decimals = new QSpinBox(m_bar);
    m_decimals->setRange(0, maxTableDecimals);
    m_decimals->setValue(options().decimals);
    m_decimals->setPrefix(tr("Decimals: "));
    m_decimals->setToolTip(tr("How many decimals every number has, here and in the copied Markdown and LaTeX"));
    connect(m_decimals, &QSpinBox::valueChanged, this, [this](int decimals) {
        WorkedOptions o = options();
        o.decimals = decimals;
        setOptions(o);
    });
    layout->addWidget(m_decimals);
    for (const bool tex : {false, true}) {
        auto *button = new QToolButton(m_bar);
        button->setText(tex ? tr("Copy LaTeX") : tr("Copy Markdown"));
        button->setToolTip(tex ? tr("Copy the steps as LaTeX (amsmath) for a paper or slides")
                               : tr("Copy the steps as Markdown for a blog post or notes"));
        connect(button, &QToolButton::clicked, this, tex ? &WorkedView::copyLatex : &WorkedView::copyMarkdown);
        copies->addWidget(button);
    }
    layoutBar();
    connect(&m_binding, &SessionBinding::resultChanged, this, &WorkedView::sync);
    connect(&m_binding, &SessionBinding::headChanged, this, &WorkedView::sync);
    connect(&m_binding, &SessionBinding::selectionChanged, this, &WorkedView::sync);
    connect(&m_binding, &SessionBinding::annotationsChanged, this, &WorkedView::sync);
    m_figure.setHint(
        tr("No token selected: showing the first. Select a token in any view, or press Left / Right here."));
}

WorkedView::~WorkedView() = default;

void WorkedView::setFigureMode(bool figure)
{
    m_figureMode = figure;
    viewport()->update();
}

void WorkedView::setSession(DocumentSession *session)
{
    m_binding.setSession(session);
}

DocumentSession *WorkedView::session() const
{
    return m_binding.session();
}

void WorkedView::sync()
{
    // Pointers and numbers only: the figure works the steps out when next painted, so several
    // changes between two frames (a fast drag) cost one rebuild, and a hidden view nothing.
    // Without a session there is no document to work from (a session that went away leaves
    // none): the figure keeps the computation it was given.
    m_figure.setData(m_binding.document(), &m_binding.result(), m_binding.head());
    m_figure.setBaseline(m_binding.baseline(), m_binding.baselineName());
    m_figure.setSelection(m_binding.selectedToken(), m_binding.isKeySelected());
    m_figure.setAnnotations(m_binding.annotations(QStringLiteral("worked")));
    viewport()->update();
    notifyViewChanged(this); // a screen reader reads the steps again (accessibleviews.cpp)
}

void WorkedView::setComputation(const WorkedComputation &computation)
{
    m_figure.setComputation(computation);
    viewport()->update();
    notifyViewChanged(this);
}

void WorkedView::setOptions(const WorkedOptions &options)
{
    m_figure.setOptions(options);
    const QSignalBlocker block(m_allKeys), blockDecimals(m_decimals);
    m_allKeys->setChecked(options.maxKeys <= 0);
    m_decimals->setValue(options.decimals);
    viewport()->update();
}

void WorkedView::copyMarkdown() const
{
    QGuiApplication::clipboard()->setText(markdown());
}

void WorkedView::copyLatex() const
{
    QGuiApplication::clipboard()->setText(latex());
}

FigureStyle WorkedView::figureStyle() const
{
    return {palette(), font(), m_figureMode, locale()};
}

qreal WorkedView::contentHeight(qreal width) const
{
    return m_figure.contentHeight(width, figureStyle());
}

void WorkedView::paint(QPainter &painter, const QRectF &rect) const
{
    m_figure.paint(painter, rect, figureStyle());
}

void WorkedView::paintEvent(QPaintEvent *)
{
    updateScrollRange(); // lays out (when something changed), so the scroll bar knows the height first
    m_allKeys->setEnabled(options().maxKeys <= 0 || m_figure.hasMoreRows());
    QPainter painter(viewport());
    const int y = verticalScrollBar()->value();
    painter.translate(0, -y);
    painter.setClipRect(QRect(0, y, viewport()->width(), viewport()->height()));
    paint(painter, QRectF(0, 0, viewport()->width(), y + viewport()->height()));
}

void WorkedView::updateScrollRange()
{
    const int height = static_cast<int>(std::ceil(contentHeight(viewport()->width())));
    verticalScrollBar()->setRange(0, std::max(0, height - viewport()->height()));
    verticalScrollBar()->setPageStep(viewport()->height());
}

void WorkedView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    layoutBar();
    updateScrollRange();
}

void WorkedView::layoutBar()
{
    const QRect area = contentsRect();
    // Clear of the scroll bar, which runs the full height whether it is shown or not.
    const int width = area.width() - verticalScrollBar()->sizeHint().width();
    auto *rows = static_cast<QBoxLayout *>(m_bar->layout());
    rows->setDirection(QBoxLayout::LeftToRight);
    rows->invalidate();
    if (rows->sizeHint().width() > width) {
        rows->setDirection(QBoxLayout::TopToBottom);
        rows->invalidate();
    }
    const int height = rows->sizeHint().height();
    if (viewportMargins().top() != height)
        setViewportMargins(0, height, 0, 0);
    m_bar->setGeometry(area.left(), area.top(), width, height);
    rows->activate(); // a new direction at the same size has no resize to lay it out
}

void WorkedView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy)) {
        copyMarkdown();
        return;
    }
    const int step = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    const auto n = static_cast<int>(m_binding.result().tokens.size());
    if (step && m_binding.session() && n > 0) {
        const int current = m_binding.selectedToken();
        m_binding.setSelection(current < 0 ? 0 : std::clamp(current + step, 0, n - 1), m_binding.isKeySelected());
        return;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

void WorkedView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Copy as Markdown"), this, &WorkedView::copyMarkdown);
    menu.addAction(tr("Copy as LaTeX"), this, &WorkedView::copyLatex);
    menu.addSeparator();
    addAnnotationActions(menu, m_binding.session(), annotationSpotAt(event->pos()), annotationTextDialog(this));
    menu.exec(event->globalPos());
}

AnnotationSpot WorkedView::annotationSpotAt(const QPoint &pos) const
{
    // The viewport sits below the bar of buttons and scrolls.
    const QPointF at = viewport()->mapFrom(this, pos) + QPointF(0, verticalScrollBar()->value());
    return {QStringLiteral("worked"), m_figure.tokenAt(at, viewport()->width(), figureStyle()), -1};
}

void WorkedView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        viewport()->update();
    if (event->type() == QEvent::FontChange) // the buttons grew or shrank with the text (zoom)
        layoutBar();
}

} // namespace qkv
