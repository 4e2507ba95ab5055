#pragma once

#include <QList>
#include <QString>

class QCoreApplication;

namespace qkv::app {

// The window's language: the one chosen in View → Language (kept in the settings), else the
// system's when the program has a catalogue for it, else English, the language of the sources.
struct Language {
    QString code; // "de", "en"
    QString name; // in its own language: "Deutsch", "English"
};

// English and every language the program carries a catalogue of (":/i18n/qkvlab_CODE.qm").
QList<Language> availableLanguages();
// The chosen language's code, or empty for the system's.
QString chosenLanguage();
void setChosenLanguage(const QString &code);
// The language the window shows: the chosen one, else the system's when available, else "en".
QString effectiveLanguage();
// Installs the catalogues of effectiveLanguage() into `app` (ours, and Qt's own for its dialogs
// when the system has them); the window's texts are translated from then on.
void installTranslators(QCoreApplication &app);
// English's plural forms ("1 other", not "1 others"), for the command line, which is English.
void installEnglishPlurals(QCoreApplication &app);

} // namespace qkv::app
