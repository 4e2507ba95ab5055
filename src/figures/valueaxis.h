#pragma once

#include <QLocale>
#include <QString>

namespace qkv {

// The ticks of a value axis: from `low` to `high` in `step`s, each written with `decimals`.
struct ValueAxis {
    double low = 0;
    double high = 1;
    double step = 0.2;
    int decimals = 1;

    int tickCount() const;
    double tick(int i) const { return low + i * step; }
    QString label(int i, const QLocale &locale = QLocale::c()) const;
};

// Round ticks covering [low, high] with about `ticks` of them (Heckbert's "nice numbers": steps
// of 1, 2 or 5 times a power of ten, the ends on a step), with just the decimals the step needs:
// 0.25 gets two, 0.2 one.
ValueAxis niceAxis(double low, double high, int ticks = 5);

} // namespace qkv
