// The animation encoders: a GIF keeps a figure's colours (one palette for the whole animation,
// read back through Qt's own GIF reader), a WebP every pixel; both loop, hold every frame at its
// size and delay, and refuse what they cannot write.
#include "animation/animationwriter.h"
#include "animation/palette.h"

#include <QBuffer>
#include <QGuiApplication>
#include <QImageReader>
#include <QPainter>
#include <QTest>

#include <webp/demux.h>

#include <cmath>

using namespace qkv::animation;

namespace {

// A heatmap-like frame: 12 × 12 cells of 40 px, each a shade of a blue–yellow ramp moving with
// the frame, and a smooth 256-step bar beside them, with a line of text.
QImage frame(int f)
{
    QImage image(560, 500, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    for (int r = 0; r < 12; ++r)
        for (int c = 0; c < 12; ++c) {
            const double v = std::fmod((r * 12 + c) * 0.007 + f * 0.013, 1.0);
            p.fillRect(c * 40, r * 40, 40, 40, QColor::fromRgbF(0.27 + 0.7 * v, 0.0 + 0.9 * v, 0.33 + 0.3 * (1 - v)));
        }
    for (int y = 0; y < 480; ++y)
        p.fillRect(
            500, y, 30, 1, QColor::fromRgbF(0.27 + 0.7 * y / 480.0, 0.9 * y / 480.0, 0.33 + 0.3 * (1 - y / 480.0)));
    p.drawText(QRect(0, 480, 560, 20), Qt::AlignCenter, QStringLiteral("frame %1").arg(f));
    return image;
}

Frames someFrames(int n)
{
    Frames frames;
    for (int f = 0; f < n; ++f)
        frames.images.push_back(frame(f));
    frames.delayMs = 40;
    return frames;
}

int channelError(QRgb a, QRgb b)
{
    return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

} // namespace

class TstAnimation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gifKeepsTheColours()
    {
        const Frames frames = someFrames(24);
        QString error;
        QByteArray gif = encodeGif(frames, &error);
        QVERIFY2(!gif.isEmpty(), qPrintable(error));
        QVERIFY(gif.startsWith("GIF89a"));
        QVERIFY(gif.contains("NETSCAPE2.0")); // loops
        QBuffer buffer(&gif);
        QImageReader reader(&buffer, "gif");
        QCOMPARE(reader.imageCount(), 24);
        QCOMPARE(reader.loopCount(), -1); // for ever
        int worstCell = 0, worstBar = 0;
        for (int f = 0; f < 24; ++f) {
            QVERIFY(reader.canRead());
            const QImage read = reader.read().convertToFormat(QImage::Format_RGB32);
            QCOMPARE(reader.nextImageDelay(), 40);
            QCOMPARE(read.size(), QSize(560, 500));
            // Every cell's colour, at its centre, to within what the eye cannot tell apart.
            for (int r = 0; r < 12; ++r)
                for (int c = 0; c < 12; ++c)
                    worstCell = std::max(worstCell,
                        channelError(read.pixel(c * 40 + 20, r * 40 + 20),
                            frames.images[std::size_t(f)].pixel(c * 40 + 20, r * 40 + 20)));
            for (int y = 0; y < 480; y += 7)
                worstBar
                    = std::max(worstBar, channelError(read.pixel(515, y), frames.images[std::size_t(f)].pixel(515, y)));
        }
        QVERIFY2(worstCell <= 3, qPrintable(QString::number(worstCell)));
        QVERIFY2(worstBar <= 8, qPrintable(QString::number(worstBar))); // 480 shades share the rest
    }

    // Few colours come back exactly; a frame like the last stores one pixel.
    void gifOfFewColoursIsExact()
    {
        Frames frames;
        for (const QColor &c : {QColor(Qt::red), QColor(Qt::blue), QColor(Qt::blue), QColor(12, 200, 99)}) {
            QImage image(64, 32, QImage::Format_RGB32);
            image.fill(Qt::white);
            QPainter(&image).fillRect(8, 8, 16, 16, c);
            frames.images.push_back(image);
        }
        QByteArray gif = encodeGif(frames);
        QBuffer buffer(&gif);
        QImageReader reader(&buffer, "gif");
        for (const QImage &expected : frames.images)
            QCOMPARE(reader.read().convertToFormat(QImage::Format_RGB32), expected);
        QVERIFY(!reader.canRead());
    }

    void webpKeepsEveryPixel()
    {
        const Frames frames = someFrames(6);
        QString error;
        const QByteArray webp = encodeWebp(frames, &error);
        QVERIFY2(!webp.isEmpty(), qPrintable(error));
        WebPData data {reinterpret_cast<const uint8_t *>(webp.constData()), static_cast<size_t>(webp.size())};
        WebPAnimDecoderOptions options;
        QVERIFY(WebPAnimDecoderOptionsInit(&options));
        options.color_mode = MODE_BGRA;
        WebPAnimDecoder *decoder = WebPAnimDecoderNew(&data, &options);
        QVERIFY(decoder);
        WebPAnimInfo info;
        QVERIFY(WebPAnimDecoderGetInfo(decoder, &info));
        QCOMPARE(info.frame_count, 6u);
        QCOMPARE(info.loop_count, 0u);
        QCOMPARE(int(info.canvas_width), 560);
        for (std::size_t f = 0; f < 6; ++f) {
            uint8_t *pixels = nullptr;
            int timestamp = 0;
            QVERIFY(WebPAnimDecoderGetNext(decoder, &pixels, &timestamp));
            QCOMPARE(timestamp, int(f + 1) * 40);
            const QImage read(pixels, 560, 500, 560 * 4, QImage::Format_ARGB32);
            QCOMPARE(read.convertToFormat(QImage::Format_RGB32), frames.images[f]);
        }
        WebPAnimDecoderDelete(decoder);
    }

    void refusals()
    {
        QString error;
        QVERIFY(encodeGif(Frames {}, &error).isEmpty());
        QCOMPARE(error, u"an animation needs at least one frame"_qs);
        Frames mixed = someFrames(2);
        mixed.images.push_back(QImage(10, 10, QImage::Format_RGB32));
        QVERIFY(encodeGif(mixed, &error).isEmpty());
        QCOMPARE(error, u"every frame of an animation has the same size"_qs);
        QVERIFY(encodeWebp(mixed, &error).isEmpty());
        QCOMPARE(error, u"every frame of an animation has the same size"_qs);
    }

    // The palette: never more than asked, and each colour's nearest.
    void paletteIsBoundedAndNearest()
    {
        const std::vector<QImage> frames {frame(0), frame(9)};
        const Palette palette = Palette::fromFrames(frames, 64);
        QVERIFY(palette.colors().size() <= 64);
        QVERIFY(palette.colors().size() >= 32);
        for (const QRgb probe : {frames[0].pixel(20, 20), frames[1].pixel(300, 100), frames[0].pixel(515, 240)}) {
            const QRgb chosen = palette.colors()[palette.indexOf(probe)];
            for (const QRgb other : palette.colors())
                QVERIFY(channelError(other, probe) >= channelError(chosen, probe) - 4);
        }
    }
};

QTEST_MAIN(TstAnimation)
#include "tst_animation.moc"
