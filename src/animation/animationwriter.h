#pragma once

#include <QByteArray>
#include <QImage>
#include <QString>

#include <vector>

namespace qkv::animation {

// An animation's frames, all of one size, shown `delayMs` each, looping.
struct Frames {
    std::vector<QImage> images;
    int delayMs = 50;
};

// An animated GIF (giflib): one palette of at most 256 colours chosen for the whole animation
// from every frame's pixels (median cut), so that a heatmap's colours stay as close to its
// colormap's as 256 allow and do not flicker between frames; each frame after the first stores
// only the rectangle that changed. Empty on failure, with the reason in `error`.
QByteArray encodeGif(const Frames &frames, QString *error = nullptr);

// An animated WebP (libwebpmux), lossless: every pixel as painted.
QByteArray encodeWebp(const Frames &frames, QString *error = nullptr);

} // namespace qkv::animation
