#include "document/documentio.h"
#include "session/documentsession.h"
#include "viewpixels.h"
#include "views/heatmapview.h"

#include <QBuffer>
#include <QPainter>
#include <QSignalSpy>
#include <QSvgGenerator>
#include <QTest>

#include <random>

using namespace qkv;
using qkv::test::hex;

namespace {

Result makeResult(const SquareMatrix &weights, const SquareMatrix &scores = {}, const SquareMatrix &visible = {})
{
    Result r;
    for (int i = 0; i < weights.rows(); ++i)
        r.tokens << QStringLiteral("t%1").arg(i);
    r.heads.resize(1);
    r.heads[0].weights = weights;
    r.heads[0].scores = scores;
    r.visible = visible;
    return r;
}

SquareMatrix matrix(int n, std::initializer_list<double> values)
{
    SquareMatrix m(n, n);
    auto it = values.begin();
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            m(r, c) = *it++;
    return m;
}

const QSize imageSize(400, 400);

QImage render(const HeatmapView &view, QSize size = imageSize)
{
    return test::paintedImage(view, size);
}

QRgb centre(const QImage &image, const HeatmapView &view, int row, int col)
{
    const QPointF c = view.cellRect(QRectF(QPointF(0, 0), image.size()), row, col).center();
    return image.pixel(static_cast<int>(c.x()), static_cast<int>(c.y()));
}

std::unique_ptr<DocumentSession> animalSession()
{
    auto session = std::make_unique<DocumentSession>();
    const LoadResult loaded = loadDocument(QStringLiteral("example:animal"));
    Q_ASSERT(loaded);
    session->resetDocument(*loaded.document);
    return session;
}

} // namespace

