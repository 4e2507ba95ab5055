#include "app/mainwindow.h"
#include "app/zoomcontroller.h"
#include "cli/appidentity.h"
#include "panels/aboutdialog.h"
#include "panels/glossary.h"
#include "panels/helpdock.h"
#include "panels/manualtext.h"
#include "session/documentsession.h"
#include "views/heatmapview.h"
#include "views/scrubtableview.h"
#include "views/settingspanel.h"
#include "views/tokenstrip.h"
#include "views/vectorplotview.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTimer>
#include <QWhatsThisClickedEvent>

#include "named.h"

using namespace qkv;
using namespace Qt::StringLiterals;

// What a beginner leans on: the guide (F1), the glossary, What's This on every control, plain
// notes where a setting leaves vectors out, the vector helpers, the Outputs table and the zoom.
class TstBeginnerHelp : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;

    template<typename T>
    T *child(const char *name) const
    {
        return test::named<T>(m_window.get(), name);
    }
    DocumentSession *session() const { return m_window->session(); }

    // Runs `pick` on the context menu that opens when `fire` runs, then closes it.
    static void onNextMenu(const std::function<void(QMenu *)> &pick)
    {
        QTimer::singleShot(0, [pick] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            QVERIFY(menu);
            pick(menu);
            menu->close();
        });
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void init()
    {
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(u"example:animal"_s));
        m_window->resize(1280, 720);
        m_window->show();
        QApplication::setActiveWindow(m_window.get());
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }
    void cleanup()
    {
        session()->undoStack()->setClean();
        m_window.reset();
    }

    void f1OpensTheIllustratedGuide()
    {
        HelpDock *help = m_window->helpDock();
        QVERIFY(!help->isVisible());
        QTest::keyClick(m_window.get(), Qt::Key_F1);
        QTRY_VERIFY(help->isVisible());
        QCOMPARE(help->page(), u"guide"_s);
        const QString text = help->browser()->toPlainText();
        for (const char *step :
            {"Type a sentence", "Select a word", "Drag a number", "Read the heatmap", "Export a figure"})
            QVERIFY2(text.contains(QLatin1String(step)), step);
        // The pictures are the program's own figures, drawn (not blank).
        for (const char *name : {"figure:arrows", "figure:vectors", "figure:heatmap"}) {
            const QImage image = help->browser()
                                     ->document()
                                     ->resource(QTextDocument::ImageResource, QUrl(QLatin1String(name)))
                                     .value<QImage>();
            QVERIFY2(!image.isNull(), name);
            QSet<QRgb> colours;
            for (int y = 0; y < image.height(); y += 4)
                for (int x = 0; x < image.width(); x += 4)
                    colours.insert(image.pixel(x, y));
            QVERIFY2(colours.size() > 10, name);
        }
    }

    void glossaryHasEveryTermOfTheWindow()
    {
        for (const char *id : {"query", "key", "value", "score", "scaled", "softmax", "temperature", "mask", "head",
                 "projection", "pca", "keykey"}) {
            const GlossaryEntry *e = glossaryEntry(QLatin1String(id));
            QVERIFY2(e, id);
            QVERIFY(!e->text.isEmpty());
            QVERIFY2(!e->formula.isEmpty(), id);
        }
        QAction *glossary = child<QAction>("actionGlossary");
        glossary->trigger();
        QCOMPARE(m_window->helpDock()->page(), u"glossary"_s);
        QVERIFY(m_window->helpDock()->browser()->toPlainText().contains(u"Softmax"_s));
    }

    // Help → Manual shows the manual as shipped; its contents and its own links ("#goal-seek") lead
    // to their sections, in the window as on GitHub.
    void theManualIsInTheWindow()
    {
        child<QAction>("actionManual")->trigger();
        HelpDock *help = m_window->helpDock();
        QCOMPARE(help->page(), u"manual"_s);
        QTextBrowser *browser = help->browser();
        const QString text = browser->toPlainText();
        for (const QString &section :
            {u"Command line"_s, u"Documents"_s, u"Lessons"_s, u"Real models"_s, u"Using the window"_s, u"Goal seek"_s})
            QVERIFY2(text.contains(section), qPrintable(section));
        QVERIFY(!text.contains(u"packaging/screenshots"_s)); // pictures said by their captions
        // Every link of the manual to a section of its own, and every entry of its contents.
        QFile file(qEnvironmentVariable("QKV_SOURCE_DIR") + u"/resources/manual/manual.md"_s);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QStringList anchors;
        static const QRegularExpression link(u"\\]\\(#([^)]+)\\)"_s);
        for (auto it = link.globalMatch(QString::fromUtf8(file.readAll())); it.hasNext();)
            anchors << it.next().captured(1);
        QVERIFY(anchors.size() >= 3);
        anchors << u"command-line"_s << u"real-models"_s;
        for (const QString &anchor : anchors) {
            browser->verticalScrollBar()->setValue(0);
            browser->setTextCursor(QTextCursor(browser->document()));
            Q_EMIT browser->anchorClicked(QUrl(u"#"_s + anchor));
            const QTextBlock block = browser->textCursor().block();
            QVERIFY2(block.blockFormat().headingLevel() > 0, qPrintable(anchor));
            QCOMPARE(headingAnchor(block.text()), anchor);
        }
    }

    // Every control and view says what it is for (Shift+F1), and its glossary link leads somewhere.
    void everyControlHasWhatsThis()
    {
        QStringList missing;
        for (QWidget *w : m_window->findChildren<QWidget *>()) {
            const bool control = qobject_cast<QComboBox *>(w) || qobject_cast<QAbstractSpinBox *>(w)
                || qobject_cast<QLineEdit *>(w) || qobject_cast<QAbstractItemView *>(w)
                || QString::fromLatin1(w->metaObject()->className()).startsWith(u"qkv::"_s);
            if (!control || w->objectName().isEmpty() || w->objectName().startsWith(u"qt_"_s)
                || qobject_cast<QTextBrowser *>(w) || w->inherits("QHeaderView"))
                continue;
            if (w->whatsThis().isEmpty())
                missing << w->objectName();
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u", "_s)));
        const QString heatmap = child<HeatmapView>("heatmapView")->whatsThis();
        const int at = heatmap.indexOf(u"glossary:"_s);
        QVERIFY(at > 0);
        const QString id = heatmap.mid(at + 9, heatmap.indexOf(u'"', at) - at - 9);
        QVERIFY(glossaryEntry(id));
        // Clicking the link opens the glossary there.
        QWhatsThisClickedEvent click(u"glossary:"_s + id);
        QApplication::sendEvent(child<HeatmapView>("heatmapView"), &click);
        QTRY_VERIFY(m_window->helpDock()->isVisible());
        QCOMPARE(m_window->helpDock()->page(), u"glossary"_s);
        QCOMPARE(child<QAction>("actionWhatsThis")->shortcut(), QKeySequence(QKeySequence::WhatsThis));
    }

    void keyKeyScoringGreysTheQueriesWithANote()
    {
        auto *note = child<QLabel>("wordsNote");
        QVERIFY(note->isHidden());
        Settings s = session()->document().settings();
        s.scoring = Scoring::KeyKey;
        session()->editSettings(s);
        QVERIFY(!note->isHidden());
        QVERIFY(note->text().contains(u"Queries are not used"_s));
        auto *table = child<ScrubTableView>("wordsTable");
        QVERIFY(table->model()->index(0, 0).data(Qt::ForegroundRole).isValid());
        session()->undoStack()->undo();
        QVERIFY(note->isHidden());
    }

    void tableMenuSetsAVectorToZeroAsOneStep()
    {
        auto *tabs = child<QTabWidget>("tables");
        tabs->setCurrentWidget(child<QWidget>("wordsTab"));
        auto *table = child<ScrubTableView>("wordsTable");
        const QRect cell = table->visualRect(table->model()->index(7, 4)); // "it", k2
        onNextMenu([](QMenu *menu) {
            auto *zero = menu->findChild<QAction *>(u"zeroAction"_s);
            QVERIFY(zero);
            QCOMPARE(zero->text(), u"Set the key to zero"_s);
            zero->trigger();
        });
        QContextMenuEvent event(QContextMenuEvent::Mouse, cell.center(), table->viewport()->mapToGlobal(cell.center()));
        QApplication::sendEvent(table->viewport(), &event);
        QCOMPARE(session()->undoStack()->count(), 1);
        QCOMPARE(session()->undoStack()->undoText(), u"Set key of ‘it’ to zero"_s);
        for (int c = 0; c < 3; ++c)
            QCOMPARE(session()->document().value({Field::Key, u"it"_s, 0, 0, c}), 0.0);
    }

    // A right-click on a word's row label or its token chip offers the word's helpers, as the README
    // says: reset it, and each vector's in a submenu (issue 46: only the cells had them).
    void aWordsLabelAndChipOfferItsHelpers()
    {
        auto *table = child<ScrubTableView>("wordsTable");
        QHeaderView *rows = table->verticalHeader();
        const QPoint label(rows->width() / 2, rows->sectionViewportPosition(7) + rows->sectionSize(7) / 2); // "it"
        onNextMenu([](QMenu *menu) {
            QVERIFY(menu->findChild<QAction *>(u"resetWordAction"_s));
            QCOMPARE(menu->findChild<QAction *>(u"resetWordAction"_s)->text(), u"Reset ‘it’ to its starting vectors"_s);
            QStringList titles;
            for (QAction *a : menu->actions())
                if (a->menu())
                    titles << a->text();
            QCOMPARE(titles, (QStringList {u"&Query"_s, u"&Key"_s, u"&Value"_s}));
            QMenu *key = menu->actions().at(2)->menu();
            key->findChild<QAction *>(u"zeroAction"_s)->trigger();
        });
        Q_EMIT rows->customContextMenuRequested(label);
        QCOMPARE(session()->undoStack()->undoText(), u"Set key of ‘it’ to zero"_s);
        QCOMPARE(session()->document().value({Field::Key, u"it"_s, 0, 0, 1}), 0.0);

        auto *strip = child<TokenStrip>("tokenStrip");
        const QPoint chip = strip->chipRect(1).center(); // "animal"
        onNextMenu([](QMenu *menu) {
            QCOMPARE(
                menu->findChild<QAction *>(u"resetWordAction"_s)->text(), u"Reset ‘animal’ to its starting vectors"_s);
            menu->actions().at(1)->menu()->findChild<QAction *>(u"unitAction"_s)->trigger(); // the query
        });
        QContextMenuEvent event(QContextMenuEvent::Mouse, chip, strip->viewport()->mapToGlobal(chip));
        QApplication::sendEvent(strip->viewport(), &event);
        QCOMPARE(session()->undoStack()->undoText(), u"Scale query of ‘animal’ to length 1"_s);
    }

    void vectorPlotMenuOffersTheSameHelpers()
    {
        auto *plot = child<VectorPlotView>("vectorsView");
        session()->waitForResult();
        const std::unique_ptr<QMenu> menu(plot->createContextMenu({Role::Query, 7}));
        auto *unit = menu->findChild<QAction *>(u"unitAction"_s);
        QVERIFY(unit);
        unit->trigger();
        QCOMPARE(session()->undoStack()->undoText(), u"Scale query of ‘it’ to length 1"_s);
        double length = 0;
        for (int c = 0; c < 3; ++c)
            length += std::pow(session()->document().value({Field::Query, u"it"_s, 0, 0, c}), 2);
        QCOMPARE(std::sqrt(length), 1.0);
        // Off a point: no helpers.
        const std::unique_ptr<QMenu> empty(plot->createContextMenu({}));
        QVERIFY(!empty->findChild<QAction *>(u"unitAction"_s));
    }

    void outputsTabShowsTheOutputs()
    {
        auto *table = child<ScrubTableView>("outputsTable");
        session()->waitForResult();
        QCOMPARE(table->model()->rowCount(), 11);
        QCOMPARE(table->model()->index(7, 2).data(Qt::EditRole).toDouble(), session()->result().heads[0].output(7, 2));
    }

    // No number is cut short: the longest that four significant digits write fits a cell, with
    // the margins an item view keeps on each side.
    void everyNumberFitsItsCell()
    {
        auto *table = child<ScrubTableView>("wordsTable");
        const int margin = table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
        for (const double v : {-0.0001234, -1.234e-05, -0.002335, -1234.5, -0.09979}) {
            const QString shown = QLocale::c().toString(v, 'g', 4);
            QVERIFY2(table->fontMetrics().horizontalAdvance(shown) + 2 * margin
                    <= table->horizontalHeader()->defaultSectionSize(),
                qPrintable(shown));
        }
    }

    void zoomScalesTextAndCellsAndIsRemembered()
    {
        auto *table = child<ScrubTableView>("wordsTable");
        auto *heatmap = child<HeatmapView>("heatmapView");
        const qreal font = QFontInfo(heatmap->font()).pointSizeF();
        const int row = table->verticalHeader()->defaultSectionSize();
        const int menuFont = QFontInfo(m_window->menuBar()->font()).pixelSize();
        QTest::keyClick(m_window.get(), Qt::Key_Equal, Qt::ControlModifier);
        QTest::keyClick(m_window.get(), Qt::Key_Equal, Qt::ControlModifier);
        QCOMPARE(m_window->zoom()->step(), 2);
        QVERIFY(QFontInfo(heatmap->font()).pointSizeF() > font * 1.2);
        QVERIFY(table->verticalHeader()->defaultSectionSize() > row);
        QCOMPARE(QFontInfo(m_window->menuBar()->font()).pixelSize(), menuFont); // menus keep their size
        // The next window on this screen starts zoomed.
        session()->undoStack()->setClean();
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QCOMPARE(m_window->zoom()->step(), 2);
        QTest::keyClick(m_window.get(), Qt::Key_0, Qt::ControlModifier);
        QCOMPARE(m_window->zoom()->step(), 0);
        QCOMPARE(QFontInfo(child<HeatmapView>("heatmapView")->font()).pointSizeF(), font);
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
        QVERIFY(text.contains(QStringLiteral("QKV Lab ") + cli::applicationVersion()));
        QVERIFY(text.contains(QStringLiteral("GPL-3.0-or-later")));
        QVERIFY(text.contains(QStringLiteral("Battelle Memorial Institute")));
        QTest::keyClick(about, Qt::Key_Escape);
        QTRY_VERIFY(!m_window->findChild<AboutDialog *>()); // closed and deleted
    }
};

QTEST_MAIN(TstBeginnerHelp)
#include "tst_beginnerhelp.moc"
