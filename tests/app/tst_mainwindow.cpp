#include "aboutdialog.h"
#include "autosaver.h"
#include "documentio.h"
#include "documentsession.h"
#include "heatmapview.h"
#include "mainwindow.h"
#include "scrubtableview.h"
#include "settingspanel.h"
#include "tokenstrip.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "named.h"

using namespace qkv;

namespace {

void sendMouse(QWidget *target, QEvent::Type type, QPoint pos, Qt::MouseButtons buttons,
    Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, pos, target->mapToGlobal(pos), button, buttons, mods);
    QApplication::sendEvent(target, &event);
}

} // namespace

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
        QCOMPARE(child<TokenStrip>("tokenStrip")->selectedToken(), -1);
        QCOMPARE(session()->result().heads[0].weights.rows(), 13);
        QCOMPARE(session()->undoStack()->count(), 1); // typing is one step
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
        auto *heatmap = child<HeatmapView>("heatmap");
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

    void helpAboutOpensWithoutBlocking()
    {
        auto *action = child<QAction>("actionAbout");
        QVERIFY(child<QMenu>("menuHelp")->actions().contains(action));
        action->trigger(); // returns: the dialog is open(), not exec()
        auto *about = m_window->findChild<AboutDialog *>();
        QVERIFY(about);
        QVERIFY(about->isVisible());
        QCOMPARE(about->windowModality(), Qt::WindowModal);
        const QString text = about->text();
        QVERIFY(text.contains(QStringLiteral("QKV Lab " QKV_VERSION)));
        QVERIFY(text.contains(QStringLiteral("GPL-3.0-or-later")));
        QVERIFY(text.contains(QStringLiteral("Battelle Memorial Institute")));
        QTest::keyClick(about, Qt::Key_Escape);
        QTRY_VERIFY(!m_window->findChild<AboutDialog *>()); // closed and deleted
    }
};

QTEST_MAIN(TstMainWindow)
#include "tst_mainwindow.moc"
