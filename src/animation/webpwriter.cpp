#include "animation/animationwriter.h"
#include "animation/framecheck.h"

#include <webp/encode.h>
#include <webp/mux.h>

#include <memory>

namespace qkv::animation {

QByteArray encodeWebp(const Frames &frames, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return QByteArray();
    };
    if (const QString why = framesProblem(frames, WEBP_MAX_DIMENSION, QStringLiteral("a WebP image")); !why.isEmpty())
        return fail(why);
    const QSize size = frames.images.front().size();
    WebPAnimEncoderOptions options;
    WebPConfig config;
    if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&config) || !WebPConfigLosslessPreset(&config, 0))
        return fail(QStringLiteral("WebP: this libwebp does not match its headers"));
    options.anim_params.loop_count = 0; // for ever
    const std::unique_ptr<WebPAnimEncoder, void (*)(WebPAnimEncoder *)> encoder(
        WebPAnimEncoderNew(size.width(), size.height(), &options), WebPAnimEncoderDelete);
    if (!encoder)
        return fail(QStringLiteral("WebP: out of memory"));
    int timestamp = 0;
    for (const QImage &frame : frames.images) {
        // Format_RGB32 is B, G, R, 0xff in memory on every machine Qt runs on little-endian.
        const QImage image = frame.convertToFormat(QImage::Format_RGB32);
        WebPPicture picture;
        if (!WebPPictureInit(&picture))
            return fail(QStringLiteral("WebP: this libwebp does not match its headers"));
        picture.use_argb = 1;
        picture.width = size.width();
        picture.height = size.height();
        const bool imported
            = WebPPictureImportBGRX(&picture, image.constBits(), static_cast<int>(image.bytesPerLine()));
        const bool added = imported && WebPAnimEncoderAdd(encoder.get(), &picture, timestamp, &config);
        WebPPictureFree(&picture);
        if (!added)
            return fail(QStringLiteral("WebP: %1").arg(QString::fromUtf8(WebPAnimEncoderGetError(encoder.get()))));
        timestamp += frames.delayMs;
    }
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAdd(encoder.get(), nullptr, timestamp, nullptr)
        || !WebPAnimEncoderAssemble(encoder.get(), &data))
        return fail(QStringLiteral("WebP: %1").arg(QString::fromUtf8(WebPAnimEncoderGetError(encoder.get()))));
    QByteArray out(reinterpret_cast<const char *>(data.bytes), static_cast<qsizetype>(data.size));
    WebPDataClear(&data);
    return out;
}

} // namespace qkv::animation
