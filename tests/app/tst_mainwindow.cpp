#include "app/mainwindow.h"
#include "app/shortcuts.h"
#include "app/theme.h"
#include "document/documentio.h"
#include "session/autosaver.h"
#include "session/documentsession.h"
#include "views/arrowgraphview.h"
#include "views/distributionview.h"
#include "views/heatmapview.h"
#include "views/scrubtableview.h"
#include "views/settingspanel.h"
#include "views/tokenstrip.h"
#include "views/vectorplotview.h"
#include "views/workedview.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QUndoView>

#include <cmath>

#include "mouse.h"
#include "named.h"

using namespace qkv;
using namespace Qt::StringLiterals;
using test::sendMouse;

class TstMainWindow : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

    template<typename T>
    T *child(const char *name) const
    {
        return test::named<T>(m_window.get(), name);
    }
    DocumentSession *session() const { return m_window->session(); }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(QStringLiteral("example:animal")));
        m_window->resize(1200, 800);
        m_window->show();
        QApplication::setActiveWindow(m_window.get());
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }
    void cleanup()
    {
        session()->undoStack()->setClean(); // nothing to ask about on close
        m_window.reset();
    }

    // Edits made from the keyboard in the heatmap move the History list's current row and the
    // tables' current cell quietly (no focus event for a screen reader, checked with Orca by
    // hand), but they still move: the list shows where the history is, the table its word.
    void theHistoryFollowsEditsMadeElsewhere()
    {
        auto *heatmap = child<HeatmapView>("heatmapView");
        heatmap->setFocus();
        QTRY_VERIFY(heatmap->hasFocus());
        QTest::keyClick(heatmap, Qt::Key_Down);
        QTest::keyClick(heatmap, Qt::Key_Space);
        QTest::keyClick(heatmap, Qt::Key_Right);
        QTest::keyClick(heatmap, Qt::Key_Space);
        QCOMPARE(session()->undoStack()->index(), 2);
        auto *history = child<QUndoView>("historyView");
        QCOMPARE(history->currentIndex().row(), 2);
        QVERIFY(heatmap->hasFocus());
        session()->undoStack()->undo();
        QCOMPARE(history->currentIndex().row(), 1);
        auto *table = child<QTableView>("wordsTable");
        QCOMPARE(table->currentIndex().row(), session()->selectedToken());
    }

    void typingASentenceUpdatesTokensAndTables()
    {
        auto *edit = child<QLineEdit>("sentenceEdit");
        auto *table = child<ScrubTableView>("wordsTable");
        edit->setFocus();
        edit->end(false);
        QTest::keyClicks(edit, QStringLiteral(" and slept"));
        QCOMPARE(session()->document().tokenCount(), 13);
        QCOMPARE(table->model()->rowCount(), 13);
        QCOMPARE(table->model()->headerData(12, Qt::Vertical).toString(), QStringLiteral("slept"));
        QCOMPARE(child<TokenStrip>("tokenStrip")->selectedToken(), 7); // "it", the example's focus, stays
        QCOMPARE(session()->result().heads[0].weights.rows(), 13);
        QCOMPARE(session()->undoStack()->count(), 3); // typing is a step a word: " ", "and ", "slept"
        session()->undoStack()->undo();
        QCOMPARE(edit->text(), QStringLiteral("The animal didn't cross the street because it was too tired and "));
        session()->undoStack()->undo();
        session()->undoStack()->undo();
        QCOMPARE(edit->text(), QStringLiteral("The animal didn't cross the street because it was too tired"));
    }

    void editingACellWithTheKeyboardChangesTheWeights()
    {
        auto *table = child<ScrubTableView>("wordsTable");
        const double before = session()->result().heads[0].weights(7, 1);
        // "animal" is row 1; its k1 is column 3.
        const QModelIndex cell = table->model()->index(1, 3);
        table->setCurrentIndex(cell);
        table->setFocus();
        QTest::keyClicks(table, QStringLiteral("2"));
        QWidget *editor = QApplication::focusWidget();
        QVERIFY(editor && editor != table);
        QCOMPARE(static_cast<QLineEdit *>(editor)->text(), QStringLiteral("2")); // typing replaces the cell
        QTest::keyClick(editor, Qt::Key_Return);
        // The delegate commits on the next turn of the event loop.
        QTRY_COMPARE(session()->document().wordVectors(QStringLiteral("animal")).k(0, 0), 2.0);
        QVERIFY(session()->result().heads[0].weights(7, 1) > before);
        QCOMPARE(session()->undoStack()->count(), 1);
    }

    void keypadPlusAndMinusStepTheCurrentNumber()
    {
        // Keypad + and −, Alt+Up and Alt+Down: a drag's step from the keyboard, one undo step each.
        auto *table = child<ScrubTableView>("wordsTable");
        table->setCurrentIndex(table->model()->index(7, 0)); // q1 of "it" = 0.6
        table->setFocus();
        const auto q1 = [&] { return session()->document().wordVectors(QStringLiteral("it")).q(0, 0); };
        QTest::keyClick(table, Qt::Key_Plus, Qt::KeypadModifier);
        QCOMPARE(q1(), 0.61);
        QTest::keyClick(table, Qt::Key_Plus, Qt::KeypadModifier | Qt::ControlModifier);
        QCOMPARE(q1(), 0.71);
        QTest::keyClick(table, Qt::Key_Minus, Qt::KeypadModifier | Qt::ShiftModifier);
        QCOMPARE(q1(), 0.709);
        QTest::keyClick(table, Qt::Key_Down, Qt::AltModifier);
        QCOMPARE(q1(), 0.699);
        QTest::keyClick(table, Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(q1(), 0.709);
        QCOMPARE(session()->undoStack()->count(), 5);
        QCOMPARE(QApplication::focusWidget(), table); // no editor was opened
        while (session()->undoStack()->canUndo())
            session()->undoStack()->undo();
        QCOMPARE(q1(), 0.6);
        // The main keyboard's − starts typing a negative number, as in a spreadsheet.
        QTest::keyClick(table, Qt::Key_Minus);
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(editor);
        QCOMPARE(editor->text(), QStringLiteral("-"));
        QTest::keyClick(editor, Qt::Key_Escape);
    }

    void dragScrubsContinuouslyAsOneUndoStep()
    {
        auto *table = child<ScrubTableView>("wordsTable");
        const QByteArray original = serializeDocument(session()->document());
        const QModelIndex cell = table->model()->index(7, 0); // q1 of "it" = 0.6
        const QPoint start = table->visualRect(cell).center();
        QWidget *vp = table->viewport();
        sendMouse(vp, QEvent::MouseButtonPress, start, Qt::LeftButton);
        double last = 0.6;
        for (int i = 1; i <= 20; ++i) {
            sendMouse(vp, QEvent::MouseMove, start + QPoint(3 * i, 0), Qt::LeftButton);
            const double now = session()->document().wordVectors(QStringLiteral("it")).q(0, 0);
            if (i > 1) {
                QVERIFY2(now > last, qPrintable(QStringLiteral("move %1: %2 after %3").arg(i).arg(now).arg(last)));
                QVERIFY(now - last < 0.031); // continuous: 3 px × 0.01 per px
            }
            last = now;
        }
        sendMouse(vp, QEvent::MouseButtonRelease, start + QPoint(60, 0), Qt::NoButton);
        QCOMPARE(last, 1.2); // 60 px × 0.01
        QCOMPARE(session()->undoStack()->count(), 1);
        // Shift scrubs finely, as its own step.
        sendMouse(vp, QEvent::MouseButtonPress, start, Qt::LeftButton, Qt::ShiftModifier);
        sendMouse(vp, QEvent::MouseMove, start + QPoint(50, 0), Qt::LeftButton, Qt::ShiftModifier);
        sendMouse(vp, QEvent::MouseButtonRelease, start + QPoint(50, 0), Qt::NoButton, Qt::ShiftModifier);
        QCOMPARE(session()->document().wordVectors(QStringLiteral("it")).q(0, 0), 1.25);
        QCOMPARE(session()->undoStack()->count(), 2);

        while (session()->undoStack()->canUndo())
            session()->undoStack()->undo();
        QCOMPARE(serializeDocument(session()->document()), original);
    }

    void undoingEverythingSavesByteIdentically()
    {
        const QString path = m_dir.filePath(QStringLiteral("animal.qkv.json"));
        QVERIFY(m_window->saveDocument(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray original = f.readAll();
        f.close();

        session()->editSentence(QStringLiteral("The animal slept"));
        Settings s = session()->document().settings();
        s.heads = 2;
        s.dim = 2;
        s.mask = MaskKind::Causal;
        session()->editSettings(s);
        session()->editValue({Field::Value, QStringLiteral("slept"), 1, 0, 1}, 0.5);
        session()->toggleMask({2, 0});
        auto *strip = child<TokenStrip>("tokenStrip");
        QTest::mouseClick(strip->viewport(), Qt::LeftButton, {}, strip->chipRect(1).center());
        QCOMPARE(session()->selectedToken(), 1);
        QVERIFY(m_window->isWindowModified());

        while (session()->undoStack()->canUndo())
            session()->undoStack()->undo();
        QVERIFY(!m_window->isWindowModified());
        QVERIFY(m_window->saveDocument(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), original);
    }

    void openingABadFileChangesNothing()
    {
        session()->editSentence(QStringLiteral("The animal"));
        const QByteArray before = serializeDocument(session()->document());
        const QString bad = m_dir.filePath(QStringLiteral("bad.qkv.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "qkvlab", "version": 1, "sentence": "a", "words": {"a": {"q": [1, 2, "x"]}}})");
        f.close();
        QVERIFY(!m_window->openDocument(bad));
        QCOMPARE(m_window->lastError(), bad + QStringLiteral(": words.a.q[2]: expected a finite number, got a string"));
        auto *box = m_window->findChild<QMessageBox *>(QStringLiteral("errorBox"));
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("words.a.q[2]")));
        box->close();
        QCOMPARE(serializeDocument(session()->document()), before);
        QCOMPARE(session()->undoStack()->count(), 1);
    }

    void heatmapSelectsAndMasks()
    {
        auto *heatmap = child<HeatmapView>("heatmapView");
        QPoint cell;
        for (int y = 0; y < heatmap->height() && cell.isNull(); y += 2)
            for (int x = 0; x < heatmap->width(); x += 2)
                if (heatmap->cellAt(QPointF(x, y)) == QPoint(1, 7)) { // column 1 (animal), row 7 (it)
                    cell = {x + 1, y + 1};
                    break;
                }
        QVERIFY(!cell.isNull());
        QTest::mouseClick(heatmap, Qt::LeftButton, {}, cell);
        QCOMPARE(session()->selectedToken(), 7);
        QCOMPARE(child<ScrubTableView>("wordsTable")->currentIndex().row(), 7);
        QTest::mouseClick(heatmap, Qt::LeftButton, Qt::ControlModifier, cell);
        QCOMPARE(session()->document().maskedCells(), (std::set<Cell> {{7, 1}}));
        QCOMPARE(session()->result().heads[0].weights(7, 1), 0.0);
        QCOMPARE(session()->undoStack()->count(), 1);
    }

    void settingsAreUndoable()
    {
        auto *panel = child<SettingsPanel>("settingsPanel");
        auto *mode = panel->findChild<QComboBox *>(QStringLiteral("normalization"));
        QVERIFY(mode);
        mode->setCurrentText(QStringLiteral("sum"));
        Q_EMIT mode->activated(mode->currentIndex());
        QVERIFY(session()->document().settings().normalization == Normalization::Sum);
        QCOMPARE(session()->undoStack()->count(), 1);
        session()->undoStack()->undo();
        QVERIFY(session()->document().settings().normalization == Normalization::Softmax);
        QCOMPARE(mode->currentText(), QStringLiteral("softmax"));
    }

    void pasteFromASpreadsheet()
    {
        auto *table = child<ScrubTableView>("wordsTable");
        table->setCurrentIndex(table->model()->index(0, 0));
        QGuiApplication::clipboard()->setText(QStringLiteral("1\t2\t3\n4\t5\t6\n"));
        table->setFocus();
        QTest::keySequence(table, QKeySequence::Paste);
        QCOMPARE(session()->document().wordVectors(QStringLiteral("animal")).q(0, 2), 6.0);
        QCOMPARE(session()->undoStack()->count(), 1);
        table->selectionModel()->select(QItemSelection(table->model()->index(0, 0), table->model()->index(1, 1)),
            QItemSelectionModel::ClearAndSelect);
        QTest::keySequence(table, QKeySequence::Copy);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("1\t2\n4\t5\n"));
    }

    void autosaveIsRecoverableAfterACrash()
    {
        session()->editSentence(QStringLiteral("The animal rested"));
        QCOMPARE(m_window->autosaver()->saveNow(), QString());
        const QString copy = m_window->autosaver()->autosaveFile();
        QVERIFY(QFile::exists(copy));
        QVERIFY(!copy.contains(m_dir.path()));
        // While this window runs, its copy is locked and not offered.
        for (const auto &r : Autosaver::findRecoverable(Autosaver::defaultFolder()))
            QVERIFY(r.autosaveFile != copy);
        // Saving makes the copy unnecessary.
        QVERIFY(m_window->saveDocument(m_dir.filePath(QStringLiteral("rested.qkv.json"))));
        QVERIFY(!QFile::exists(copy));

        // A copy whose lock is free was left by a crash.
        const QString orphan = QDir(Autosaver::defaultFolder()).filePath(QStringLiteral("orphan.qkv.json"));
        QFile f(orphan);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(serializeDocument(session()->document()));
        f.close();
        const auto found = Autosaver::findRecoverable(Autosaver::defaultFolder());
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().autosaveFile, orphan);
        Autosaver::discard(found.first());
        QVERIFY(Autosaver::findRecoverable(Autosaver::defaultFolder()).isEmpty());
    }

    void bothRedoKeysRedoFromTheWindow_data()
    {
        QTest::addColumn<QKeyCombination>("key");
        QTest::newRow("Ctrl+Shift+Z") << QKeyCombination(Qt::ControlModifier | Qt::ShiftModifier, Qt::Key_Z);
        QTest::newRow("Ctrl+Y") << QKeyCombination(Qt::ControlModifier, Qt::Key_Y);
    }
    void bothRedoKeysRedoFromTheWindow()
    {
        QFETCH(QKeyCombination, key);
        session()->editValue({Field::Query, QStringLiteral("it"), 0, 0, 0}, 2.0);
        child<HeatmapView>("heatmapView")->setFocus(); // outside any text field
        QTest::keyClick(m_window.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(session()->undoStack()->index(), 0);
        QTest::keyClick(m_window.get(), key.key(), key.keyboardModifiers());
        QCOMPARE(session()->undoStack()->index(), 1);
        QCOMPARE(session()->document().wordVectors(QStringLiteral("it")).q(0, 0), 2.0);
    }

    // Qt's X11 key scheme lists Ctrl+Shift+Z for Redo already, its Windows scheme Ctrl+Y: the
    // keys of every scheme come out once each, with both usual ones.
    void redoKeysAreNeverBoundTwice_data()
    {
        QTest::addColumn<QList<QKeySequence>>("standard");
        QTest::newRow("X11") << QList<QKeySequence> {QKeySequence(u"Ctrl+Shift+Z"_s), QKeySequence(u"Ctrl+Y"_s)};
        QTest::newRow("Windows") << QList<QKeySequence> {
            QKeySequence(u"Ctrl+Y"_s), QKeySequence(u"Alt+Shift+Backspace"_s), QKeySequence(u"Ctrl+Shift+Z"_s)};
        QTest::newRow("macOS") << QList<QKeySequence> {QKeySequence(u"Ctrl+Shift+Z"_s)};
        QTest::newRow("none") << QList<QKeySequence> {};
    }
    void redoKeysAreNeverBoundTwice()
    {
        QFETCH(QList<QKeySequence>, standard);
        const QList<QKeySequence> keys
            = shortcutsWith(standard, {QKeySequence(u"Ctrl+Shift+Z"_s), QKeySequence(u"Ctrl+Y"_s)});
        for (const QKeySequence &key : keys)
            QCOMPARE(keys.count(key), 1);
        QVERIFY(keys.contains(QKeySequence(u"Ctrl+Shift+Z"_s)));
        QVERIFY(keys.contains(QKeySequence(u"Ctrl+Y"_s)));
        for (const QKeySequence &key : standard)
            QVERIFY(keys.contains(key));
    }

    void noKeyIsBoundTwiceInTheWindow()
    {
        QHash<QKeySequence, QString> owner;
        for (const QAction *action : m_window->findChildren<QAction *>())
            for (const QKeySequence &key : action->shortcuts()) {
                QVERIFY2(!owner.contains(key),
                    qPrintable(key.toString() + u": "_s + owner.value(key) + u" and "_s + action->text()));
                owner.insert(key, action->text());
            }
        QCOMPARE(child<QAction>("actionRedo")->shortcuts(),
            shortcutsWith(QKeySequence::keyBindings(QKeySequence::Redo),
                {QKeySequence(u"Ctrl+Shift+Z"_s), QKeySequence(u"Ctrl+Y"_s)}));
    }

    // The toolbar's Undo and Redo keep their text, width and place while the commands' names
    // change (a new name would lay out the window again at every keystroke); the pointer resting
    // on one shows the command's name, a click undoes or redoes it.
    void undoButtonsKeepTheirWidth()
    {
        auto *toolBar = child<QToolBar>("toolBar");
        for (const char *name : {"actionUndo", "actionRedo"}) {
            auto *action = child<QAction>(name);
            auto *standIn = child<QAction>((QByteArray(name) + "Tool").constData());
            QToolButton *button = qobject_cast<QToolButton *>(toolBar->widgetForAction(standIn));
            QVERIFY(button && !toolBar->widgetForAction(action));
            QVERIFY(!standIn->icon().isNull());
            const QString text = button->text();
            const int width = button->sizeHint().width();
            session()->editValue({Field::Query, QStringLiteral("animal"), 0, 0, 2}, 0.75);
            session()->editValue({Field::Key, QStringLiteral("because"), 0, 0, 1}, -0.5);
            QSignalSpy changed(standIn, &QAction::changed);
            session()->editValue({Field::Key, QStringLiteral("because"), 0, 0, 1}, -0.25);
            session()->editValue({Field::Value, QStringLiteral("because"), 0, 0, 1}, 0.5);
            QVERIFY(!action->text().isEmpty());
            QCOMPARE(changed.count(), 0); // new names, nothing for the toolbar to lay out
            session()->undoStack()->undo();
            QCOMPARE(button->text(), text);
            QCOMPARE(button->sizeHint().width(), width);
            QEnterEvent enter(QPointF(2, 2), QPointF(2, 2), button->mapToGlobal(QPointF(2, 2)));
            QApplication::sendEvent(button, &enter);
            QVERIFY(button->toolTip().contains(action->text().remove(QLatin1Char('&'))));
            const int index = session()->undoStack()->index();
            button->click();
            QCOMPARE(session()->undoStack()->index(), QByteArray(name) == "actionUndo" ? index - 1 : index + 1);
        }
    }

    void themeMenuChecksTheCurrentTheme()
    {
        const QList<QAction *> themes = {child<QAction>("actionThemeSystem"), child<QAction>("actionThemeLight"),
            child<QAction>("actionThemeDark"), child<QAction>("actionThemeHighContrast")};
        const auto checked = [&] {
            QList<QAction *> on;
            for (QAction *a : themes)
                if (a->isChecked())
                    on << a;
            return on;
        };
        QCOMPARE(checked().size(), 1);
        themes[2]->trigger();
        QCOMPARE(checked(), QList<QAction *> {themes[2]});
        themes[1]->trigger();
        QCOMPARE(checked(), QList<QAction *> {themes[1]});
        themes[1]->trigger(); // choosing it again keeps it chosen
        QCOMPARE(checked(), QList<QAction *> {themes[1]});
        // High contrast: white on black, a yellow selection; every text far above WCAG's 7:1.
        themes[3]->trigger();
        QCOMPARE(checked(), QList<QAction *> {themes[3]});
        const QPalette p = QApplication::palette();
        const auto luminance = [](QColor c) {
            const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
            return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
        };
        const auto contrast = [&](QColor a, QColor b) {
            const double la = luminance(a), lb = luminance(b);
            return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
        };
        QCOMPARE_GE(contrast(p.color(QPalette::Text), p.color(QPalette::Base)), 12.0);
        QCOMPARE_GE(contrast(p.color(QPalette::HighlightedText), p.color(QPalette::Highlight)), 12.0);
        QCOMPARE_GE(contrast(p.color(QPalette::Disabled, QPalette::Text), p.color(QPalette::Base)), 7.0);
        QCOMPARE_GE(contrast(p.color(QPalette::Link), p.color(QPalette::Base)), 7.0);
        QVERIFY(isDark(p)); // the figures draw their dark variants
        themes[0]->trigger();
    }

    void firstEditAfterOpeningIsAutosaved()
    {
        Autosaver *autosaver = m_window->autosaver();
        autosaver->setDelay(50);
        QVERIFY(m_window->openDocument(QStringLiteral("example:birds")));
        QVERIFY(!QFile::exists(autosaver->autosaveFile()));
        session()->editValue({Field::Value, QStringLiteral("walk"), 0, 0, 1}, 0.25);
        QTRY_VERIFY(QFile::exists(autosaver->autosaveFile()));
        // The program is killed now: its lock is gone, and the next start offers the edit.
        QFile::remove(autosaver->autosaveFile().chopped(QStringLiteral(".qkv.json").size()) + QStringLiteral(".lock"));
        const auto found = Autosaver::findRecoverable(Autosaver::defaultFolder());
        const auto ours = std::find_if(found.begin(), found.end(),
            [&](const Autosaver::Recoverable &r) { return r.autosaveFile == autosaver->autosaveFile(); });
        QVERIFY(ours != found.end());
        const LoadResult recovered = loadDocument(ours->autosaveFile);
        QVERIFY(recovered);
        QCOMPARE(recovered.document->wordVectors(QStringLiteral("walk")).v(0, 1), 0.25);
        Autosaver::discard(*ours);
    }

    // A newly opened document starts on its own focus token, never on the last one's position.
    void openingStartsOnTheDocumentsFocus()
    {
        QCOMPARE(session()->selectedToken(), 7); // "it"
        session()->setSelectedToken(1);
        QVERIFY(m_window->openDocument(QStringLiteral("example:birds")));
        QCOMPARE(session()->selectedToken(), 2); // "walk"
        QCOMPARE(child<TokenStrip>("tokenStrip")->selectedToken(), 2);
        // A file that names no focus opens with nothing selected.
        const QString path = m_dir.filePath(QStringLiteral("plain.qkv.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "qkvlab", "version": 1, "sentence": "one two three four"})");
        f.close();
        QVERIFY(m_window->openDocument(path));
        QCOMPARE(session()->selectedToken(), -1);
    }

    // The title follows the sentence once it is replaced; "(example)" only while it is the example.
    void titleFollowsAReplacedSentence()
    {
        QVERIFY(m_window->openDocument(QStringLiteral("example:birds")));
        QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("Birds sometimes walk (example)")));
        auto *edit = child<QLineEdit>("sentenceEdit");
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("Cats chase mice"));
        QCOMPARE(session()->document().title(), QStringLiteral("Cats chase mice"));
        QVERIFY2(m_window->windowTitle().startsWith(QStringLiteral("Cats chase mice[*]"))
                || m_window->windowTitle().startsWith(QStringLiteral("Cats chase mice")),
            qPrintable(m_window->windowTitle()));
        QVERIFY(!m_window->windowTitle().contains(QStringLiteral("Birds")));
        QVERIFY(!m_window->windowTitle().contains(QStringLiteral("example")));
        while (session()->undoStack()->canUndo()) // a step a word
            session()->undoStack()->undo();
        QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("Birds sometimes walk (example)")));
        // A file keeps its name whatever its sentence.
        const QString path = m_dir.filePath(QStringLiteral("lecture.qkv.json"));
        QVERIFY(m_window->saveDocument(path));
        session()->editSentence(QStringLiteral("Dogs bark"));
        QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("lecture.qkv.json")));
    }

    // A drag in the vector plot is named for what it changed: menu, history and status bar.
    void stepsAreNamedInWords()
    {
        child<QDockWidget>("vectorsDock")->raise();
        auto *plot = child<VectorPlotView>("vectorsView");
        QTRY_VERIFY(plot->isVisible() && plot->width() > 100);
        const QRectF rect(QPointF(0, 0), plot->size());
        const QPointF from = plot->pointPosition(rect, {Role::Query, 7}); // "it"
        const VectorPlotView::PointRef hit = plot->pointAt(from); // the point drawn on top there
        QCOMPARE(hit.token, 7);
        const QString vector = hit.role == Role::Query ? QStringLiteral("query")
            : hit.role == Role::Key                    ? QStringLiteral("key")
                                                       : QStringLiteral("value");
        const QPointF to = (from + rect.center()) / 2 + QPointF(5, 5);
        sendMouse(plot, QEvent::MouseButtonPress, from.toPoint(), Qt::LeftButton);
        for (int i = 1; i <= 5; ++i)
            sendMouse(plot, QEvent::MouseMove, (from + (to - from) * i / 5).toPoint(), Qt::LeftButton);
        sendMouse(plot, QEvent::MouseButtonRelease, to.toPoint(), Qt::NoButton);
        QCOMPARE(session()->undoStack()->count(), 1);
        const QString text = QStringLiteral("Drag %1 of ‘it’").arg(vector);
        QCOMPARE(child<QAction>("actionUndo")->text(), QStringLiteral("&Undo ") + text);
        auto *history = child<QUndoView>("historyView");
        QCOMPARE(history->model()->index(1, 0).data().toString(), text);
        QCOMPARE(m_window->statusBar()->currentMessage(), text);
        Settings s = session()->document().settings();
        s.temperature = 0.5;
        session()->editSettings(s);
        QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("Set temperature to 0.5"));
        session()->undoStack()->undo();
        QCOMPARE(m_window->statusBar()->currentMessage(), QStringLiteral("Undone: Set temperature to 0.5"));
    }

    // A column heading of the heatmap selects that key everywhere.
    void clickingAColumnHeadingSelectsTheKey()
    {
        auto *heatmap = child<HeatmapView>("heatmapView");
        QPoint heading;
        for (int y = 0; y < heatmap->height() && heading.isNull(); ++y)
            for (int x = 0; x < heatmap->width(); ++x)
                if (heatmap->headingAt(QPointF(x, y)) == QPoint(1, -1)) { // above column 1, "animal"
                    heading = {x, y};
                    break;
                }
        QVERIFY(!heading.isNull());
        QTest::mouseClick(heatmap, Qt::LeftButton, {}, heading);
        QCOMPARE(session()->selectedToken(), 1);
        QVERIFY(session()->isKeySelected());
        QCOMPARE(heatmap->selectedColumn(), 1);
        QCOMPARE(heatmap->selectedRow(), -1);
        // The column is outlined: a white and a black line along its sides.
        const QRectF cell = heatmap->cellRect(heatmap->rect(), 5, 1);
        const QImage image = heatmap->grab().toImage();
        QCOMPARE(QColor(image.pixel(int(cell.left()) - 1, int(cell.center().y()))), QColor(Qt::black));
        // The arrows into it, its column worked out, and who attends to it most.
        auto *arrows = child<ArrowGraphView>("arrowsView");
        const auto drawn = arrows->drawnEdges();
        QVERIFY(!drawn.empty());
        QVERIFY(std::all_of(drawn.begin(), drawn.end(), [](const auto &d) { return d.edge.key == 1; }));
        QVERIFY(child<WorkedView>("workedView")->markdown().contains(QStringLiteral("Who attends to “animal”")));
        // The Distribution too: a bar per query, its height that query's weight on "animal" (issue 46).
        auto *bars = child<DistributionView>("barsView");
        const auto &w = session()->result().heads[0].weights;
        const Eigen::VectorXd column = w.col(1);
        QVERIFY(bars->showsColumn());
        QCOMPARE(bars->figure().barValues(), QList<double>(column.begin(), column.end()));
        QVERIFY(bars->describeBar(7).startsWith(QStringLiteral("it → animal: weight")));
        Eigen::Index best = 0;
        w.col(1).maxCoeff(&best);
        QVERIFY2(m_window->statusBar()->currentMessage().contains(
                     QStringLiteral("“%1” attends to it most").arg(session()->result().tokens.at(best))),
            qPrintable(m_window->statusBar()->currentMessage()));
        // A row heading selects a query again.
        QTest::mouseClick(
            heatmap, Qt::LeftButton, {}, heatmap->labelRects(heatmap->rect(), Qt::Vertical).at(7).center().toPoint());
        QCOMPARE(session()->selectedToken(), 7);
        QVERIFY(!session()->isKeySelected());
        QVERIFY(child<WorkedView>("workedView")->markdown().contains(QStringLiteral("Worked computation for “it”")));
        QVERIFY(!bars->showsColumn());
        QCOMPARE(bars->figure().barValues().at(1), session()->result().heads[0].weights(7, 1));
    }
};

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
