#pragma once

#include <QIcon>

class QAction;
class QPalette;

namespace qkv {

// One of the program's own toolbar icons (resources/icons/NAME.svg), drawn in the palette's text
// colour so that it reads on light and dark themes alike.
QIcon toolIcon(const QString &name, const QPalette &palette);

// A toolbar's stand-in for `action`, whose text changes at every step (Undo's "Undo Type “s”"):
// named `text` once, enabled with it, triggering it, its tooltip read from it when the pointer
// comes to rest on the button. The action's own button would take each new text, and each text
// lays out the toolbar, and with it the whole window, again: at every keystroke.
QAction *toolbarStandIn(QAction *action, const QString &text);

} // namespace qkv
