#include "figures/figurewriter.h"

#include "figures/pathtextdevice.h"
#include "platform/atomicsave.h"

#include <QBuffer>
#include <QImage>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

constexpr double screenDpi = 96.0;

} // namespace

QImage renderImage(const FigureSpec &spec, const PaintFigure &paint, QString *error)
{
    return renderImageInBands(spec, paint, {}, error);
}

QImage renderImageInBands(
    const FigureSpec &spec, const PaintFigure &paint, const BetweenBands &between, QString *error, qint64 bandPixels)
{
    const QSize pixels(static_cast<int>(std::lround(spec.size.width() * spec.scale)),
        static_cast<int>(std::lround(spec.size.height() * spec.scale)));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        if (error)
            *error
                = QStringLiteral("a %1 × %2 px image does not fit in memory").arg(pixels.width()).arg(pixels.height());
        return {};
    }
    image.fill(Qt::white);
    // Painted at the screen's 96 DPI and scaled, so a font's points become the same share of the
    // figure at every scale; only then is the file's DPI set, for viewers that print at size. (Set
    // before painting, the DPI would grow point-size text a second time.)
    const auto setDpi = [&image](double dpi) {
        const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
    };
    setDpi(screenDpi);
    const int bandRows
        = between ? static_cast<int>(std::max<qint64>(1, bandPixels / std::max(1, pixels.width()))) : pixels.height();
    const int bands = std::max(1, (pixels.height() + bandRows - 1) / bandRows);
    for (int band = 0; band < bands; ++band) {
        // A band is an image over the rows of the whole one, painted with the figure moved up:
        // a clip would not hold, as the chart widget sets its own.
        const int top = band * bandRows;
        QImage rows(image.scanLine(top), pixels.width(), std::min(bandRows, pixels.height() - top),
            image.bytesPerLine(), image.format());
        rows.setDotsPerMeterX(image.dotsPerMeterX());
        rows.setDotsPerMeterY(image.dotsPerMeterY());
        {
            QPainter p(&rows);
            p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
            p.translate(0, -top);
            p.scale(spec.scale, spec.scale);
            paint(p, QRectF(QPointF(0, 0), QSizeF(spec.size)));
        }
        if (between && !between(band + 1, bands))
            return {};
    }
    setDpi(screenDpi * spec.scale);
    return image;
}

QByteArray encodePng(const QImage &image, QString *error)
{
    if (image.isNull())
        return {};
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image)) {
        if (error)
            *error = writer.errorString();
        return {};
    }
    return bytes;
}

namespace {

// Qt writes a font's family as Qt names it ("Sans Serif" is Qt's and fontconfig's alias, unknown
// to browsers and rsvg): every family becomes a CSS list ending in a generic family, so any viewer
// picks a sans font.
QByteArray cssFontFamilies(const QByteArray &svg)
{
    static const QRegularExpression family(QStringLiteral("font-family=\"([^\"]*)\""));
    QString text = QString::fromUtf8(svg);
    QString out;
    out.reserve(text.size() + 1024);
    qsizetype last = 0;
    for (auto it = family.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const QString name = m.captured(1);
        const bool alias = QStringList {u"Sans Serif"_qs, u"Sans"_qs, u"SansSerif"_qs, u"sans-serif"_qs}.contains(name);
        QString list = alias ? QString() : QStringLiteral("'%1', ").arg(name);
        if (!name.contains(u"DejaVu"))
            list += QStringLiteral("'DejaVu Sans', ");
        list += QStringLiteral("sans-serif");
        out += QStringView(text).mid(last, m.capturedStart() - last);
        out += QStringLiteral("font-family=\"%1\"").arg(list);
        last = m.capturedEnd();
    }
    out += QStringView(text).mid(last);
    return out.toUtf8();
}

QByteArray svg(const FigureSpec &spec, const PaintFigure &paint)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(spec.size);
    generator.setViewBox(QRect(QPoint(0, 0), spec.size));
    generator.setResolution(static_cast<int>(screenDpi));
    generator.setTitle(spec.title);
    generator.setDescription(QStringLiteral("Made with QKV Lab"));
    PathTextDevice outlines(&generator);
    {
        QPainter p(spec.textAsPaths ? static_cast<QPaintDevice *>(&outlines) : &generator);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        paint(p, QRectF(QPointF(0, 0), QSizeF(spec.size)));
    }
    return cssFontFamilies(bytes);
}

QByteArray pdf(const FigureSpec &spec, const PaintFigure &paint)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setResolution(static_cast<int>(screenDpi));
    writer.setTitle(spec.title);
    writer.setCreator(QStringLiteral("QKV Lab"));
    // The page is the figure: its size in points (1/72 in) at 96 logical pixels per inch.
    const QSizeF points = QSizeF(spec.size) * (72.0 / screenDpi);
    writer.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
        QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    {
        QPainter p(&writer);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        paint(p, QRectF(QPointF(0, 0), QSizeF(spec.size)));
    }
    return bytes;
}

} // namespace

QByteArray renderFigure(const FigureSpec &spec, const PaintFigure &paint, QString *error)
{
    switch (spec.format) {
    case FigureFormat::Png:
        return encodePng(renderImage(spec, paint, error), error);
    case FigureFormat::Svg:
        return svg(spec, paint);
    case FigureFormat::Pdf:
        return pdf(spec, paint);
    }
    return {};
}

QString writeFigure(const QString &path, const FigureSpec &spec, const PaintFigure &paint)
{
    QString error;
    const QByteArray bytes = renderFigure(spec, paint, &error);
    if (bytes.isEmpty())
        return QStringLiteral("Could not render %1: %2").arg(path, error);
    return saveAtomically(path, bytes);
}

} // namespace qkv
