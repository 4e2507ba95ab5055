// "About this example" in the window: every bundled example, opened from the Examples menu with
// the mouse, brings its note (examplenotes.h) to the front over the settings; any other
// document shows none.
#include "app/mainwindow.h"
#include "document/examplenotes.h"
#include "document/examples.h"
#include "livemodel/bundledmodels.h"
#include "panels/examplenotedock.h"
#include "session/documentsession.h"

#include <QApplication>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace qkv;

class TstExampleNoteWindow : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;

    ExampleNoteDock *dock() const { return m_window->noteDock(); }
    QString shownText() const { return dock()->browser()->toPlainText().simplified(); }

    // The tab of the dock titled `title` in the window's tab bars.
    std::pair<QTabBar *, int> tab(const QString &title) const
    {
        for (QTabBar *bar : m_window->findChildren<QTabBar *>())
            for (int i = 0; i < bar->count(); ++i)
                if (bar->isVisible() && bar->tabText(i) == title)
                    return {bar, i};
        return {nullptr, -1};
    }
    bool clickTab(const QString &title) const
    {
        const auto [bar, index] = tab(title);
        if (!bar)
            return false;
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(index).center());
        return true;
    }
    // Whether the note is the current tab of its dock area (a tab behind another is not hidden).
    bool noteInFront() const
    {
        const auto [bar, index] = tab(QStringLiteral("About this example"));
        return bar && bar->currentIndex() == index && dock()->isVisible();
    }
    // Examples → the entry named `example_NAME`, with the mouse.
    bool chooseExample(const QString &name) const
    {
        QMenuBar *bar = m_window->menuBar();
        QMenu *menu = m_window->findChild<QMenu *>(QStringLiteral("menuExamples"));
        QAction *entry = m_window->findChild<QAction *>(QStringLiteral("example_") + name);
        if (!menu || !entry)
            return false;
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(menu->menuAction()).center());
        if (!QTest::qWaitFor([&] { return menu->isVisible(); }))
            return false;
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(entry).center());
        return true;
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(QStringLiteral("example:animal")));
        m_window->resize(1400, 900);
        m_window->show();
        QApplication::setActiveWindow(m_window.get());
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }
    void cleanup()
    {
        m_window->session()->undoStack()->setClean();
        m_window.reset();
    }

    void eachExampleShowsItsNote_data()
    {
        QTest::addColumn<QString>("name");
        const QStringList names = exampleNames() + live::bundledModelNames();
        for (const QString &name : names)
            QTest::newRow(qPrintable(name)) << name;
    }
    void eachExampleShowsItsNote()
    {
        QFETCH(QString, name);
        // Start from another tab, so that the note has to come to the front by itself.
        QVERIFY(clickTab(QStringLiteral("Settings")));
        QTRY_VERIFY(!noteInFront());
        QVERIFY(chooseExample(name));
        QTRY_COMPARE(dock()->example(), name);
        QTRY_VERIFY(noteInFront());
        const ExampleNote note = exampleNote(name);
        QVERIFY(!note.isEmpty());
        const QString text = shownText();
        QVERIFY2(text.contains(note.shows.simplified()), qPrintable(text));
        QVERIFY(text.contains(note.source.simplified()));
        for (const ArticleCorrection &c : note.corrections) {
            QVERIFY2(text.contains(c.says.simplified()), qPrintable(c.says));
            QVERIFY2(text.contains(c.truth.simplified()), qPrintable(c.truth));
        }
        QCOMPARE(text.contains(u"Where the article is wrong"), !note.corrections.isEmpty());
        // The tabs switch between the note and the settings.
        QVERIFY(clickTab(QStringLiteral("Settings")));
        QTRY_VERIFY(!noteInFront());
        QVERIFY(clickTab(QStringLiteral("About this example")));
        QTRY_VERIFY(noteInFront());
    }

    void aFileIsNoExample()
    {
        QVERIFY(shownText().contains(u"Softmax keeps the order of the scores"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.qkv.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(exampleBytes(QStringLiteral("birds")));
        file.close();
        QVERIFY(m_window->openDocument(path));
        QCOMPARE(dock()->example(), QString());
        QVERIFY(shownText().contains(u"not one of the bundled examples"));
        QVERIFY(!shownText().contains(u"Where the article is wrong"));
        QVERIFY(m_window->openDocument(QStringLiteral("example:birds")));
        QVERIFY(shownText().contains(u"sums to 1.1"));
    }

    // The note follows the sentence: typed over, it says that it is about the example's own;
    // undone, it is the plain note again. A lesson from a bundled example has that example's note.
    void theNoteFollowsTheSentence()
    {
        QVERIFY(!shownText().contains(u"This note is about the example's own sentence"));
        m_window->session()->editSentence(QStringLiteral("The cat sat on the mat"));
        QVERIFY2(shownText().contains(u"This note is about the example's own sentence, “The animal didn't cross"),
            qPrintable(shownText()));
        m_window->session()->undoStack()->undo();
        QVERIFY(!shownText().contains(u"This note is about the example's own sentence"));
        QVERIFY(m_window->openLesson(QStringLiteral("lesson:self-attention")));
        QCOMPARE(dock()->example(), QStringLiteral("animal"));
        QVERIFY(!shownText().contains(u"not one of the bundled examples"));
    }
};

QTEST_MAIN(TstExampleNoteWindow)
#include "tst_examplenotewindow.moc"
