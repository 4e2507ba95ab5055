#include "figures/valueaxis.h"

#include "figures/numbertext.h"

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

// The nice number near x: 1, 2, 5 or 10 times a power of ten, at least x when rounding up.
double niceNumber(double x, bool up)
{
    const double power = std::pow(10.0, std::floor(std::log10(x)));
    const double f = x / power;
    double nice = 10;
    if (up)
        nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
    else
        nice = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
    return nice * power;
}

} // namespace

int ValueAxis::tickCount() const
{
    return step > 0 ? static_cast<int>(std::lround((high - low) / step)) + 1 : 1;
}

QString ValueAxis::label(int i, const QLocale &locale) const
{
    return formatSigned(tick(i), decimals, locale);
}

ValueAxis niceAxis(double low, double high, int ticks)
{
    ValueAxis a;
    if (!std::isfinite(low) || !std::isfinite(high))
        return a;
    if (high <= low)
        high = low + 1;
    const double range = niceNumber(high - low, true);
    a.step = niceNumber(range / std::max(1, ticks - 1), false);
    a.low = std::floor(low / a.step) * a.step;
    a.high = std::ceil(high / a.step - 1e-9) * a.step;
    a.decimals = 0;
    while (a.decimals < 6) {
        const double scaled = a.step * std::pow(10.0, a.decimals);
        if (std::abs(scaled - std::round(scaled)) <= 1e-6 * std::max(1.0, scaled))
            break;
        ++a.decimals;
    }
    return a;
}

} // namespace qkv
