#pragma once

#include <QColor>
#include <QImage>
#include <QPainter>
#include <QRectF>
#include <QString>

namespace qkv::test {

// What a view's paint(painter, rect) draws into an image of `size`, on magenta so that pixels
// it leaves unpainted stand out.
template<typename View>
QImage paintedImage(const View &view, QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::magenta);
    QPainter painter(&image);
    view.paint(painter, QRectF(QPointF(0, 0), size));
    return image;
}

// The same for a figure, drawn in `style`.
template<typename Figure, typename Style>
QImage paintedImage(const Figure &figure, const Style &style, QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::magenta);
    QPainter painter(&image);
    figure.paint(painter, QRectF(QPointF(0, 0), size), style);
    return image;
}

// How many pixels are exactly `color`.
inline int pixelsOf(const QImage &image, QRgb color)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += image.pixel(x, y) == color;
    return n;
}

// "#rrggbb": colour comparisons that fail print something readable.
inline QString hex(QRgb c)
{
    return QColor(c).name();
}

// The pixel at the centre of cell (row, col) of an n × n matrix drawn into `square`.
inline QRgb cellPixel(const QImage &image, const QRectF &square, int row, int col, int n)
{
    const qreal w = square.width() / n, h = square.height() / n;
    return image.pixel(
        static_cast<int>(square.left() + (col + 0.5) * w), static_cast<int>(square.top() + (row + 0.5) * h));
}

} // namespace qkv::test
