// The heatmap zoomed and panned over a long matrix: the wheel, the middle button, the keys and the
// overview move it, and the cells in view keep their colours, their names and their labels.
#include "viewpixels.h"
#include "views/heatmapview.h"

#include <QApplication>
#include <QTest>
#include <QWheelEvent>

#include <random>

using namespace qkv;
using qkv::test::hex;

namespace {

constexpr int tokens = 64;
const QSize side(400, 400);

// Random rows that sum to 1, a peak at (40, 7).
Result randomRows(int n, unsigned seed)
{
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    Result r;
    for (int i = 0; i < n; ++i)
        r.tokens << QStringLiteral("w%1").arg(i);
    SquareMatrix w(n, n);
    for (Eigen::Index i = 0; i < w.size(); ++i)
        w.data()[i] = uniform(random);
    if (n > 40)
        w(40, 7) = 40.0;
    for (int i = 0; i < n; ++i)
        w.row(i) /= w.row(i).sum();
    r.heads.resize(1);
    r.heads[0].weights = w;
    return r;
}

void wheel(HeatmapView &view, QPointF pos, QPoint angle, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWheelEvent event(pos, view.mapToGlobal(pos), QPoint(), angle, Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &event);
}

std::unique_ptr<HeatmapView> viewOf(int n)
{
    auto view = std::make_unique<HeatmapView>();
    view->resize(side);
    view->setValuesVisible(false);
    view->setResult(randomRows(n, 3));
    return view;
}

QRgb pixelAt(const QImage &image, QPointF p)
{
    return image.pixel(static_cast<int>(p.x()), static_cast<int>(p.y()));
}

} // namespace

