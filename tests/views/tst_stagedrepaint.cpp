#include "views/stagedrepaint.h"

#include <QHBoxLayout>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace qkv;

namespace {

// Counts the window's repaint passes (its UpdateRequest events).
class PassCounter : public QObject
{
public:
    int passes = 0;
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::UpdateRequest)
            ++passes;
        return false;
    }
};

// Remembers the pass it was last painted in.
class Painted : public QWidget
{
public:
    explicit Painted(const PassCounter &counter)
        : m_counter(counter)
    { }
    int pass = -1; // of the last paint
    int paints = 0;

protected:
    void paintEvent(QPaintEvent *) override
    {
        pass = m_counter.passes;
        ++paints;
        QPainter(this).fillRect(rect(), Qt::darkCyan);
    }

private:
    const PassCounter &m_counter;
};

struct Window {
    PassCounter counter;
    QWidget window;
    std::vector<Painted *> views;

    explicit Window(int count)
    {
        auto *layout = new QHBoxLayout(&window);
        for (int i = 0; i < count; ++i) {
            views.push_back(new Painted(counter));
            layout->addWidget(views.back());
        }
        window.installEventFilter(&counter);
        window.resize(400, 200);
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            qFatal("the window was not shown");
        QCoreApplication::processEvents();
    }
    // Every view asks for a repaint, as all do when a new result arrives.
    void updateAll()
    {
        for (Painted *v : views)
            v->update();
    }
};

} // namespace

class TestStagedRepaint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void heldViewsPaintOnePerPassAfterTheRest()
    {
        Window w(4);
        StagedRepaint staged;
        QSignalSpy released(&staged, &StagedRepaint::released);
        staged.hold({w.views[3], w.views[1], w.views[2]});
        QVERIFY(staged.isHolding());
        w.updateAll();
        // The first pass paints the view not held, and none of the held ones.
        const int before = w.views[3]->paints;
        QTRY_VERIFY(w.views[0]->paints > 0 && w.views[0]->pass > 0);
        const int first = w.views[0]->pass;
        QCOMPARE(w.views[3]->paints, before);
        QVERIFY(released.wait(2000));
        QCOMPARE(released.count(), 1);
        QVERIFY(!staged.isHolding());
        QTRY_VERIFY(w.views[2]->pass > w.views[1]->pass);
        // In the order given, each in a pass of its own after the first.
        QCOMPARE_GT(w.views[3]->pass, first);
        QCOMPARE_GT(w.views[1]->pass, w.views[3]->pass);
        QCOMPARE_GT(w.views[2]->pass, w.views[1]->pass);
        for (Painted *v : w.views)
            QVERIFY(v->updatesEnabled());
    }

    void aHeldViewsUpdatesWaitForItsTurn()
    {
        Window w(2);
        StagedRepaint staged;
        staged.hold({w.views[1]});
        const int paints = w.views[1]->paints;
        w.views[1]->update();
        w.views[1]->repaint(); // ignored while its updates are off
        QCOMPARE(w.views[1]->paints, paints);
        QTRY_VERIFY(!staged.isHolding());
        QTRY_COMPARE(w.views[1]->paints, paints + 1);
    }

    void releasedWithoutAnyOtherRepaint()
    {
        // Nothing else to paint: no pass comes, and the views are released all the same.
        Window w(2);
        StagedRepaint staged;
        QSignalSpy released(&staged, &StagedRepaint::released);
        staged.hold({w.views[0], w.views[1]});
        QVERIFY(released.wait(2000));
        QVERIFY(w.views[0]->updatesEnabled() && w.views[1]->updatesEnabled());
    }

    void hiddenViewsAreNotHeld()
    {
        Window w(2);
        w.views[1]->hide();
        StagedRepaint staged;
        staged.hold({w.views[1], nullptr});
        QVERIFY(!staged.isHolding());
        QVERIFY(w.views[1]->updatesEnabled());
    }

    void aViewDeletedWhileHeld()
    {
        Window w(3);
        StagedRepaint staged;
        QSignalSpy released(&staged, &StagedRepaint::released);
        staged.hold({w.views[1], w.views[2]});
        delete w.views[1];
        w.views.erase(w.views.begin() + 1);
        w.updateAll();
        QVERIFY(released.wait(2000));
        QTRY_VERIFY(w.views[1]->pass > w.views[0]->pass);
    }

    void neverLeavesAViewThatCannotRepaint()
    {
        Window w(2);
        auto staged = std::make_unique<StagedRepaint>();
        staged->hold({w.views[0], w.views[1]});
        QVERIFY(!w.views[0]->updatesEnabled());
        staged.reset();
        QVERIFY(w.views[0]->updatesEnabled() && w.views[1]->updatesEnabled());
    }
};

QTEST_MAIN(TestStagedRepaint)
#include "tst_stagedrepaint.moc"
