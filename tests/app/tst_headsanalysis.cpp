// Model → Analyse Heads… (issue 51) driven as a user drives it: the built-in induction model
// open, a corpus chosen and run, a head of a score's grid clicked, one of its top passages opened
// in the window at that layer and head; the result saved and read back.
#include "app/mainwindow.h"
#include "livemodel/livesession.h"
#include "modelwindow.h"
#include "panels/headsdialog.h"
#include "panels/querykeypanel.h"
#include "session/documentsession.h"
#include "session/transformersession.h"
#include "views/headscoresview.h"
#include "views/querykeyplotview.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

class TestHeadsAnalysis : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

    // A widget point of the view where `grid`'s cell (layer, head) is.
    static QPoint cellPoint(const HeadScoresView *view, int grid, int layer, int head)
    {
        for (int y = 0; y < view->height(); y += 3)
            for (int x = 0; x < view->width(); x += 3) {
                const HeadScoresFigure::Cell c = view->cellAt(QPointF(x, y));
                if (c.grid == grid && c.layer == layer && c.head == head)
                    return {x + 2, y + 2};
            }
        return {-1, -1};
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(test::openModelWindow(m_window)); }

    void analyseAndOpenAPassage()
    {
        QFile corpus(m_dir.filePath(u"corpus.txt"_qs));
        QVERIFY(corpus.open(QIODevice::WriteOnly));
        const char *phrases[] = {"the cat sat on the mat", "a dog ran to the red house", "the bird flew over a tree"};
        for (int i = 0; i < 60; ++i)
            corpus.write(QByteArray(phrases[i % 3]) + ". " + phrases[(i + 1) % 3] + ". " + phrases[i % 3] + ".\n");
        corpus.close();

        auto *action = m_window->findChild<QAction *>(u"actionAnalyseHeads"_qs);
        QVERIFY(action);
        QTRY_VERIFY_WITH_TIMEOUT(action->isEnabled(), 10000);
        action->trigger();
        auto *dialog = m_window->findChild<HeadsDialog *>(u"headsDialog"_qs);
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        auto *edit = dialog->findChild<QLineEdit *>();
        edit->clear();
        QTest::keyClicks(edit, corpus.fileName());
        QSignalSpy done(dialog, &HeadsDialog::runFinished);
        const auto buttons = dialog->findChildren<QPushButton *>();
        QPushButton *start = *std::find_if(
            buttons.begin(), buttons.end(), [](const QPushButton *b) { return b->text() == u"&Start"_qs; });
        QTest::mouseClick(start, Qt::LeftButton);
        QVERIFY(done.wait(30000));
        QVERIFY(dialog->report());
        QCOMPARE(dialog->report()->passages, 60);
        QVERIFY(!dialog->report()->partial);
        HeadScoresView *view = dialog->view();
        QCOMPARE(view->figure().grids().size(), std::size_t(9));

        // induction is the fourth grid: its layer-2 head 3 clicked lists its best passages.
        const QPoint at = cellPoint(view, 3, 1, 2);
        QVERIFY(at.x() >= 0);
        QTest::mouseClick(view, Qt::LeftButton, {}, at);
        QListWidget *list = dialog->passageList();
        QCOMPARE(list->count(), 5);
        QVERIFY(list->item(0)->text().contains(u"line "_qs));
        const QString passage = list->item(0)->data(Qt::UserRole).toString();
        QVERIFY(!passage.isEmpty());
        // Opened: the window runs the model on it, at layer 2, head 3.
        list->setCurrentRow(0);
        Q_EMIT list->itemActivated(list->item(0));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->findChild<QLineEdit *>(u"sentenceEdit"_qs)->text(), passage, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->liveSession()->isComputing(), 10000);
        m_window->session()->waitForResult();
        QCOMPARE(m_window->transformerSession()->view().layer, 1);
        QCOMPARE(m_window->session()->currentHead(), 2);

        // Saved as CSV and as a PNG, read back.
        QVERIFY(dialog->save(m_dir.filePath(u"heads.csv"_qs)).isEmpty());
        QFile csv(m_dir.filePath(u"heads.csv"_qs));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().count('\n'), 1 + 8);
        QVERIFY(dialog->save(m_dir.filePath(u"heads.png"_qs)).isEmpty());
        QCOMPARE(QImage(m_dir.filePath(u"heads.png"_qs)).size(), QSize(1600, 1000));
        if (!qEnvironmentVariableIsEmpty("QKV_SCREENSHOT"))
            dialog->grab().save(qEnvironmentVariable("QKV_SCREENSHOT"));
    }

    // The Queries and keys tab: the head clicked in the grids, plotted; a dot clicked names its token
    // and passage; pan and zoom move the plane; Show in the Window runs the passage.
    void queryKeyPlot()
    {
        auto *dialog = m_window->findChild<HeadsDialog *>(u"headsDialog"_qs);
        auto *tabs = dialog->findChild<QTabWidget *>();
        tabs->setCurrentIndex(1);
        QueryKeyPanel *panel = dialog->queryKeys();
        QSignalSpy done(panel, &QueryKeyPanel::plotFinished);
        panel->plot();
        QVERIFY(done.wait(30000));
        QVERIFY(panel->points() && panel->points()->error.isEmpty());
        QCOMPARE(panel->points()->layer, 1); // the head chosen in the grids
        QCOMPARE(panel->points()->head, 2);
        QueryKeyPlotView *view = panel->view();
        QCOMPARE(qint64(view->pointCount()), panel->points()->queries.rows());
        // The dots are drawn: green queries and pink keys on the white.
        QImage frame(view->size(), QImage::Format_RGB32);
        view->render(frame);
        int green = 0, pink = 0;
        for (int y = 0; y < frame.height(); ++y)
            for (int x = 0; x < frame.width(); ++x) {
                green += frame.pixel(x, y) == 0xff2ca02c ? 1 : 0;
                pink += frame.pixel(x, y) == 0xffe377c2 ? 1 : 0;
            }
        QVERIFY2(green > 100 && pink > 100, qPrintable(QStringLiteral("%1 %2").arg(green).arg(pink)));
        // A click on the dot of token 5's query names it.
        const QPoint dot = view->widgetPoint(5, false).toPoint();
        bool key = true;
        QVERIFY(view->pointAt(dot, &key) >= 0);
        QTest::mouseClick(view, Qt::LeftButton, {}, dot);
        const auto labels = panel->findChildren<QLabel *>();
        QVERIFY(std::any_of(
            labels.begin(), labels.end(), [](const QLabel *l) { return l->text().contains(u"<b><u>"_qs); }));
        // The wheel zooms about the pointer, a drag pans.
        const double scale = view->scale();
        QWheelEvent wheel(QPointF(100, 100), view->mapToGlobal(QPointF(100, 100)), {}, QPoint(0, 120), Qt::NoButton, {},
            Qt::NoScrollPhase, false);
        QApplication::sendEvent(view, &wheel);
        QVERIFY(std::abs(view->scale() / scale - 1.15) < 1e-9);
        const QPointF centre = view->centre();
        QTest::mousePress(view, Qt::LeftButton, {}, QPoint(200, 200));
        QTest::mouseMove(view, QPoint(260, 230));
        QTest::mouseRelease(view, Qt::LeftButton, {}, QPoint(260, 230));
        QVERIFY(std::abs(view->centre().x() - (centre.x() - 60 / view->scale())) < 1e-6);
        view->fitAll();
        if (!qEnvironmentVariableIsEmpty("QKV_SCREENSHOT"))
            dialog->grab().save(qEnvironmentVariable("QKV_SCREENSHOT") + u".qk.png"_qs);
        tabs->setCurrentIndex(0);
    }

    // Stop keeps what ran; closing the window with a run under way waits for nothing.
    void stopKeepsWhatRan()
    {
        QFile corpus(m_dir.filePath(u"long.txt"_qs));
        QVERIFY(corpus.open(QIODevice::WriteOnly));
        for (int i = 0; i < 20000; ++i)
            corpus.write("the cat sat on the mat and the dog ran to the house. the cat sat on the mat.\n");
        corpus.close();
        auto *dialog = m_window->findChild<HeadsDialog *>(u"headsDialog"_qs);
        dialog->setCorpus(corpus.fileName());
        QSignalSpy done(dialog, &HeadsDialog::runFinished);
        dialog->start();
        QVERIFY(dialog->isRunning());
        QTest::qWait(300);
        dialog->stop();
        QVERIFY(done.wait(30000));
        QVERIFY(dialog->report()->partial);
        QVERIFY(dialog->report()->passages < 20000);
        QVERIFY(!dialog->isRunning());
    }

    void cleanupTestCase() { m_window.reset(); }
};

QTEST_MAIN(TestHeadsAnalysis)
#include "tst_headsanalysis.moc"
