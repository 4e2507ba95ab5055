#pragma once

class QPalette;

namespace qkv {

enum class Theme { System, Light, Dark, HighContrast };

// Light, dark and high-contrast palettes on the Fusion style, or the desktop's own.
void applyTheme(Theme theme);
// Qt 6.4 has no colorScheme(): compare the window and text lightness.
bool isDark(const QPalette &palette);

} // namespace qkv
