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
    // 1 where the query may see the key; hidden cells are drawn hatched.
    void setVisibility(const Eigen::MatrixXd &visible);
    void setSelectedRow(int row);
    int selectedRow() const { return m_selectedRow; }
    void setColormap(Colormap map);
    Colormap colormap() const { return m_colormap; }

    // Draws into `rect` of any painter (screen, image, SVG, PDF).
    void paintHeatmap(QPainter &painter, const QRectF &rect) const;
    // The cell under a point of the widget, or (-1, -1).
    QPoint cellAt(const QPointF &pos) const;

    QSize sizeHint() const override { return {480, 480}; }

Q_SIGNALS:
    // (-1, -1) when the mouse leaves the grid.
    void cellHovered(int row, int col);
    void cellClicked(int row, int col, Qt::KeyboardModifiers modifiers);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    QRectF gridRect(const QRectF &rect) const;

    Eigen::MatrixXd m_values;
    Eigen::MatrixXd m_visible;
    QStringList m_tokens;
    int m_selectedRow = -1;
    QPoint m_hovered {-1, -1};
    Colormap m_colormap = Colormap::Viridis;
};

} // namespace qkv
