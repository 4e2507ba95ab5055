#pragma once

#include <QColor>

#include <algorithm>
#include <array>
#include <cmath>

// How a colour looks to a person with a colour-vision deficiency, and how far apart two colours
// look: Machado, Oliveira and Fernandes (2009), severity 1 (dichromacy), on linear sRGB; the
// difference is CIE76 ΔE in CIELAB (D65). Tests use it to check that colours telling things
// apart (heads, roles, highlights) stay apart for everyone.
namespace colourvision {

enum class Vision { Normal, Protan, Deutan, Tritan };
constexpr std::array<Vision, 4> visions {Vision::Normal, Vision::Protan, Vision::Deutan, Vision::Tritan};

inline const char *name(Vision v)
{
    switch (v) {
    case Vision::Protan:
        return "protanopia";
    case Vision::Deutan:
        return "deuteranopia";
    case Vision::Tritan:
        return "tritanopia";
    case Vision::Normal:
        break;
    }
    return "normal vision";
}

using Lab = std::array<double, 3>;

inline Lab seen(const QColor &colour, Vision vision)
{
    using M = std::array<std::array<double, 3>, 3>;
    static const M protan {
        {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}};
    static const M deutan {
        {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}};
    static const M tritan {
        {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}};
    static const M normal {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    const M &m = vision == Vision::Protan ? protan
        : vision == Vision::Deutan        ? deutan
        : vision == Vision::Tritan        ? tritan
                                          : normal;
    const auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const std::array<double, 3> in {linear(colour.redF()), linear(colour.greenF()), linear(colour.blueF())};
    std::array<double, 3> rgb {};
    for (int i = 0; i < 3; ++i)
        rgb[i] = std::clamp(m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2], 0.0, 1.0);
    const double x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047;
    const double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    const double z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
    const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

inline double difference(const QColor &a, const QColor &b, Vision vision)
{
    const Lab p = seen(a, vision), q = seen(b, vision);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

} // namespace colourvision
