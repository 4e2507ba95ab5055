#pragma once

#include <QIcon>

class QPalette;

namespace qkv {

// One of the program's own toolbar icons (resources/icons/NAME.svg), drawn in the palette's text
// colour so that it reads on light and dark themes alike.
QIcon toolIcon(const QString &name, const QPalette &palette);

} // namespace qkv
