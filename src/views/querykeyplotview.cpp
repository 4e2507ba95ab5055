#include "views/querykeyplotview.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

// AttentionViz's colours: queries green, keys pink; ten categories for tokens.
constexpr QRgb queryColour = 0xff2ca02c, keyColour = 0xffe377c2;
constexpr QRgb categories[10] = {0xff1f77b4, 0xffff7f0e, 0xff2ca02c, 0xffd62728, 0xff9467bd, 0xff8c564b, 0xffe377c2,
    0xff7f7f7f, 0xffbcbd22, 0xff17becf};
constexpr double pickRadius = 6;

} // namespace

QueryKeyPlotView::QueryKeyPlotView(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumSize(200, 160);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void QueryKeyPlotView::setPoints(
    std::vector<QPointF> queries, std::vector<QPointF> keys, std::vector<int> positions, std::vector<int> tokens)
{
    m_queries = std::move(queries);
    m_keys = std::move(keys);
    m_positions = std::move(positions);
    m_tokens = std::move(tokens);
    m_maxPosition = std::max(1, m_positions.empty() ? 1 : *std::max_element(m_positions.begin(), m_positions.end()));
    fitAll();
}

void QueryKeyPlotView::setColouring(Colouring colouring)
{
    m_colouring = colouring;
    update();
}

void QueryKeyPlotView::fitAll()
{
    QRectF box;
    for (const std::vector<QPointF> *points : {&m_queries, &m_keys})
        for (const QPointF &p : *points)
            box = box.isNull() ? QRectF(p, QSizeF(1e-9, 1e-9)) : box.united(QRectF(p, QSizeF(1e-9, 1e-9)));
    m_centre = box.center();
    const double w = std::max(box.width(), 1e-9), h = std::max(box.height(), 1e-9);
    m_scale = 0.9 * std::min(double(width()) / w, double(height()) / h);
    m_fitted = !box.isNull() && width() > 0;
    update();
}

QPointF QueryKeyPlotView::toWidget(const QPointF &data, const QSizeF &size) const
{
    // y grows upwards in the data, downwards on the screen.
    return {size.width() / 2 + (data.x() - m_centre.x()) * m_scale,
        size.height() / 2 - (data.y() - m_centre.y()) * m_scale};
}

QPointF QueryKeyPlotView::widgetPoint(int index, bool key) const
{
    return toWidget((key ? m_keys : m_queries)[std::size_t(index)], QSizeF(size()));
}

QRgb QueryKeyPlotView::colour(int index, bool key) const
{
    switch (m_colouring) {
    case Colouring::Role:
        return key ? keyColour : queryColour;
    case Colouring::Position:
        return colormapColor(Colormap::Viridis, double(m_positions[std::size_t(index)]) / m_maxPosition);
    case Colouring::Token:
        return categories[std::uint32_t(m_tokens[std::size_t(index)]) * 2654435761u % 10u];
    }
    return queryColour;
}

void QueryKeyPlotView::render(QImage &image) const
{
    image.fill(palette().color(QPalette::Base));
    const int w = image.width(), h = image.height();
    const double scaleX = double(w) / std::max(1, width()), scaleY = double(h) / std::max(1, height());
    const QSizeF size(width(), height());
    // Each dot a square of 3 × 3 pixels written straight into the image (a QPainter call a dot
    // would take ten times as long), a token's query just after its key so neither role hides
    // the other.
    const auto dot = [&](const QPointF &data, QRgb rgb) {
        const QPointF p = toWidget(data, size);
        const int x = int(std::lround(p.x() * scaleX)), y = int(std::lround(p.y() * scaleY));
        if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1)
            return;
        for (int dy = -1; dy <= 1; ++dy) {
            auto *line = reinterpret_cast<QRgb *>(image.scanLine(y + dy));
            line[x - 1] = line[x] = line[x + 1] = rgb;
        }
    };
    for (std::size_t i = 0; i < m_queries.size(); ++i) {
        dot(m_keys[i], colour(int(i), true));
        dot(m_queries[i], colour(int(i), false));
    }
}

void QueryKeyPlotView::paintEvent(QPaintEvent *)
{
    const qreal ratio = devicePixelRatioF();
    const QSize pixels = (QSizeF(size()) * ratio).toSize();
    if (m_frame.size() != pixels)
        m_frame = QImage(pixels, QImage::Format_RGB32);
    render(m_frame);
    m_frame.setDevicePixelRatio(ratio);
    QPainter painter(this);
    painter.drawImage(0, 0, m_frame);
    if (m_queries.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
            tr("Choose a head and Plot: its queries and keys over the corpus appear here."));
    }
}

void QueryKeyPlotView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (!m_fitted)
        fitAll();
}

int QueryKeyPlotView::pointAt(const QPointF &pos, bool *key) const
{
    // A scan of every dot: 50,000 distances take well under a millisecond.
    int best = -1;
    double bestDistance = pickRadius * pickRadius;
    const QSizeF size(width(), height());
    for (const bool keys : {false, true}) {
        const std::vector<QPointF> &points = keys ? m_keys : m_queries;
        for (std::size_t i = 0; i < points.size(); ++i) {
            const QPointF d = toWidget(points[i], size) - pos;
            const double distance = d.x() * d.x() + d.y() * d.y();
            if (distance < bestDistance) {
                bestDistance = distance;
                best = int(i);
                if (key)
                    *key = keys;
            }
        }
    }
    return best;
}

void QueryKeyPlotView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_pressedAt = m_lastDrag = event->position();
    m_dragging = false;
}

void QueryKeyPlotView::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton) {
        const QPointF moved = event->position() - m_lastDrag;
        if (m_dragging || (event->position() - m_pressedAt).manhattanLength() > 3) {
            m_dragging = true;
            m_centre -= QPointF(moved.x() / m_scale, -moved.y() / m_scale);
            m_lastDrag = event->position();
            update();
        }
        return;
    }
    bool key = false;
    const int index = pointAt(event->position(), &key);
    if (index >= 0 && m_describe)
        QToolTip::showText(event->globalPosition().toPoint(), m_describe(index, key), this);
    else
        QToolTip::hideText();
}

void QueryKeyPlotView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(event);
    if (!m_dragging) {
        bool key = false;
        const int index = pointAt(event->position(), &key);
        if (index >= 0)
            Q_EMIT pointClicked(index, key);
    }
    m_dragging = false;
}

void QueryKeyPlotView::mouseDoubleClickEvent(QMouseEvent *)
{
    fitAll();
}

void QueryKeyPlotView::wheelEvent(QWheelEvent *event)
{
    // Zoom about the pointer: the data point under it stays under it.
    const double factor = std::pow(1.15, event->angleDelta().y() / 120.0);
    const QPointF at = event->position();
    const QPointF before(
        m_centre.x() + (at.x() - width() / 2.0) / m_scale, m_centre.y() - (at.y() - height() / 2.0) / m_scale);
    m_scale = std::clamp(m_scale * factor, 1e-9, 1e12);
    m_centre
        = QPointF(before.x() - (at.x() - width() / 2.0) / m_scale, before.y() + (at.y() - height() / 2.0) / m_scale);
    update();
}

} // namespace qkv
