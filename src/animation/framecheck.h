#pragma once

#include "animation/animationwriter.h"

namespace qkv::animation {

// Why `frames` cannot be written in `format` (at most `maxSide` pixels a side), or empty.
inline QString framesProblem(const Frames &frames, int maxSide, const QString &format)
{
    if (frames.images.empty())
        return QStringLiteral("an animation needs at least one frame");
    const QSize size = frames.images.front().size();
    if (size.isEmpty() || size.width() > maxSide || size.height() > maxSide)
        return QStringLiteral("%1 is at most %2 pixels a side").arg(format).arg(maxSide);
    for (const QImage &image : frames.images)
        if (image.size() != size)
            return QStringLiteral("every frame of an animation has the same size");
    return {};
}

} // namespace qkv::animation
