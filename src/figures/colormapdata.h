#pragma once

#include <array>
#include <cstdint>

namespace qkv {

struct Rgb {
    std::uint8_t r, g, b;
};

// 256-entry tables, one a file (colormapviridis.cpp, …) with its source and licence.
extern const std::array<Rgb, 256> viridisData;
extern const std::array<Rgb, 256> magmaData;
extern const std::array<Rgb, 256> cividisData;

// Their credits (paragraphs of UTF-8 text, ending in a blank line) and cividis's licence, which
// every copy of the program must carry; see colormapNotices().
extern const char colormapNoticeText[];
extern const char cividisLicenceText[];

} // namespace qkv
