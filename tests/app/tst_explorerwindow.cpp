#include "app/mainwindow.h"
#include "attention/precision.h"
#include "panels/goalseekdialog.h"
#include "panels/invariancedock.h"
#include "panels/sidebysidedock.h"
#include "session/documentsession.h"
#include "views/arrowgraphview.h"
#include "views/contributionsview.h"
#include "views/distributionview.h"
#include "views/heatmapview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QToolTip>
#include <QUndoStack>

#include "lessonwindow.h"

#include <algorithm>
#include <cmath>

using namespace qkv;

namespace {

// The centre of the heatmap's cell (row, col) in widget coordinates.
QPoint cellCentre(HeatmapView *heatmap, int row, int col)
{
    return heatmap->cellRect(heatmap->rect(), row, col).center().toPoint();
}

void sendMouse(QWidget *w, QEvent::Type type, QPoint pos, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, pos, w->mapToGlobal(pos), Qt::LeftButton, buttons, Qt::NoModifier);
    QApplication::sendEvent(w, &event);
}

// A press, a move of `dy` pixels in steps with the button held, and the release there.
void drag(QWidget *w, QPoint from, int dy)
{
    sendMouse(w, QEvent::MouseButtonPress, from, Qt::LeftButton);
    for (int step = 1; step <= 4; ++step)
        sendMouse(w, QEvent::MouseMove, from + QPoint(0, dy * step / 4), Qt::LeftButton);
    sendMouse(w, QEvent::MouseButtonRelease, from + QPoint(0, dy), Qt::NoButton);
}

// With QKV_SCREENSHOT_DIR set, the window and `widget` as a person sees them, to look at.
void screenshot(QWidget *window, QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("QKV_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QTest::qWait(200);
    window->grab().save(dir + QStringLiteral("/%1-window.png").arg(name));
    widget->grab().save(dir + QStringLiteral("/%1.png").arg(name));
}

} // namespace

// The explorer's tools in the window. Goal-seek: a cell or a bar dragged to a weight, the change
// shown before it is applied, Apply as one undo step, the closest weight offered when the target
// is out of reach. Invariances: a transformation as one edit, with badges of what changed.
class TstExplorerWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    DocumentSession *session() const { return m_window->session(); }
    GoalSeekDialog *dialog() const { return m_window->findChild<GoalSeekDialog *>(); }
    double weight(int row, int col) const { return session()->result().heads[0].weights(row, col); }