class TstHeatmapZoom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ctrlWheelZoomsAtThePointer()
    {
        auto view = viewOf(tokens);
        QCOMPARE(view->shownCells(), QRectF(0, 0, tokens, tokens));
        const QPointF pointer = view->cellRect(view->rect(), 40, 7).center();
        QCOMPARE(view->cellAt(pointer), QPoint(7, 40));
        for (int notch = 1; notch <= 12; ++notch) {
            wheel(*view, pointer, {0, 120}, Qt::ControlModifier);
            QCOMPARE(view->cellAt(pointer), QPoint(7, 40)); // the cell under the pointer stays
        }
        QVERIFY(qAbs(view->zoom() - 8.0) < 1e-9); // twelve half steps of √2
        QVERIFY(qAbs(view->shownCells().width() - tokens / 8.0) < 1e-9);
        // No further than four cells across; and back out to the whole matrix.
        for (int notch = 0; notch < 20; ++notch)
            wheel(*view, pointer, {0, 120}, Qt::ControlModifier);
        QCOMPARE(view->zoom(), tokens / 4.0);
        for (int notch = 0; notch < 30; ++notch)
            wheel(*view, pointer, {0, -120}, Qt::ControlModifier);
        QCOMPARE(view->zoom(), 1.0);
        QCOMPARE(view->shownCells(), QRectF(0, 0, tokens, tokens));
    }

    void zoomedCellsKeepTheirColoursAndNames()
    {
        auto view = viewOf(tokens);
        view->setZoom(8, {20.5, 30.25});
        QCOMPARE(view->zoomOrigin(), QPointF(20.5, 30.25));
        const QRectF shown = view->shownCells();
        // The frame scrolls by whole pixels: the origin as asked to within a pixel.
        const qreal pixel = 1 / view->cellRect(view->rect(), 0, 0).width();
        QVERIFY(qAbs(shown.left() - 20.5) <= pixel && qAbs(shown.top() - 30.25) <= pixel);
        QCOMPARE(shown.size(), QSizeF(8, 8));
        const QImage image = test::paintedImage(*view, side);
        const SquareMatrix &w = view->result().heads[0].weights;
        const ColorScale scale = view->colorScale();
        for (int r = 31; r < 38; ++r)
            for (int c = 21; c < 28; ++c) {
                const QPointF centre = view->cellRect(view->rect(), r, c).center();
                if (view->overviewRect().contains(centre))
                    continue; // covered in the window (not in this painting of the figure alone)
                QCOMPARE(view->cellAt(centre), QPoint(c, r));
                QCOMPARE(hex(pixelAt(image, centre)), hex(scale.color(w(r, c))));
            }
        // Cells beyond the frame are not there to point at; the frame's corner is the origin's cell.
        const QRectF frame = view->frameRect();
        QVERIFY(!frame.contains(view->cellRect(view->rect(), 10, 10).center()));
        QCOMPARE(view->cellAt(view->cellRect(view->rect(), 10, 10).center()), QPoint(-1, -1));
        QCOMPARE(view->cellAt(frame.topLeft() + QPointF(1, 1)), QPoint(20, 30));
        QCOMPARE(view->cellAt(frame.bottomRight() - QPointF(1, 1)), QPoint(28, 38));
    }

    void labelsAreTheCellsInView()
    {
        auto view = viewOf(256);
        QList<int> whole;
        view->labelRects(view->rect(), Qt::Vertical, &whole);
        QVERIFY(whole.size() < 100); // thinned out at 256 rows in 400 px
        view->setZoom(16, {100, 200});
        QList<int> rows, columns;
        view->labelRects(view->rect(), Qt::Vertical, &rows);
        view->labelRects(view->rect(), Qt::Horizontal, &columns);
        QCOMPARE(rows.size(), 16); // every row in view named
        QCOMPARE(rows.front(), 200);
        QCOMPARE(rows.back(), 215);
        QCOMPARE(columns.front(), 100);
        QCOMPARE(columns.back(), 115);
    }

    void wheelAndMiddleButtonPan()
    {
        auto view = viewOf(tokens);
        const QPointF middle(200, 200);
        // The whole matrix in view: the wheel is left to a scroll area around the view.
        QWheelEvent idle(middle, middle, QPoint(), {0, -120}, Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view.get(), &idle);
        QVERIFY(!idle.isAccepted());
        view->setZoom(4, {0, 0});
        const qreal cell = view->cellRect(view->rect(), 0, 0).width();
        wheel(*view, middle, {0, -120}); // scrolled down a notch: three lines
        QVERIFY(qAbs(view->zoomOrigin().y() - 48 / cell) < 1e-9);
        QCOMPARE(view->zoomOrigin().x(), 0.0);
        wheel(*view, middle, {0, -120}, Qt::ShiftModifier); // sideways
        QVERIFY(qAbs(view->zoomOrigin().x() - 48 / cell) < 1e-9);
        for (int notch = 0; notch < 100; ++notch)
            wheel(*view, middle, {0, -120});
        QCOMPARE(view->shownCells().bottom(), double(tokens)); // stops at the last row
        // The middle button drags the matrix like a hand.
        const QPointF before = view->zoomOrigin();
        QTest::mousePress(view.get(), Qt::MiddleButton, {}, QPoint(200, 200));
        QTest::mouseMove(view.get(), QPoint(150, 220));
        QTest::mouseRelease(view.get(), Qt::MiddleButton, {}, QPoint(150, 220));
        QVERIFY(qAbs(view->zoomOrigin().x() - (before.x() + 50 / cell)) < 1e-9);
        QVERIFY(qAbs(view->zoomOrigin().y() - (before.y() - 20 / cell)) < 1e-9);
        QCOMPARE(view->selectedRow(), -1); // panning selects nothing
    }

    void keysZoomAndFollowTheSelection()
    {
        auto view = viewOf(tokens);
        QTest::keyClick(view.get(), Qt::Key_Plus);
        QVERIFY(qAbs(view->zoom() - std::sqrt(2.0)) < 1e-9);
        view->setZoom(8, {0, 0});
        QTest::keyClick(view.get(), Qt::Key_End); // the last query, far below the frame
        QCOMPARE(view->selectedRow(), tokens - 1);
        QCOMPARE(view->keyboardCell(), QPoint(tokens - 1, tokens - 1));
        QVERIFY(view->shownCells().contains(QPointF(tokens - 0.5, tokens - 0.5))); // its cell brought into view
        QTest::keyClick(view.get(), Qt::Key_Home);
        QVERIFY(view->shownCells().contains(QPointF(tokens - 0.5, 0.5)));
        QTest::keyClick(view.get(), Qt::Key_Minus);
        QVERIFY(qAbs(view->zoom() - 8 / std::sqrt(2.0)) < 1e-9);
        QTest::keyClick(view.get(), Qt::Key_0);
        QCOMPARE(view->zoom(), 1.0);
    }

    void overviewMovesThePartInView()
    {
        auto view = viewOf(tokens);
        QVERIFY(view->overviewRect().isEmpty());
        view->setZoom(8, {0, 0});
        const QRectF box = view->overviewRect();
        QVERIFY(!box.isEmpty());
        QVERIFY(view->frameRect().contains(box));
        QCOMPARE(view->cellAt(box.center()), QPoint(-1, -1)); // the overview covers the cells there
        QTest::mouseClick(view.get(), Qt::LeftButton, {}, box.center().toPoint());
        const QRectF shown = view->shownCells();
        QVERIFY(qAbs(shown.center().x() - tokens / 2.0) < tokens / box.width() + 1e-9);
        QVERIFY(qAbs(shown.center().y() - tokens / 2.0) < tokens / box.height() + 1e-9);
        QCOMPARE(view->selectedRow(), -1);
        // Painted on screen: the overview's pixels are the matrix's colours, not the cells beneath.
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        const QImage screen = view->grab().toImage();
        const QPointF peak(box.left() + 7.5 * box.width() / tokens, box.top() + 40.5 * box.height() / tokens);
        QCOMPARE(hex(pixelAt(screen, peak)), hex(view->colorScale().color(view->colorScale().high)));
    }

    void scrollingMovesTheImageAsAFreshOneDraws_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("zoom");
        QTest::newRow("cells larger than pixels") << tokens << 8.0;
        QTest::newRow("pixels pooling cells") << 1024 << 1.5;
    }

    void scrollingMovesTheImageAsAFreshOneDraws()
    {
        // Scrolling moves the cells' image kept from the frame before and colours only the strips
        // uncovered: the pixels must be those of the same view drawn afresh, the masked cells'
        // hatch included.
        QFETCH(int, n);
        QFETCH(double, zoom);
        Result causal = randomRows(n, 5);
        causal.visible = SquareMatrix::Zero(n, n);
        causal.visible.triangularView<Eigen::Lower>().setOnes();
        HeatmapView view;
        view.resize(side);
        view.setValuesVisible(false);
        view.setResult(causal);
        view.setZoom(zoom, {n / 4.0, n / 3.0});
        test::paintedImage(view, side);
        const QPointF middle(200, 200);
        const QList<QPoint> moves {{0, -7}, {0, 13}, {-9, 0}, {11, -5}, {-3, 17}, {40, 0}, {0, -60}};
        for (const QPoint move : moves) {
            QWheelEvent pan(middle, middle, move, move * 10, Qt::NoButton, Qt::NoModifier, Qt::ScrollUpdate, false);
            QApplication::sendEvent(&view, &pan);
            const QImage scrolled = test::paintedImage(view, side);
            HeatmapView fresh;
            fresh.resize(side);
            fresh.setValuesVisible(false);
            fresh.setResult(causal);
            fresh.setZoom(view.zoom(), view.zoomOrigin());
            QCOMPARE(fresh.zoomOrigin(), view.zoomOrigin());
            const QImage drawn = test::paintedImage(fresh, side);
            QCOMPARE(scrolled, drawn);
        }
    }

    void anotherLengthStartsWhole()
    {
        auto view = viewOf(tokens);
        view->setZoom(8, {10, 10});
        view->setResult(randomRows(tokens, 4)); // an edit: the same length keeps the zoom
        QCOMPARE(view->zoom(), 8.0);
        view->setResult(randomRows(tokens + 1, 4));
        QCOMPARE(view->zoom(), 1.0);
        QCOMPARE(view->shownCells(), QRectF(0, 0, tokens + 1, tokens + 1));
    }
};

QTEST_MAIN(TstHeatmapZoom)
#include "tst_heatmapzoom.moc"
