// The arrow graph zoomed and panned along a long sentence: the wheel, the middle button and the
// keys move it; the tokens in view keep their names, labels and edges.
#include "views/arrowgraphview.h"

#include <QApplication>
#include <QTest>
#include <QWheelEvent>

using namespace qkv;
using Layout = ArrowGraphView::Layout;
using Side = ArrowGraphView::Side;

namespace {

constexpr int tokens = 128;

// Every token attends to itself alone: in columns, one level edge per token.
Result diagonal(int n)
{
    Result r;
    for (int i = 0; i < n; ++i)
        r.tokens << QStringLiteral("w%1").arg(i);
    HeadResult h;
    h.weights = SquareMatrix::Identity(n, n);
    h.largestWeight = 1;
    r.heads.push_back(h);
    return r;
}

std::unique_ptr<ArrowGraphView> viewOf(int n, Layout layout = Layout::Columns)
{
    auto view = std::make_unique<ArrowGraphView>();
    view->resize(500, 420);
    view->setGraphLayout(layout);
    view->setResult(diagonal(n));
    return view;
}

void wheel(ArrowGraphView &view, QPointF pos, QPoint angle, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWheelEvent event(pos, view.mapToGlobal(pos), QPoint(), angle, Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &event);
}

bool inked(const QImage &image, QPointF p, QRgb background)
{
    const QRgb c = image.pixel(qRound(p.x()), qRound(p.y()));
    return std::abs(qRed(c) - qRed(background)) + std::abs(qGreen(c) - qGreen(background))
        + std::abs(qBlue(c) - qBlue(background))
        > 24;
}

} // namespace

class TstArrowGraphZoom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ctrlWheelZoomsAtThePointer()
    {
        auto view = viewOf(tokens);
        QCOMPARE(view->shownTokens().first, 0.0);
        QVERIFY(qAbs(view->shownTokens().second - tokens) < 1e-9);
        const QPointF pointer = view->tokenRect(100).center();
        QCOMPARE(view->tokenAt(pointer), 100);
        for (int notch = 0; notch < 8; ++notch) {
            wheel(*view, pointer, {0, 120}, Qt::ControlModifier);
            QCOMPARE(view->tokenAt(pointer), 100); // the token under the pointer stays
        }
        QVERIFY(qAbs(view->zoom() - 4.0) < 1e-9);
        QVERIFY(qAbs(view->shownTokens().second - tokens / 4.0) < 1e-9);
        // Eight tokens in view at most; the menu's and keys' way back to all of them.
        for (int notch = 0; notch < 30; ++notch)
            wheel(*view, pointer, {0, 120}, Qt::ControlModifier);
        QCOMPARE(view->zoom(), tokens / 8.0);
        QTest::keyClick(view.get(), Qt::Key_0);
        QCOMPARE(view->zoom(), 1.0);
    }

    void tokensInViewAreNamedAndDrawn()
    {
        auto view = viewOf(tokens);
        const std::size_t thinned = view->labelRects().size();
        QVERIFY(thinned < 2 * tokens); // 128 tokens a side in 420 px: thinned out
        view->setZoom(16, 40);
        QCOMPARE(view->zoomOrigin(), 40.0);
        // Every token in view named on both sides, and only those.
        QCOMPARE(view->labelRects().size(), std::size_t(16));
        for (int i = 40; i < 48; ++i) {
            const QRectF slot = view->tokenRect(i);
            QCOMPARE(view->tokenAt(slot.center()), i);
        }
        QVERIFY(!view->rect().contains(view->tokenRect(20).center().toPoint())); // out of view
        // Each token's edge runs level at its own place; none between them.
        view->setLockedToken(-1);
        const QImage image = view->grab().toImage();
        const QRgb background = view->palette().color(QPalette::Base).rgb();
        const qreal middle = view->width() / 2.0;
        for (int i = 41; i < 47; ++i) {
            const QRectF slot = view->tokenRect(i);
            QVERIFY2(inked(image, {middle, slot.center().y()}, background), qPrintable(QString::number(i)));
            QVERIFY(!inked(image, {middle, slot.bottom()}, background));
        }
    }

    void wheelAndMiddleButtonPan()
    {
        auto view = viewOf(tokens);
        QWheelEvent idle(
            {250, 200}, {250, 200}, QPoint(), {0, -120}, Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view.get(), &idle);
        QVERIFY(!idle.isAccepted()); // everything in view: left to a scroll area
        view->setZoom(8, 0);
        const qreal step = view->tokenRect(1).center().y() - view->tokenRect(0).center().y();
        wheel(*view, {250, 200}, {0, -120});
        QVERIFY(qAbs(view->zoomOrigin() - 48 / step) < 1e-9);
        for (int notch = 0; notch < 200; ++notch)
            wheel(*view, {250, 200}, {0, -120});
        const auto [first, count] = view->shownTokens();
        QVERIFY(qAbs(first + count - tokens) < 1e-9); // stops at the last token
        const double before = view->zoomOrigin();
        QTest::mousePress(view.get(), Qt::MiddleButton, {}, QPoint(250, 200));
        QTest::mouseMove(view.get(), QPoint(250, 260));
        QTest::mouseRelease(view.get(), Qt::MiddleButton, {}, QPoint(250, 260));
        QVERIFY(qAbs(view->zoomOrigin() - (before - 60 / step)) < 1e-9);
        QCOMPARE(view->lockedToken(), -1); // panning locks nothing
    }

    void arcsPanAcross()
    {
        auto view = viewOf(tokens, Layout::Arcs);
        view->setZoom(8, 0);
        const qreal step = view->tokenRect(1).center().x() - view->tokenRect(0).center().x();
        wheel(*view, {250, 200}, {0, -120}); // a plain wheel scrolls along the only axis
        QVERIFY(qAbs(view->zoomOrigin() - 48 / step) < 1e-9);
        const QPointF at = view->tokenRect(10).center();
        wheel(*view, at, {0, 240}, Qt::ControlModifier);
        QCOMPARE(view->tokenAt(at), 10);
    }

    void lockedTokenIsBroughtIntoView()
    {
        auto view = viewOf(tokens);
        view->setZoom(8, 0);
        QTest::keyClick(view.get(), Qt::Key_End);
        QCOMPARE(view->lockedToken(), tokens - 1);
        const auto [first, count] = view->shownTokens();
        QVERIFY(first <= tokens - 1 && first + count >= tokens);
        QVERIFY(view->rect().contains(view->tokenRect(tokens - 1).center().toPoint()));
        view->setResult(diagonal(tokens / 2)); // another sentence: all of it in view
        QCOMPARE(view->zoom(), 1.0);
    }
};

QTEST_MAIN(TstArrowGraphZoom)
#include "tst_arrowgraphzoom.moc"
