#include "panels/language.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <algorithm>

namespace qkv::app {
namespace {

const QString catalogueFolder = QStringLiteral(":/i18n");
const QString settingsKey = QStringLiteral("language");

} // namespace

QList<Language> availableLanguages()
{
    QList<Language> out {{QStringLiteral("en"), QStringLiteral("English")}};
    const QStringList files = QDir(catalogueFolder).entryList({QStringLiteral("qkvlab_*.qm")}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        const QString code = file.mid(7, file.size() - 10); // qkvlab_CODE.qm
        if (code == u"en")
            continue; // the plural forms of the sources' own language
        QString name = QLocale(code).nativeLanguageName();
        if (!name.isEmpty())
            name[0] = name[0].toUpper();
        out.append({code, name.isEmpty() ? code : name});
    }
    return out;
}

QString chosenLanguage()
{
    return QSettings().value(settingsKey).toString();
}

void setChosenLanguage(const QString &code)
{
    QSettings settings;
    if (code.isEmpty())
        settings.remove(settingsKey);
    else
        settings.setValue(settingsKey, code);
}

QString effectiveLanguage()
{
    const QList<Language> languages = availableLanguages();
    const auto has = [&](const QString &code) {
        return std::any_of(languages.begin(), languages.end(), [&](const Language &l) { return l.code == code; });
    };
    if (QString chosen = chosenLanguage(); !chosen.isEmpty() && has(chosen))
        return chosen;
    // The first of the system's preferred languages that the program has.
    for (const QString &ui : QLocale().uiLanguages()) {
        QString code = QLocale(ui).name().section(u'_', 0, 0);
        if (has(code))
            return code;
    }
    return QStringLiteral("en");
}

void installEnglishPlurals(QCoreApplication &app)
{
    auto *plurals = new QTranslator(&app);
    if (plurals->load(QStringLiteral("qkvlab_en"), catalogueFolder))
        QCoreApplication::installTranslator(plurals);
}

void installTranslators(QCoreApplication &app)
{
    const QString code = effectiveLanguage();
    if (code == QLatin1String("en")) {
        installEnglishPlurals(app);
        return;
    }
    // Parented to the application, they live as long as it does.
    auto *ours = new QTranslator(&app);
    if (ours->load(QStringLiteral("qkvlab_") + code, catalogueFolder))
        QCoreApplication::installTranslator(ours);
    auto *qts = new QTranslator(&app);
    if (qts->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qts);
}

} // namespace qkv::app