private Q_SLOTS:
    void initTestCase() { test::useTestSettings(QStringLiteral("tst_explorerwindow")); }

    void init()
    {
        m_window = test::freshWindow();
        QVERIFY(m_window);
        QVERIFY(m_window->openDocument(QStringLiteral("example:animal")));
    }

    void cleanup() { m_window.reset(); }

    // "How do I make it look at animal?": drag the cell (it, animal) up. No query can (animal's
    // key lies between street's and it's), says the dialog; animal's key can: the change is
    // shown without being made, and Apply makes it, as one undo step.
    void draggingACellShowsTheChangeThenApplies()
    {
        auto *heatmap = m_window->findChild<HeatmapView *>(QStringLiteral("heatmapView"));
        const double before = weight(7, 1);
        drag(heatmap, cellCentre(heatmap, 7, 1), -60);
        QVERIFY(dialog() && dialog()->isVisible());
        QCOMPARE(dialog()->queryBox()->currentIndex(), 7);
        QCOMPARE(dialog()->keyBox()->currentIndex(), 1);
        const double target = dialog()->targetBox()->value();
        QVERIFY2(target > before + 0.1, qPrintable(QStringLiteral("%1 → %2").arg(before).arg(target)));
        QVERIFY(!dialog()->result().reached);
        QVERIFY(!dialog()->applyButton()->isEnabled());
        QVERIFY(dialog()->summary()->text().contains(QStringLiteral("convex hull")));
        dialog()->changeBox()->setCurrentIndex(1); // the key of animal
        QVERIFY(dialog()->result().reached);
        QVERIFY(dialog()->applyButton()->isEnabled());
        QCOMPARE(weight(7, 1), before); // shown, not yet made
        QCOMPARE(dialog()->vectors()->rowCount(), 2); // Δ key, new key
        QCOMPARE(dialog()->vectors()->columnCount(), 3);
        QVERIFY(dialog()->summary()->text().contains(QStringLiteral("→")));
        QVERIFY(dialog()->summary()->text().contains(QStringLiteral("move too"))); // every row sees animal
        screenshot(m_window.get(), dialog(), QStringLiteral("goalseek"));
        const int steps = session()->undoStack()->count();
        QTest::mouseClick(dialog()->applyButton(), Qt::LeftButton);
        session()->waitForResult();
        QVERIFY(std::abs(weight(7, 1) - target) < 1e-6);
        QCOMPARE(session()->undoStack()->count(), steps + 1);
        QVERIFY(session()->undoStack()->undoText().startsWith(QStringLiteral("Goal-seek it → animal")));
        // The dialog follows the document: the target is met now.
        QVERIFY(!dialog()->applyButton()->isEnabled());
        session()->undoStack()->undo();
        session()->waitForResult();
        QCOMPARE(weight(7, 1), before);
    }

    // Tools → Goal Seek… on the selection; a key change; 1.0 out of reach, the closest offered
    // and sought with one click.
    void theMenuSeeksTheSelectionAndOffersTheClosest()
    {
        session()->setSelectedToken(7);
        auto *distribution = m_window->findChild<DistributionView *>(QStringLiteral("barsView"));
        distribution->setHighlightedKey(1);
        m_window->findChild<QAction *>(QStringLiteral("actionGoalSeek"))->trigger();
        QVERIFY(dialog()->isVisible());
        QCOMPARE(dialog()->queryBox()->currentIndex(), 7);
        QCOMPARE(dialog()->keyBox()->currentIndex(), 1);
        dialog()->changeBox()->setCurrentIndex(1); // the key of "animal"
        QVERIFY(dialog()->changeBox()->currentText().contains(QStringLiteral("animal")));
        dialog()->targetBox()->selectAll();
        QTest::keyClicks(dialog()->targetBox(), QStringLiteral("1"));
        QTest::keyClick(dialog()->targetBox(), Qt::Key_Tab);
        QCOMPARE(dialog()->targetBox()->value(), 1.0);
        QVERIFY(!dialog()->result().reached);
        QVERIFY(!dialog()->applyButton()->isEnabled());
        QVERIFY(dialog()->closestButton()->isVisible());
        QVERIFY(dialog()->summary()->text().contains(QStringLiteral("below 1")));
        screenshot(m_window.get(), dialog(), QStringLiteral("goalseek-unreachable"));
        QTest::mouseClick(dialog()->closestButton(), Qt::LeftButton);
        QCOMPARE(dialog()->targetBox()->value(), 0.999999);
        QVERIFY(dialog()->result().reached);
        QCOMPARE(dialog()->vectors()->rowCount(), 2);
        QVERIFY(dialog()->vectors()->verticalHeaderItem(0)->text().contains(QStringLiteral("key of animal")));
        QTest::mouseClick(dialog()->applyButton(), Qt::LeftButton);
        session()->waitForResult();
        QVERIFY(std::abs(weight(7, 1) - 0.999999) < 1e-6);
    }

    // A bar dragged on the bar chart seeks the weight its value axis gives where it is let go:
    // dragged to the top of the tallest bar, the weight of that bar.
    void draggingABarSeeksTheAxisValue()
    {
        session()->setSelectedToken(7);
        auto *bars = m_window->findChild<DistributionView *>(QStringLiteral("barsView"));
        int tallest = 0;
        for (int k = 0; k < session()->document().tokenCount(); ++k)
            if (k != 1 && weight(7, k) > weight(7, tallest))
                tallest = k;
        const QPoint from = bars->barRect(bars->rect(), 1).center().toPoint();
        const int to = qRound(bars->barRect(bars->rect(), tallest).top());
        QVERIFY(std::abs(to - from.y()) > 10);
        drag(bars, from, to - from.y());
        QVERIFY(dialog() && dialog()->isVisible());
        QCOMPARE(dialog()->queryBox()->currentIndex(), 7);
        QCOMPARE(dialog()->keyBox()->currentIndex(), 1);
        QVERIFY2(std::abs(dialog()->targetBox()->value() - weight(7, tallest)) < 0.01,
            qPrintable(QStringLiteral("%1 vs %2").arg(dialog()->targetBox()->value()).arg(weight(7, tallest))));
    }

    // The heatmap's context menu offers goal-seek on the cell under the pointer.
    void theContextMenuSeeksItsCell()
    {
        auto *heatmap = m_window->findChild<HeatmapView *>(QStringLiteral("heatmapView"));
        QTimer::singleShot(0, this, [] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            QVERIFY(menu);
            auto *action = menu->findChild<QAction *>(QStringLiteral("goalSeekCell"));
            QVERIFY(action);
            menu->close();
            action->trigger();
        });
        const QPoint pos = cellCentre(heatmap, 2, 5);
        QContextMenuEvent event(QContextMenuEvent::Mouse, pos, heatmap->mapToGlobal(pos));
        QApplication::sendEvent(heatmap, &event);
        QTRY_VERIFY(dialog() && dialog()->isVisible());
        QCOMPARE(dialog()->queryBox()->currentIndex(), 2);
        QCOMPARE(dialog()->keyBox()->currentIndex(), 5);
    }

    // Tools → Invariances: a click transforms the document (one undo step) and the badges say
    // what moved; a document that cannot take it is told why, and nothing changes.
    void invariancesApplyAndSayWhatChanged()
    {
        m_window->findChild<QAction *>(QStringLiteral("actionInvariances"))->trigger();
        auto *dock = m_window->findChild<InvarianceDock *>();
        QVERIFY(dock && dock->isVisible());
        const Document before = session()->document();
        const int steps = session()->undoStack()->count();
        QTest::mouseClick(dock->button(explore::Invariance::ShiftKeys), Qt::LeftButton);
        session()->waitForResult();
        QCOMPARE(session()->undoStack()->count(), steps + 1);
        QVERIFY2(
            dock->badge(0)->text().startsWith(QStringLiteral("Scores changed")), qPrintable(dock->badge(0)->text()));
        QCOMPARE(dock->badge(1)->text(), QStringLiteral("Weights unchanged"));
        QVERIFY(dock->explanation()->text().contains(QStringLiteral("softmax ignores")));
        screenshot(m_window.get(), dock, QStringLiteral("invariances"));
        QCOMPARE(session()->document().wordVectors(QStringLiteral("it")).k(0, 0),
            before.wordVectors(QStringLiteral("it")).k(0, 0) + 1);
        session()->undoStack()->undo();
        QVERIFY(session()->document() == before);

        QTest::mouseClick(dock->button(explore::Invariance::PermuteWords), Qt::LeftButton);
        QCOMPARE(session()->document().tokens().first(), QStringLiteral("tired"));
        QCOMPARE(dock->badge(1)->text(), QStringLiteral("Weights unchanged"));

        QVERIFY(m_window->openDocument(QStringLiteral("example:birds")));
        QTest::mouseClick(dock->button(explore::Invariance::ShiftKeys), Qt::LeftButton);
        QVERIFY(dock->explanation()->text().contains(QStringLiteral("weights are given")));
        QVERIFY(dock->badge(1)->isHidden());
        QCOMPARE(session()->undoStack()->count(), 0);
    }

    // The Contributions tab beside the bar chart takes apart the selected query's output and
    // follows the selection, from the keyboard too.
    void contributionsFollowTheSelection()
    {
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("contributionsDock"));
        auto *view = m_window->findChild<ContributionsView *>(QStringLiteral("contributionsView"));
        QVERIFY(dock && view);
        dock->raise();
        session()->setSelectedToken(7);
        QCOMPARE(view->figure().query(), 7);
        QCOMPARE(view->figure().colouredKeys().first(), 10); // tired
        QTRY_VERIFY(view->isVisible());
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Right);
        QCOMPARE(session()->selectedToken(), 8);
        QCOMPARE(view->figure().query(), 8);
        session()->setSelectedToken(7);
        screenshot(m_window.get(), view, QStringLiteral("contributions"));

        // Through W_O: offered in projection mode with a W_O, and then the model's output apart.
        QAction *throughWo = view->throughWoAction();
        QVERIFY(!throughWo->isEnabled());
        Document doc = session()->document();
        Settings s = doc.settings();
        s.mode = Mode::Projection;
        s.heads = 2;
        doc.setSettings(s);
        doc.setWo(Eigen::MatrixXd::Identity(2 * s.dim, s.dModel) * 2);
        session()->editDocument(doc, QStringLiteral("projection"));
        session()->waitForResult();
        QVERIFY(throughWo->isEnabled());
        throughWo->trigger();
        QVERIFY(view->figure().throughWo());
        const Eigen::VectorXd output = session()->result().output.row(7).transpose();
        QVERIFY((view->figure().contributions().output - output).cwiseAbs().maxCoeff() < 1e-12);
        screenshot(m_window.get(), view, QStringLiteral("contributions-wo"));
        throughWo->trigger();
        QVERIFY(!view->figure().throughWo());
    }

    // The Precision setting from the keyboard: float16 makes every weight a float16 number, as
    // one undo step named for it.
    void precisionIsASetting()
    {
        auto *box = m_window->findChild<QComboBox *>(QStringLiteral("precision"));
        QVERIFY(box);
        QCOMPARE(box->currentText(), QStringLiteral("float64"));
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Down);
        QTest::keyClick(box, Qt::Key_Down);
        QCOMPARE(box->currentText(), QStringLiteral("float16"));
        session()->waitForResult();
        QVERIFY(session()->document().settings().precision == Precision::Float16);
        QCOMPARE(session()->undoStack()->undoText(), QStringLiteral("Set precision to float16"));
        const SquareMatrix &w = session()->result().heads[0].weights;
        for (Eigen::Index i = 0; i < w.size(); ++i)
            QCOMPARE(roundTo(w(i), Precision::Float16), w(i));
        session()->undoStack()->undo();
        session()->waitForResult();
        QCOMPARE(box->currentText(), QStringLiteral("float64"));
    }

    // The dialog follows the sentence: a shorter one refills its tokens, nothing stale is read.
    // Tools → Snapshots: a snapshot taken under a name becomes the baseline, and the heatmap shows
    // what an edit changes from it; Compare With → Nothing shows the weights again; each is one
    // undo step, and a deleted snapshot is gone from the menu.
    void snapshotsShowWhatChanged()
    {
        auto *heatmap = m_window->findChild<HeatmapView *>(QStringLiteral("heatmapView"));
        auto *take = m_window->findChild<QAction *>(QStringLiteral("actionTakeSnapshot"));
        QVERIFY(take);
        QTimer::singleShot(0, this, [] {
            auto *ask = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(ask);
            QCOMPARE(ask->textValue(), QStringLiteral("Snapshot 1"));
            ask->setTextValue(QStringLiteral("tired it"));
            ask->accept();
        });
        take->trigger();
        QCOMPARE(session()->document().baseline(), QStringLiteral("tired it"));
        QVERIFY(session()->undoStack()->undoText().startsWith(QStringLiteral("Take Snapshot")));
        QVERIFY(heatmap->figure().showsDifference());
        QCOMPARE(heatmap->figure().colorScale().high, 1e-12); // nothing changed yet
        const double before = weight(7, 1);
        session()->editValue({Field::Query, QStringLiteral("it"), 0, 0, 1}, 2.0);
        session()->waitForResult();
        const double change = weight(7, 1) - before;
        QVERIFY(std::abs(change) > 0.01);
        QVERIFY(heatmap->figure().colorScale().high >= std::abs(change));
        QVERIFY2(heatmap->figure().describeCell(7, 1).contains(
                     QStringLiteral("Δ %1%2 since “tired it”")
                         .arg(change > 0 ? QStringLiteral("+") : QString(), QLocale().toString(change, 'g', 6))),
            qPrintable(heatmap->figure().describeCell(7, 1)));
        screenshot(m_window.get(), heatmap, QStringLiteral("snapshot"));
        // The arrow graph draws the changes: it → animal's, with its sign, and its tooltip says so.
        auto *arrows = m_window->findChild<ArrowGraphView *>(QStringLiteral("arrowsView"));
        QVERIFY(arrows->figure().showsDifference());
        arrows->setFilter(EdgeFilter::none()); // the default hides changes below 0.02, as this one is
        const auto &edges = arrows->keptEdges();
        QCOMPARE(edges.size(), std::size_t(11)); // only the edited query's row moved
        const auto toAnimal = std::find_if(edges.begin(), edges.end(),
            [](const ArrowGraphView::DrawnEdge &d) { return d.edge.query == 7 && d.edge.key == 1; });
        QVERIFY(toAnimal != edges.end());
        QVERIFY(std::abs(arrows->figure().change(*toAnimal) - change) < 1e-12);
        QVERIFY(std::all_of(edges.begin(), edges.end(), [](const auto &d) { return d.edge.query == 7; }));
        const QPoint at = arrows->tokenRect(7).center().toPoint();
        QHelpEvent help(QEvent::ToolTip, at, arrows->mapToGlobal(at));
        QApplication::sendEvent(arrows, &help);
        QVERIFY2(QToolTip::text().contains(QStringLiteral("Changed since “tired it”: ")), qPrintable(QToolTip::text()));

        // Side by side: the snapshot's heatmap (A) beside now's (B), which the edit made differ.
        auto *sideBySide = m_window->findChild<QAction *>(QStringLiteral("actionSideBySide"));
        QVERIFY(sideBySide && !sideBySide->isChecked());
        sideBySide->trigger();
        auto *sides = m_window->findChild<SideBySideDock *>(QStringLiteral("sideBySideDock"));
        QVERIFY(sides->isVisible());
        sides->refresh();
        const QImage both = sides->image();
        const int half = both.width() / 2;
        QVERIFY(half > 100);
        QVERIFY(both.copy(0, 0, half - 1, both.height()) != both.copy(half + 1, 0, half - 1, both.height()));
        sides->setKind(FigureKind::Bars);
        sides->refresh();
        QVERIFY(sides->image() != both);
        screenshot(m_window.get(), sides, QStringLiteral("sidebyside"));

        auto *compare = m_window->findChild<QMenu *>(QStringLiteral("menuCompareWith"));
        QVERIFY(compare);
        Q_EMIT compare->aboutToShow();
        QCOMPARE(compare->actions().size(), 2); // Nothing, tired it
        QVERIFY(compare->actions().at(1)->isChecked());
        compare->actions().at(0)->trigger();
        QVERIFY(session()->document().baseline().isEmpty());
        QVERIFY(!heatmap->figure().showsDifference());
        session()->undoStack()->undo(); // compares again
        QVERIFY(heatmap->figure().showsDifference());

        auto *remove = m_window->findChild<QMenu *>(QStringLiteral("menuDeleteSnapshot"));
        Q_EMIT remove->aboutToShow();
        remove->actions().at(0)->trigger();
        QVERIFY(session()->document().snapshots().empty());
        QVERIFY(!heatmap->figure().showsDifference());
        Q_EMIT remove->aboutToShow();
        QVERIFY(!remove->actions().at(0)->isEnabled()); // "No snapshots"
    }

    void theDialogFollowsAShorterSentence()
    {
        session()->setSelectedToken(10);
        m_window->findChild<QAction *>(QStringLiteral("actionGoalSeek"))->trigger();
        QCOMPARE(dialog()->queryBox()->currentIndex(), 10);
        session()->editSentence(QStringLiteral("The animal"));
        session()->waitForResult();
        QCOMPARE(dialog()->queryBox()->count(), 2);
        QVERIFY(dialog()->queryBox()->currentIndex() < 2);
        session()->undoStack()->undo();
        session()->waitForResult();
        QCOMPARE(dialog()->queryBox()->count(), 11);
    }
};

QTEST_MAIN(TstExplorerWindow)
#include "tst_explorerwindow.moc"
