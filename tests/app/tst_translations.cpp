// The translation catalogues (resources/translations/qkvlab_CODE.ts): every text of the window
// translated, placeholders kept, no text of the sources missing (Qt's lupdate is run over src/
// and ui/ as the update_translations target runs it), and the window shown in a catalogue's
// language when it is chosen.
#include "app/mainwindow.h"
#include "attention/engine.h"
#include "document/documentio.h"
#include "export/workedcomputation.h"
#include "panels/examplenotedock.h"
#include "panels/language.h"
#include "views/workedview.h"

#include <QDir>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace qkv;

namespace {

struct Message {
    QString context, source;
    QStringList translations; // one, or a plural's forms
    QString state; // the translation's type: "" when finished
};

QList<Message> readCatalogue(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<Message> out;
    QXmlStreamReader xml(&file);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == u"name") {
            context = xml.readElementText();
        } else if (name == u"message") {
            if (!m.source.isNull())
                out.append(m);
            m = Message {context, QString(), {}, QString()};
        } else if (name == u"source") {
            m.source = xml.readElementText();
        } else if (name == u"translation") {
            m.state = xml.attributes().value(QStringLiteral("type")).toString();
            if (xml.readNext() == QXmlStreamReader::Characters && !xml.isWhitespace())
                m.translations << xml.text().toString();
        } else if (name == u"numerusform") {
            m.translations << xml.readElementText();
        }
    }
    if (!m.source.isNull())
        out.append(m);
    if (xml.hasError())
        *error = xml.errorString();
    return out;
}

QString catalogueFolder()
{
    return qEnvironmentVariable("QKV_SOURCE_DIR") + u"/resources/translations"_qs;
}

// The translations (English's catalogue holds only its plural forms).
QStringList catalogues()
{
    const QDir dir(catalogueFolder());
    QStringList out;
    for (const QString &f : dir.entryList({u"qkvlab_*.ts"_qs}, QDir::Files))
        if (f != u"qkvlab_en.ts")
            out << dir.filePath(f);
    return out;
}

// The messages lupdate finds in the sources for a copy of `path` (extra options: -pluralonly).
QList<Message> updatedCopy(const QString &path, const QStringList &options, QString *error)
{
    const QString source = qEnvironmentVariable("QKV_SOURCE_DIR");
    QTemporaryDir dir;
    const QString copy = dir.filePath(QFileInfo(path).fileName());
    QFile::copy(path, copy);
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(QKV_LUPDATE),
        QStringList {u"-locations"_qs, u"none"_qs, u"-no-obsolete"_qs, u"-extensions"_qs, u"cpp,h,ui"_qs} + options
            + QStringList {source + u"/src"_qs, source + u"/ui"_qs, u"-ts"_qs, copy});
    if (!lupdate.waitForFinished(120000) || lupdate.exitCode() != 0) {
        *error = QString::fromLocal8Bit(lupdate.readAll());
        return {};
    }
    return readCatalogue(copy, error);
}

// %1 … %9, %L1, %n, as a sorted list: what a translation must keep.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression pattern(u"%L?[1-9n]"_qs);
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    found.sort();
    found.removeDuplicates();
    return found;
}

} // namespace

class TstTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(!catalogues().isEmpty(), "no catalogue in resources/translations");
    }

    void everyTextIsTranslatedWithItsPlaceholders()
    {
        static const QRegularExpression shortcut(u"^(Ctrl|Shift|Alt|Meta)\\+"_qs);
        for (const QString &path : catalogues()) {
            QString error;
            const QList<Message> messages = readCatalogue(path, &error);
            QVERIFY2(error.isEmpty(), qPrintable(path + u": "_qs + error));
            QVERIFY(messages.size() > 600);
            QStringList wrong;
            for (const Message &m : messages) {
                const QString where = QFileInfo(path).fileName() + u" "_qs + m.context + u": "_qs + m.source.left(60);
                if (!m.state.isEmpty() || m.translations.isEmpty())
                    wrong << where + u" (not translated: "_qs + (m.state.isEmpty() ? u"empty"_qs : m.state) + u")"_qs;
                for (const QString &t : m.translations) {
                    if (t.trimmed().isEmpty())
                        wrong << where + u" (an empty form)"_qs;
                    else if (placeholders(t) != placeholders(m.source))
                        wrong << where + u" (placeholders "_qs + placeholders(t).join(u' ') + u")"_qs;
                    // Key sequences are read by QKeySequence, which knows only these names.
                    else if (shortcut.match(m.source).hasMatch() && t != m.source)
                        wrong << where + u" (a shortcut must stay as written: "_qs + t + u")"_qs;
                }
            }
            QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
        }
    }

    void noTextOfTheSourcesIsMissing()
    {
        // lupdate over the sources, into a copy of each catalogue: a text added to the code and
        // not to the catalogue comes back unfinished, one removed from the code disappears.
        QStringList all = catalogues();
        all << catalogueFolder() + u"/qkvlab_en.ts"_qs;
        for (const QString &path : all) {
            const bool english = path.endsWith(u"_en.ts"_qs);
            QString error;
            const QList<Message> after
                = updatedCopy(path, english ? QStringList {u"-pluralonly"_qs} : QStringList(), &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const QList<Message> before = readCatalogue(path, &error);
            QSet<QString> known;
            for (const Message &m : before)
                known.insert(m.context + u": "_qs + m.source);
            QStringList missing;
            for (const Message &m : after)
                if (!known.contains(m.context + u": "_qs + m.source))
                    missing << m.context + u": "_qs + m.source;
            QVERIFY2(missing.isEmpty(),
                qPrintable(u"not in "_qs + QFileInfo(path).fileName()
                    + u" (run the update_translations target and translate them):\n"_qs + missing.join(u'\n')));
            QCOMPARE(after.size(), before.size()); // nothing left over from texts the code dropped
        }
    }

    // English's catalogue gives every text with %n its singular and plural: "1 other", "2 others".
    void englishHasItsPluralForms()
    {
        QString error;
        const QList<Message> messages = readCatalogue(catalogueFolder() + u"/qkvlab_en.ts"_qs, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() >= 10);
        for (const Message &m : messages) {
            QVERIFY2(m.state.isEmpty() && m.translations.size() == 2, qPrintable(m.source));
            QCOMPARE(placeholders(m.translations[0]), placeholders(m.source));
            QCOMPARE(placeholders(m.translations[1]), placeholders(m.source));
            QVERIFY2(m.translations[0] != m.translations[1], qPrintable(m.source));
        }
        QCOMPARE(QCoreApplication::translate("WorkedSteps", "%n others", nullptr, 1), u"1 others"_qs); // none yet
        app::installEnglishPlurals(*QCoreApplication::instance());
        QCOMPARE(QCoreApplication::translate("WorkedSteps", "%n others", nullptr, 1), u"1 other"_qs);
        QCOMPARE(QCoreApplication::translate("WorkedSteps", "%n others", nullptr, 3), u"3 others"_qs);
        // The worked steps of a row with one masked key say so in the singular.
        Document doc = *loadDocument(u"example:animal"_qs).document;
        doc.setMaskedCells({{7, 1}});
        const Result r = compute(doc);
        const QString md = workedMarkdown(workedComputation(doc, r, 0, 7), {1, 16, 8});
        QVERIFY2(md.contains(u"1 masked key is left out."_qs), qPrintable(md));
        QVERIFY2(md.contains(u"Numbers are shown with 1 decimal;"_qs), qPrintable(md));
    }

    void theLanguageIsChosenInTheViewMenu()
    {
        MainWindow window;
        auto *menu = window.findChild<QMenu *>(u"menuLanguage"_qs);
        QVERIFY(menu);
        QStringList names;
        for (QAction *a : menu->actions())
            names << a->text();
        QCOMPARE(names, (QStringList {u"System language"_qs, u"English"_qs, u"Deutsch"_qs}));
        QVERIFY(menu->actions().first()->isChecked()); // nothing chosen yet: the system's
        menu->actions().last()->trigger();
        QCOMPARE(app::chosenLanguage(), u"de"_qs);
        QVERIFY(menu->actions().last()->isChecked());
        QVERIFY(window.statusBar()->currentMessage().contains(u"Deutsch"_qs));
        menu->actions().first()->trigger();
        QVERIFY(app::chosenLanguage().isEmpty());
    }

    void theWindowSpeaksTheChosenLanguage()
    {
        QList<app::Language> languages = app::availableLanguages();
        QVERIFY(languages.size() >= 2);
        QCOMPARE(languages.first().code, u"en"_qs);
        QCOMPARE(languages[1].code, u"de"_qs);
        QCOMPARE(languages[1].name, u"Deutsch"_qs);
        app::setChosenLanguage(u"de"_qs);
        QCOMPARE(app::effectiveLanguage(), u"de"_qs);
        app::installTranslators(*QCoreApplication::instance());
        MainWindow window;
        QVERIFY(window.openDocument(u"example:animal"_qs));
        // The menus, from the .ui form, and a text made in code.
        QStringList titles;
        for (QAction *a : window.menuBar()->actions())
            titles << a->text();
        QVERIFY2(titles.contains(u"&Datei"_qs) && titles.contains(u"&Ansicht"_qs), qPrintable(titles.join(u' ')));
        const QString german = QCoreApplication::translate("qkv::MainWindow", "Head shown");
        QVERIFY(german != u"Head shown"_qs);
        auto *head = window.findChild<QSpinBox *>(u"headBox"_qs);
        QVERIFY(head);
        QCOMPARE(head->accessibleName(), german);
        // The worked steps too: German prose, German quotes; copied Markdown keeps C numbers.
        auto *worked = window.findChild<WorkedView *>(u"workedView"_qs);
        QVERIFY(worked);
        const QString md = worked->markdown();
        QVERIFY2(md.contains(u"Rechenweg für „"_qs) && md.contains(u"Nachkommastellen"_qs), qPrintable(md.left(400)));
        QVERIFY(md.contains(u"= 0.1"_qs) || md.contains(u"= 0.0"_qs));
        // And the example's note, with the article's corrections.
        const QString note = window.noteDock()->browser()->toPlainText();
        QVERIFY2(note.contains(u"Die Q-, K- und V-Tabellen des Artikels"_qs) && note.contains(u"0,187"_qs),
            qPrintable(note.left(300)));
        // Back to English for whatever runs next in this process.
        for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>())
            QCoreApplication::removeTranslator(t);
        app::setChosenLanguage({});
    }
};

QTEST_MAIN(TstTranslations)
#include "tst_translations.moc"
