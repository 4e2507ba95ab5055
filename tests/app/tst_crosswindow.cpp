// Cross-attention in the window: a second sentence typed in "Keys from" gives the keys and
// values; its tokens get a strip of their own, the vector table rows of their own, and every view
// shows the rectangle n × m. One undoable edit; cleared, the window is back to self-attention.
#include "app/mainwindow.h"
#include "session/documentsession.h"
#include "views/arrowgraphview.h"
#include "views/distributionview.h"
#include "views/heatmapview.h"
#include "views/scrubtableview.h"
#include "views/tokenstrip.h"

#include <QLabel>
#include <QLineEdit>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>

#include "lessonwindow.h"

#include <cmath>

using namespace qkv;

namespace {

void screenshot(QWidget *window, const QString &name)
{
    const QString dir = qEnvironmentVariable("QKV_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QTest::qWait(200);
    window->grab().save(dir + QStringLiteral("/%1.png").arg(name));
}

} // namespace

class TstCrossWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    DocumentSession *session() const { return m_window->session(); }
    template<typename T>
    T *child(const char *name) const
    {
        return m_window->findChild<T *>(QString::fromLatin1(name));
    }

private Q_SLOTS:
    void initTestCase() { test::useTestSettings(QStringLiteral("tst_crosswindow")); }

    void init()
    {
        m_window = test::freshWindow();
        QVERIFY(m_window);
        QVERIFY(m_window->openDocument(QStringLiteral("example:animal")));
    }

    void cleanup() { m_window.reset(); }

    // Typing the second sentence makes the attention 11 × 3, as one undo step.
    void typingTheSecondSentence()
    {
        auto *cross = child<QLineEdit>("crossEdit");
        auto *keyStrip = child<TokenStrip>("keyTokenStrip");
        QVERIFY(cross && keyStrip);
        QVERIFY(keyStrip->isHidden());
        const int n = session()->document().tokenCount();
        cross->setFocus();
        QTest::keyClicks(cross, QStringLiteral("la rue large"));
        QVERIFY(session()->document().isCross());
        session()->waitForResult();
        const Result &r = session()->result();
        QCOMPARE(r.keys(), (QStringList {QStringLiteral("la"), QStringLiteral("rue"), QStringLiteral("large")}));
        QCOMPARE(r.heads[0].weights.rows(), Eigen::Index(n));
        QCOMPARE(r.heads[0].weights.cols(), Eigen::Index(3));
        QVERIFY(keyStrip->isVisible());
        // The note over the vector table says which rows give what.
        auto *note = child<QLabel>("wordsNote");
        QVERIFY(note && note->isVisible() && note->text().contains(QStringLiteral("(2nd)")));
        // The heatmap is 11 rows of 3 square cells: taller than wide.
        auto *heatmap = child<HeatmapView>("heatmapView");
        const QRect first = heatmap->cellRect(heatmap->rect(), 0, 0).toRect();
        const QRect last = heatmap->cellRect(heatmap->rect(), n - 1, 2).toRect();
        QVERIFY2(last.bottom() - first.top() > 3 * (last.right() - first.left()),
            qPrintable(QStringLiteral("%1 × %2").arg(last.right() - first.left()).arg(last.bottom() - first.top())));
        // Its tooltip names the second sentence's token.
        QVERIFY(heatmap->describeCell(0, 1).contains(QStringLiteral("→ rue")));
        // The bars are the three keys of the selected query.
        auto *bars = child<DistributionView>("barsView");
        QVERIFY(bars->describeBar(2).contains(QStringLiteral("large")));
        QVERIFY(bars->describeBar(3).isEmpty());
        // Each word typed was one edit: undo them all and the window is back to self-attention.
        QUndoStack *undo = session()->undoStack();
        while (session()->document().isCross())
            undo->undo();
        QVERIFY(keyStrip->isHidden());
        QVERIFY(cross->text().isEmpty());
        QCOMPARE(session()->result().heads[0].weights.cols(), Eigen::Index(n));
    }

    // The example: the vector table lists the second sentence's tokens after the sentence's, and
    // an edit of a key there moves the weights of every query.
    void editingASecondSentenceKey()
    {
        QVERIFY(m_window->openDocument(QStringLiteral("example:translation")));
        session()->waitForResult();
        auto *table = child<ScrubTableView>("wordsTable");
        QAbstractItemModel *model = table->model();
        QCOMPARE(model->rowCount(), 6);
        QCOMPARE(model->headerData(4, Qt::Vertical).toString(), QStringLiteral("black (2nd)"));
        // The sentence's keys and the second sentence's queries are greyed: they take no part.
        QVERIFY(model->index(0, 3).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Cross-attention")));
        QVERIFY(!model->index(4, 3).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Cross-attention")));
        QVERIFY(model->index(4, 0).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Cross-attention")));
        // k(black)[3] = 4 → 0: "noir" no longer finds its colour.
        const double before = session()->result().heads[0].weights(2, 1);
        QVERIFY(std::abs(before - 0.8342778481558408) < 1e-12);
        QVERIFY(model->setData(model->index(4, 5), 0.0, Qt::EditRole));
        session()->waitForResult();
        const double after = session()->result().heads[0].weights(2, 1);
        QVERIFY2(std::abs(after - 1.0 / 3) < 1e-12, qPrintable(QString::number(after)));
        QCOMPARE(session()->document().wordVectors(QStringLiteral("black")).k(0, 2), 0.0);
        screenshot(m_window.get(), QStringLiteral("cross-window"));
    }

    // Clicking a token of the second sentence selects its key: the arrows then show who attends
    // to it, and the key strip, not the sentence's, marks it.
    void selectingAKey()
    {
        QVERIFY(m_window->openDocument(QStringLiteral("example:translation")));
        session()->waitForResult();
        auto *keyStrip = child<TokenStrip>("keyTokenStrip");
        auto *strip = child<TokenStrip>("tokenStrip");
        QTest::mouseClick(keyStrip->viewport(), Qt::LeftButton, {}, keyStrip->chipRect(2).center());
        QVERIFY(session()->isKeySelected());
        QCOMPARE(session()->selectedToken(), 2);
        QCOMPARE(keyStrip->selectedToken(), 2);
        QCOMPARE(strip->selectedToken(), -1);
        // The arrows isolate who attends to "cat", on the key side.
        auto *arrows = child<ArrowGraphView>("arrowsView");
        QCOMPARE(arrows->figure().lockedToken(), 2);
        QCOMPARE(arrows->figure().lockedSide(), ArrowGraphFigure::Side::Key);
        for (const auto &d : arrows->figure().drawnEdges())
            QCOMPARE(d.edge.key, 2);
        QVERIFY(arrows->figure().drawnEdges().size() == 3);
        // "cat" is attended most by "chat".
        QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("“chat” attends to it most")));
    }

    // Settings that cannot be computed across two sentences are refused by name.
    void keyKeyScoringIsRefused()
    {
        QVERIFY(m_window->openDocument(QStringLiteral("example:translation")));
        Settings s = session()->document().settings();
        s.scoring = Scoring::KeyKey;
        session()->editSettings(s);
        QVERIFY(session()->document().settings().scoring == Scoring::QueryKey);
        QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("key·key")));
    }
};

QTEST_MAIN(TstCrossWindow)
#include "tst_crosswindow.moc"
