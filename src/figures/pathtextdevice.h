#pragma once

#include <QPaintDevice>

#include <memory>

namespace qkv {

class PathTextEngine;

// A paint device that passes everything painted on it to `target`, but text as filled glyph
// outlines: an SVG for slides opened where the fonts are missing looks the same, and has no
// <text> left. Views paint on it as on any vector device; only drawTextItem differs.
class PathTextDevice final : public QPaintDevice
{
public:
    explicit PathTextDevice(QPaintDevice *target);
    ~PathTextDevice() override;

    QPaintEngine *paintEngine() const override;

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    QPaintDevice *m_target;
    std::unique_ptr<PathTextEngine> m_engine;
};

} // namespace qkv
