#pragma once

#include <QByteArray>
#include <QImage>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

namespace qkv {

// In the order of the figure rows of export/outputformats.cpp (the export dialog lists them so).
enum class FigureFormat { Png, Svg, Pdf };

// A figure to write: its size in logical pixels (1 px = 1/96 in), the PNG scale (1–4×, written
// into the file as its DPI) and a title stored in SVG and PDF metadata.
struct FigureSpec {
    QSize size {1000, 1000};
    double scale = 1.0;
    FigureFormat format = FigureFormat::Png;
    QString title;
    bool textAsPaths = false; // SVG: glyph outlines, for slides opened where the fonts are missing
};

// A view's one painting routine: draws the figure into `rect` of any painter.
using PaintFigure = std::function<void(QPainter &painter, const QRectF &rect)>;

// The figure painted into an image of spec.size × spec.scale pixels on white, its DPI set as a
// PNG's; null on failure (too large for memory), with the reason in `error`.
QImage renderImage(const FigureSpec &spec, const PaintFigure &paint, QString *error = nullptr);

// Told after each band of rows of a large image is painted (`done` of `total`); false stops the
// painting.
using BetweenBands = std::function<bool(int done, int total)>;

// The same image painted band by band (at most `bandPixels` each, one band below that), each band
// the whole figure moved up over its rows, so painting that must stay on the GUI thread (the
// vector plot's chart) lets the window answer between bands. Null once `between` stops it.
QImage renderImageInBands(const FigureSpec &spec, const PaintFigure &paint, const BetweenBands &between,
    QString *error = nullptr, qint64 bandPixels = 8 << 20);

// A rendered image as the bytes of a PNG (its DPI kept); empty on failure, with the reason.
// The slow half of a large PNG: ten times the painting at 12,000 × 12,000 pixels.
QByteArray encodePng(const QImage &image, QString *error = nullptr);

// The figure as the bytes of a PNG, SVG (text stays text unless textAsPaths; viewBox = size) or PDF (one page of
// exactly the figure's size). Empty on failure, with the reason in `error`.
QByteArray renderFigure(const FigureSpec &spec, const PaintFigure &paint, QString *error = nullptr);

// Renders and saves atomically (saveAtomically): a failed write leaves no partial file and
// returns the reason; an empty string means success.
QString writeFigure(const QString &path, const FigureSpec &spec, const PaintFigure &paint);

} // namespace qkv
