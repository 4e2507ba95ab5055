#pragma once

#include "figures/colormap.h"

#include <QImage>
#include <QWidget>

#include <functional>
#include <vector>

namespace qkv {

// AttentionViz's joint plot of one head (analysis/querykeyplane.h): the queries and keys of every
// token of a corpus as dots in one plane, tens of thousands of them, painted straight into an
// image so that panning (drag) and zooming (the wheel, about the pointer) keep up with the
// mouse; a dot's token in a tooltip, a click choosing it, a double-click fitting all of them.
class QueryKeyPlotView : public QWidget
{
    Q_OBJECT

public:
    enum class Colouring { Role, Position, Token };
    explicit QueryKeyPlotView(QWidget *parent = nullptr);

    // A point per token as a query and as a key, with its place in its passage and its id.
    void setPoints(
        std::vector<QPointF> queries, std::vector<QPointF> keys, std::vector<int> positions, std::vector<int> tokens);
    int pointCount() const { return int(m_queries.size()); }
    void setColouring(Colouring colouring);
    Colouring colouring() const { return m_colouring; }
    // What a tooltip says of token `index` as a query or a key.
    void setDescriber(std::function<QString(int index, bool key)> describe) { m_describe = std::move(describe); }

    // Every point in view, with a margin.
    void fitAll();
    // Data units → pixels: the scale (pixels per unit) and the data point at the widget's centre.
    double scale() const { return m_scale; }
    QPointF centre() const { return m_centre; }
    // The token under a widget point (within a few pixels; the nearest), −1 for none.
    int pointAt(const QPointF &pos, bool *key) const;
    QPointF widgetPoint(int index, bool key) const;
    // The frame as paintEvent draws it, into `image` (of the widget's size or any other).
    void render(QImage &image) const;
    // The colour of a token's dot.
    QRgb colour(int index, bool key) const;

    QSize sizeHint() const override { return {640, 480}; }

Q_SIGNALS:
    void pointClicked(int index, bool key);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;

private:
    QPointF toWidget(const QPointF &data, const QSizeF &size) const;

    std::vector<QPointF> m_queries, m_keys;
    std::vector<int> m_positions, m_tokens;
    int m_maxPosition = 1;
    Colouring m_colouring = Colouring::Role;
    std::function<QString(int, bool)> m_describe;
    double m_scale = 1;
    QPointF m_centre;
    bool m_fitted = false;
    QPointF m_pressedAt, m_lastDrag;
    bool m_dragging = false;
    QImage m_frame; // reused from paint to paint
};

} // namespace qkv
