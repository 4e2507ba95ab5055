#include "animation/animationwriter.h"
#include "animation/framecheck.h"
#include "animation/palette.h"

#include <gif_lib.h>

#include <algorithm>

namespace qkv::animation {
namespace {

int appendBytes(GifFileType *gif, const GifByteType *bytes, int length)
{
    static_cast<QByteArray *>(gif->UserData)->append(reinterpret_cast<const char *>(bytes), length);
    return length;
}

// The smallest rectangle holding every pixel that differs from the previous frame.
QRect changedRect(const QImage &before, const QImage &after)
{
    int top = after.height(), bottom = -1, left = after.width(), right = -1;
    for (int y = 0; y < after.height(); ++y) {
        const auto *a = reinterpret_cast<const QRgb *>(before.constScanLine(y));
        const auto *b = reinterpret_cast<const QRgb *>(after.constScanLine(y));
        if (std::equal(a, a + after.width(), b))
            continue;
        top = std::min(top, y);
        bottom = y;
        int x = 0;
        while (a[x] == b[x])
            ++x;
        left = std::min(left, x);
        int end = after.width() - 1;
        while (a[end] == b[end])
            --end;
        right = std::max(right, end);
    }
    // An unchanged frame still needs an image: one pixel, as it was.
    return bottom < 0 ? QRect(0, 0, 1, 1) : QRect(QPoint(left, top), QPoint(right, bottom));
}

QString gifError(int code)
{
    const char *text = GifErrorString(code);
    return QStringLiteral("GIF: %1").arg(QString::fromLatin1(text ? text : "unknown error"));
}

} // namespace

QByteArray encodeGif(const Frames &frames, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return QByteArray();
    };
    if (const QString why = framesProblem(frames, 65535, QStringLiteral("a GIF")); !why.isEmpty())
        return fail(why);
    const QSize size = frames.images.front().size();
    std::vector<QImage> images;
    std::vector<QRect> rects;
    std::vector<QImage> changed;
    for (const QImage &image : frames.images) {
        images.push_back(image.convertToFormat(QImage::Format_RGB32));
        rects.push_back(
            images.size() == 1 ? QRect(QPoint(0, 0), size) : changedRect(images[images.size() - 2], images.back()));
        changed.push_back(images.back().copy(rects.back()));
    }
    const Palette palette = Palette::fromFrames(changed);

    QByteArray out;
    int code = 0;
    GifFileType *gif = EGifOpen(&out, appendBytes, &code);
    if (!gif)
        return fail(gifError(code));
    EGifSetGifVersion(gif, true);
    // A GIF palette holds a power of two colours.
    int mapSize = 2;
    while (mapSize < static_cast<int>(palette.colors().size()))
        mapSize *= 2;
    std::vector<GifColorType> colors(static_cast<std::size_t>(mapSize), GifColorType {0, 0, 0});
    for (std::size_t i = 0; i < palette.colors().size(); ++i)
        colors[i] = {static_cast<GifByteType>(qRed(palette.colors()[i])),
            static_cast<GifByteType>(qGreen(palette.colors()[i])),
            static_cast<GifByteType>(qBlue(palette.colors()[i]))};
    ColorMapObject *map = GifMakeMapObject(mapSize, colors.data());
    bool ok = map && EGifPutScreenDesc(gif, size.width(), size.height(), 8, 0, map) == GIF_OK;
    GifFreeMapObject(map);
    // Loop for ever (the NETSCAPE2.0 extension every browser and slide program reads).
    const GifByteType loop[] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK
        && EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK && EGifPutExtensionBlock(gif, 3, loop) == GIF_OK
        && EGifPutExtensionTrailer(gif) == GIF_OK;
    GraphicsControlBlock control {DISPOSE_DO_NOT, false, std::max(1, frames.delayMs / 10), NO_TRANSPARENT_COLOR};
    GifByteType extension[4];
    EGifGCBToExtension(&control, extension);
    std::vector<GifPixelType> line(static_cast<std::size_t>(size.width()));
    for (std::size_t f = 0; ok && f < images.size(); ++f) {
        const QRect r = rects[f];
        ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_OK
            && EGifPutImageDesc(gif, r.x(), r.y(), r.width(), r.height(), false, nullptr) == GIF_OK;
        for (int y = r.top(); ok && y <= r.bottom(); ++y) {
            const auto *pixels = reinterpret_cast<const QRgb *>(images[f].constScanLine(y)) + r.x();
            for (int x = 0; x < r.width(); ++x)
                line[static_cast<std::size_t>(x)] = palette.indexOf(pixels[x]);
            ok = EGifPutLine(gif, line.data(), r.width()) == GIF_OK;
        }
    }
    const int lastError = gif->Error;
    if (EGifCloseFile(gif, &code) != GIF_OK || !ok)
        return fail(gifError(ok ? code : lastError));
    return out;
}

} // namespace qkv::animation
