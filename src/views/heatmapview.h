#pragma once

#include "colormap.h"

#include <Eigen/Core>

#include <QStringList>
#include <QWidget>

namespace qkv {

// Rows = querying token, columns = attended token; each cell coloured by its weight, with the
// value written in when it fits. One paint routine serves the screen and any QPaintDevice.
class HeatmapView : public QWidget
{
    Q_OBJECT

public:
    explicit HeatmapView(QWidget *parent = nullptr);

    void setMatrix(const Eigen::MatrixXd &values, const QStringList &tokens);
    void setColormap(Colormap map);
    Colormap colormap() const { return m_colormap; }

    // Draws into `rect` of any painter (screen, image, SVG, PDF).
    void paintHeatmap(QPainter &painter, const QRectF &rect) const;
    // The cell under a point of the widget, or (-1, -1).
    QPoint cellAt(const QPointF &pos) const;

    QSize sizeHint() const override { return {480, 480}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QRectF gridRect(const QRectF &rect) const;

    Eigen::MatrixXd m_values;
    QStringList m_tokens;
    Colormap m_colormap = Colormap::Viridis;
};

} // namespace qkv