class TstHeatmapView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cellCentresHaveColormapColours_data()
    {
        QTest::addColumn<Colormap>("map");
        QTest::newRow("viridis") << Colormap::Viridis;
        QTest::newRow("cividis") << Colormap::Cividis;
        QTest::newRow("magma") << Colormap::Magma;
        QTest::newRow("grey") << Colormap::Grey;
    }

    void cellCentresHaveColormapColours()
    {
        QFETCH(Colormap, map);
        const SquareMatrix w = matrix(3, {0.0, 0.25, 0.5, 0.75, 1.0, 0.1, 0.3, 0.6, 0.9});
        HeatmapView view;
        view.setValuesVisible(false);
        view.setColormap(map);
        view.setResult(makeResult(w));
        const QImage image = render(view);
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c)
                QCOMPARE(hex(centre(image, view, r, c)), hex(colormapColor(map, w(r, c))));
    }

    void viridisPublishedValues()
    {
        // viridis(0) = #440154, viridis(0.5) = #21918c, viridis(1) = #fde725 (matplotlib's data).
        HeatmapView view;
        view.setValuesVisible(false);
        view.setResult(makeResult(matrix(2, {0.0, 0.5, 1.0, 0.5})));
        const QImage image = render(view);
        QCOMPARE(hex(centre(image, view, 0, 0)), QStringLiteral("#440154"));
        QCOMPARE(hex(centre(image, view, 0, 1)), QStringLiteral("#21918c"));
        QCOMPARE(hex(centre(image, view, 1, 0)), QStringLiteral("#fde725"));
    }

    void weightScaleRunsFromZeroToLargest()
    {
        HeatmapView view;
        view.setValuesVisible(false);
        view.setResult(makeResult(matrix(2, {0.2, 0.4, 0.1, 0.3})));
        QCOMPARE(view.colorScale().low, 0.0);
        QCOMPARE(view.colorScale().high, 0.4);
        QImage image = render(view);
        QCOMPARE(hex(centre(image, view, 0, 1)), QStringLiteral("#fde725"));
        QCOMPARE(hex(centre(image, view, 0, 0)), QStringLiteral("#21918c"));
        view.setUnitScale(true);
        QCOMPARE(view.colorScale().high, 1.0);
        image = render(view);
        QCOMPARE(hex(centre(image, view, 0, 1)), hex(colormapColor(Colormap::Viridis, 0.4)));
    }

    // An attention sink: every row gives most to the first token. Left out of the scale, the
    // rest spreads over the whole map and the sink column takes the end colour.
    void scaleCanSkipTheFirstColumn()
    {
        HeatmapView view;
        view.setValuesVisible(false);
        view.setResult(makeResult(matrix(3, {0.8, 0.1, 0.1, 0.9, 0.02, 0.08, 0.7, 0.2, 0.1})));
        QCOMPARE(view.colorScale().high, 0.9);
        view.setScaleSkipsFirst(true);
        QCOMPARE(view.colorScale().low, 0.0);
        QCOMPARE(view.colorScale().high, 0.2);
        const QImage image = render(view);
        QCOMPARE(hex(centre(image, view, 2, 1)), QStringLiteral("#fde725"));
        QCOMPARE(hex(centre(image, view, 0, 0)), QStringLiteral("#fde725"));
        QCOMPARE(hex(centre(image, view, 0, 1)), hex(colormapColor(Colormap::Viridis, 0.5)));
    }

    void scoresUseDivergingMapCentredAtZero()
    {
        const SquareMatrix w = matrix(3, {0.1, 0.2, 0.7, 0.3, 0.3, 0.4, 0.5, 0.25, 0.25});
        const SquareMatrix s = matrix(3, {-2.0, 0.0, 2.0, 1.0, -1.0, 0.5, 0.0, 0.0, 0.0});
        HeatmapView view;
        view.setValuesVisible(false);
        view.setResult(makeResult(w, s));
        view.setShowScores(true);
        QCOMPARE(view.colorScale().map, Colormap::Diverging);
        QCOMPARE(view.colorScale().low, -2.0);
        QCOMPARE(view.colorScale().high, 2.0);
        const QImage image = render(view);
        QCOMPARE(hex(centre(image, view, 0, 0)), QStringLiteral("#2166ac")); // blue end
        QCOMPARE(hex(centre(image, view, 0, 1)), QStringLiteral("#f7f7f7")); // 0 is white
        QCOMPARE(hex(centre(image, view, 0, 2)), QStringLiteral("#b2182b")); // red end
        QCOMPARE(hex(centre(image, view, 1, 0)), hex(colormapColor(Colormap::Diverging, 0.75)));
        QCOMPARE(hex(centre(image, view, 1, 1)), hex(colormapColor(Colormap::Diverging, 0.25)));
        // Back to weights: the sequential map again.
        view.setShowScores(false);
        QCOMPARE(hex(centre(render(view), view, 0, 2)), QStringLiteral("#fde725"));
    }

    void maskedCellLooksMasked()
    {
        SquareMatrix visible = SquareMatrix::Ones(3, 3);
        visible(1, 2) = 0;
        const SquareMatrix w = matrix(3, {0.0, 0.5, 0.5, 0.5, 0.5, 0.0, 0.2, 0.3, 0.5});
        HeatmapView view;
        view.setValuesVisible(false);
        view.setResult(makeResult(w, {}, visible));
        const QImage image = render(view);
        const MaskColors mask = maskColors(view.palette());
        const QRect cell = view.cellRect(QRectF(QPointF(0, 0), image.size()), 1, 2).toRect().adjusted(2, 2, -2, -2);
        QSet<QRgb> seen;
        for (int y = cell.top(); y <= cell.bottom(); ++y)
            for (int x = cell.left(); x <= cell.right(); ++x)
                seen.insert(image.pixel(x, y) | 0xff000000);
        // Only the hatch: its two neutral colours, nothing of the colormap (not "0").
        QCOMPARE(seen, (QSet<QRgb> {mask.fill | 0xff000000, mask.line | 0xff000000}));
        QVERIFY(!seen.contains(colormapColor(Colormap::Viridis, 0.0)));
        // A visible zero is the colormap's bottom colour.
        QCOMPARE(hex(centre(image, view, 0, 0)), QStringLiteral("#440154"));
        QVERIFY(view.describeCell(1, 2).contains(QStringLiteral("masked")));
        QVERIFY(view.describeCell(0, 0).contains(QStringLiteral(": weight 0")));
        QVERIFY(!view.describeCell(0, 0).contains(QStringLiteral("masked")));
    }

    void valuesWrittenWhenTheyFit()
    {
        HeatmapView view;
        view.setResult(makeResult(matrix(2, {0.0, 1.0, 0.5, 0.5})));
        QImage image = render(view);
        const auto coloursIn = [&view](const QImage &img, int row, int col) {
            const QRect cell
                = view.cellRect(QRectF(QPointF(0, 0), img.size()), row, col).toRect().adjusted(1, 1, -1, -1);
            QSet<QRgb> seen;
            for (int y = cell.top(); y <= cell.bottom(); ++y)
                for (int x = cell.left(); x <= cell.right(); ++x)
                    seen.insert(img.pixel(x, y));
            return seen;
        };
        // White text on the dark end, black on the bright end.
        QVERIFY(coloursIn(image, 0, 0).contains(qRgb(255, 255, 255)));
        QVERIFY(coloursIn(image, 0, 1).contains(qRgb(0, 0, 0)));
        QVERIFY(coloursIn(image, 0, 1).contains(colormapColor(Colormap::Viridis, 1.0)));
        // 64 tokens in 400 px: cells too small for numbers, so each is one flat colour.
        view.setResult(makeResult(SquareMatrix::Constant(64, 64, 0.5)));
        image = render(view);
        QCOMPARE(coloursIn(image, 10, 10), (QSet<QRgb> {colormapColor(Colormap::Viridis, 1.0)}));
    }

    // Tight space (a zoomed window at 1280 × 720): the colour bar gives way before the numbers.
    void colourBarGivesWayToNumbers()
    {
        HeatmapView view;
        QFont font = view.font();
        font.setPixelSize(17);
        view.setFont(font);
        SquareMatrix w = SquareMatrix::Constant(11, 11, 0.0);
        w.col(10).setConstant(1.0);
        view.setResult(makeResult(w));
        const QSize size(300, 300);
        const QImage image = render(view, size);
        const QRectF rect(QPointF(0, 0), size);
        // No bar: the grid reaches the right margin's side, and the dark cells carry white digits.
        QVERIFY(view.gridRect(rect).right() > 260);
        const QRect cell = view.cellRect(rect, 3, 3).toRect().adjusted(1, 1, -1, -1);
        bool white = false;
        for (int y = cell.top(); y <= cell.bottom(); ++y)
            for (int x = cell.left(); x <= cell.right(); ++x)
                white = white || qGray(image.pixel(x, y)) > 200; // anti-aliased digits of a small font
        QVERIFY(white);
        // With room for both, the bar stays.
        QVERIFY(view.gridRect(QRectF(0, 0, 900, 600)).right() < 800);
    }

    void labelsDoNotOverlap_data()
    {
        QTest::addColumn<int>("tokens");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("all");
        QTest::newRow("30 in 500") << 30 << QSize(500, 500) << true;
        QTest::newRow("30 in 450") << 30 << QSize(450, 450) << true;
        QTest::newRow("30 in 360") << 30 << QSize(360, 360) << false;
        QTest::newRow("30 wide") << 30 << QSize(900, 420) << true;
        QTest::newRow("200") << 200 << QSize(800, 800) << false;
        QTest::newRow("4096") << 4096 << QSize(1000, 1000) << false;
    }

    void labelsDoNotOverlap()
    {
        QFETCH(int, tokens);
        QFETCH(QSize, size);
        QFETCH(bool, all);
        const QStringList words
            = QStringLiteral("The animal didn't cross the street because it was too tired").split(QLatin1Char(' '));
        Result r = makeResult(SquareMatrix::Constant(tokens, tokens, 1.0 / tokens));
        for (int i = 0; i < tokens; ++i)
            r.tokens[i] = words[i % words.size()];
        HeatmapView view;
        view.setResult(std::move(r));
        const QRectF rect(QPointF(0, 0), size);
        const QRectF grid = view.gridRect(rect);
        for (int selected : {-1, tokens / 3 + 1}) {
            view.setSelectedRow(selected);
            for (Qt::Orientation o : {Qt::Vertical, Qt::Horizontal}) {
                QList<int> shown;
                const QList<QRectF> rects = view.labelRects(rect, o, &shown);
                QCOMPARE(rects.size(), shown.size());
                if (all)
                    QCOMPARE(rects.size(), tokens);
                else
                    QVERIFY(rects.size() >= 10 && rects.size() < tokens);
                if (selected >= 0)
                    QVERIFY(shown.contains(selected));
                for (qsizetype i = 0; i < rects.size(); ++i) {
                    QVERIFY2(rects[i].height() >= 9 && rects[i].width() >= 9, "label too small to read");
                    QVERIFY(rect.contains(rects[i]));
                    QVERIFY(!rects[i].intersects(grid));
                    for (qsizetype j = i + 1; j < rects.size(); ++j)
                        QVERIFY2(!rects[i].intersects(rects[j]),
                            qPrintable(QStringLiteral("%1 and %2 overlap").arg(shown[i]).arg(shown[j])));
                }
            }
        }
    }

    void hoverReportsCell()
    {
        auto session = animalSession();
        HeatmapView view;
        view.setSession(session.get());
        view.resize(500, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy hovered(&view, &HeatmapView::cellHovered);
        const QList<QPoint> cells {{0, 0}, {7, 1}, {1, 7}, {10, 10}, {3, 9}};
        for (const QPoint &rc : cells) {
            QTest::mouseMove(&view, view.cellRect(view.rect(), rc.x(), rc.y()).center().toPoint());
            QVERIFY(!hovered.isEmpty());
            QCOMPARE(hovered.last().at(0).toInt(), rc.x());
            QCOMPARE(hovered.last().at(1).toInt(), rc.y());
        }
        const HeadResult &h = session->result().heads[0];
        const QString text = view.describeCell(7, 1);
        QVERIFY(text.startsWith(QStringLiteral("it → animal")));
        QVERIFY(text.contains(QString::number(h.weights(7, 1), 'g', 6)));
        QVERIFY(text.contains(QString::number(h.scores(7, 1), 'g', 6)));
        QTest::mouseMove(&view, QPoint(2, 2)); // the margin, outside every cell
        QCOMPARE(hovered.last().at(0).toInt(), -1);
    }

    void clickSelectsAndCtrlClickMasks()
    {
        auto session = animalSession();
        HeatmapView view;
        view.setSession(session.get());
        view.resize(500, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy clicked(&view, &HeatmapView::cellClicked);
        const QPoint it_animal = view.cellRect(view.rect(), 7, 1).center().toPoint();
        QTest::mouseClick(&view, Qt::LeftButton, {}, it_animal);
        QCOMPARE(session->selectedToken(), 7);
        QCOMPARE(view.selectedRow(), 7);
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(session->undoStack()->count(), 0);

        QTest::mouseClick(&view, Qt::LeftButton, Qt::ControlModifier, it_animal);
        QCOMPARE(session->document().maskedCells(), (std::set<Cell> {{7, 1}}));
        QCOMPARE(session->result().heads[0].weights(7, 1), 0.0);
        QCOMPARE(session->undoStack()->count(), 1);
        QCOMPARE(clicked.last().at(2).value<Qt::KeyboardModifiers>(), Qt::KeyboardModifiers(Qt::ControlModifier));
        const MaskColors mask = maskColors(view.palette());
        const QImage shown = view.grab().toImage();
        const QRgb pixel = shown.pixel(it_animal) | 0xff000000;
        QVERIFY(pixel == (mask.fill | 0xff000000) || pixel == (mask.line | 0xff000000));
        QVERIFY(view.describeCell(7, 1).contains(QStringLiteral("masked")));

        session->undoStack()->undo();
        QVERIFY(session->document().maskedCells().empty());
        QVERIFY(!view.describeCell(7, 1).contains(QStringLiteral("masked")));
        QVERIFY(view.describeCell(7, 1).contains(QStringLiteral(": weight ")));
        QCOMPARE(session->selectedToken(), 7);
    }

    void arrowKeysMoveSelection()
    {
        auto session = animalSession();
        HeatmapView view;
        view.setSession(session.get());
        session->setSelectedToken(7);
        QCOMPARE(view.selectedRow(), 7);
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(session->selectedToken(), 8);
        QTest::keyClick(&view, Qt::Key_Up);
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(session->selectedToken(), 6);
        QTest::keyClick(&view, Qt::Key_Home);
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(session->selectedToken(), 0);
        QTest::keyClick(&view, Qt::Key_End);
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(session->selectedToken(), 10);
    }

    // Every mouse action has its keys: the arrows move a cell with the selection, Space masks
    // and unmasks it (one undoable edit each), Enter selects its query, Shift+Enter its key.
    void keyboardReachesEveryCell()
    {
        auto session = animalSession();
        HeatmapView view;
        view.setValuesVisible(false);
        view.setSession(session.get());
        view.resize(500, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setFocus();
        session->setSelectedToken(6);
        QCOMPARE(view.keyboardCell(), QPoint(-1, -1));
        QTest::keyClick(&view, Qt::Key_Down); // "it" (row 7); the cell starts on the diagonal
        QCOMPARE(view.keyboardCell(), QPoint(7, 7));
        QTest::keyClick(&view, Qt::Key_Left); // key "because": the row stays
        QCOMPARE(view.keyboardCell(), QPoint(6, 7));
        QCOMPARE(session->selectedToken(), 6);
        QTest::keyClick(&view, Qt::Key_Left);
        QTest::keyClick(&view, Qt::Key_Home);
        QTest::keyClick(&view, Qt::Key_Right); // key "animal"
        QCOMPARE(view.keyboardCell(), QPoint(1, 7));
        const QImage outlined = view.grab().toImage();
        QTest::keyClick(&view, Qt::Key_Space);
        QVERIFY(session->document().maskedCells().contains({7, 1}));
        QCOMPARE(session->undoStack()->count(), 1);
        QVERIFY(view.describeCell(7, 1).contains(QStringLiteral("masked")));
        QTest::keyClick(&view, Qt::Key_Space);
        QVERIFY(session->document().maskedCells().empty());
        QTest::keyClick(&view, Qt::Key_Return);
        QCOMPARE(session->selectedToken(), 7);
        QCOMPARE(view.selectedRow(), 7);
        QTest::keyClick(&view, Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(view.selectedColumn(), 1);
        // Outlined only while the keys come here, and never in a figure.
        view.clearFocus();
        QVERIFY(view.grab().toImage() != outlined);
        QTest::keyClick(&view, Qt::Key_Escape);
        QCOMPARE(view.keyboardCell(), QPoint(-1, -1));
    }

    void followsSessionHead()
    {
        auto session = animalSession();
        Document doc = session->document();
        Settings settings = doc.settings();
        settings.heads = 3;
        doc.setSettings(settings);
        session->resetDocument(doc);
        HeatmapView view;
        view.setValuesVisible(false);
        view.setSession(session.get());
        session->setCurrentHead(2);
        QCOMPARE(view.head(), 2);
        const SquareMatrix &w = session->result().heads[2].weights;
        const QImage image = render(view);
        const ColorScale scale = view.colorScale();
        QCOMPARE(scale.high, w.maxCoeff());
        for (int r : {0, 5, 10})
            QCOMPARE(hex(centre(image, view, r, 3)), hex(scale.color(w(r, 3))));
    }

    void levelOfDetailKeepsPeaks()
    {
        const int n = 4096;
        std::mt19937 random(7);
        std::uniform_real_distribution<double> small(0.0, 1e-4);
        SquareMatrix w(n, n);
        for (Eigen::Index i = 0; i < w.size(); ++i)
            w.data()[i] = small(random);
        w(3000, 1000) = 1.0; // one sharp peak, far below a pixel
        SquareMatrix visible = SquareMatrix::Zero(n, n);
        visible.triangularView<Eigen::Lower>().setOnes(); // causal
        HeatmapView view;
        view.setResult(makeResult(w, {}, visible));
        const QImage image = render(view, QSize(700, 700));
        QCOMPARE(hex(centre(image, view, 3000, 1000)), QStringLiteral("#fde725"));
        QVERIFY(qRed(centre(image, view, 2000, 1000)) < 80); // tiny weights stay dark
        const MaskColors mask = maskColors(view.palette());
        const QRgb hidden = centre(image, view, 10, 4000) | 0xff000000;
        QVERIFY(hidden == (mask.fill | 0xff000000) || hidden == (mask.line | 0xff000000));
        // Repainting (a selection change) reuses the cached cells and looks the same.
        view.setSelectedRow(5);
        const QImage again = render(view, QSize(700, 700));
        QCOMPARE(hex(centre(again, view, 3000, 1000)), QStringLiteral("#fde725"));
    }

    void vectorOutputHasOneRectanglePerCell()
    {
        HeatmapView view;
        SquareMatrix visible = SquareMatrix::Ones(2, 2);
        visible(0, 1) = 0;
        view.setResult(makeResult(matrix(2, {1.0, 0.0, 0.5, 0.5}), {}, visible));
        QBuffer buffer;
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(QSize(300, 300));
        svg.setViewBox(QRect(0, 0, 300, 300));
        {
            QPainter painter(&svg);
            view.paint(painter, QRectF(0, 0, 300, 300));
        }
        const QString text = QString::fromUtf8(buffer.data());
        QVERIFY(text.contains(QStringLiteral("#fde725")));
        QVERIFY(text.contains(hex(colormapColor(Colormap::Viridis, 0.5))));
        QVERIFY(text.contains(QStringLiteral(">t1<")) || text.contains(QStringLiteral("t1")));
        QVERIFY(!text.contains(QStringLiteral("<image"))); // cells as shapes, not a bitmap

        // The screen cache never outlives a data change, with vector output in between.
        view.setValuesVisible(false);
        QCOMPARE(hex(centre(render(view), view, 0, 0)), QStringLiteral("#fde725"));
        view.setResult(makeResult(matrix(2, {0.0, 0.0, 0.5, 1.0})));
        {
            QPainter painter(&svg);
            view.paint(painter, QRectF(0, 0, 300, 300));
        }
        QCOMPARE(hex(centre(render(view), view, 0, 0)), QStringLiteral("#440154"));
    }

    void oddSizesPaint()
    {
        for (int n : {1, 3, 300}) {
            HeatmapView view;
            view.setResult(makeResult(SquareMatrix::Constant(n, n, 1.0 / n)));
            view.setSelectedRow(n - 1);
            for (QSize size : {QSize(1, 1), QSize(20, 20), QSize(60, 400), QSize(400, 60)}) {
                const QImage image = render(view, size);
                QCOMPARE(image.size(), size);
                const QRectF grid = view.gridRect(QRectF(QPointF(0, 0), size));
                QVERIFY(grid.width() >= 0 && grid.width() == grid.height());
            }
        }
    }

    void emptyResultPaints()
    {
        HeatmapView view;
        const QImage image = render(view);
        QCOMPARE(view.cellAt(QPointF(200, 200)), QPoint(-1, -1));
        QVERIFY(image.pixel(5, 5) != QColor(Qt::magenta).rgb());
    }
};

QTEST_MAIN(TstHeatmapView)
#include "tst_heatmapview.moc"
