#pragma once

class QObject;
class QWidget;

namespace qkv {

// Gives every control and view of `window` (found by object name) its What's This text (Shift+F1),
// each ending with a link to its glossary entry. `linkHandler` filters the widgets' events to
// hear the links clicked (QEvent::WhatsThisClicked).
void installWhatsThis(QWidget *window, QObject *linkHandler);

} // namespace qkv
