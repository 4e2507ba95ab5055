#include "viewpixels.h"
#include "views/layersgridview.h"

#include <QBuffer>
#include <QDir>
#include <QMainWindow>
#include <QPainter>
#include <QSignalSpy>
#include <QStatusBar>
#include <QSvgGenerator>
#include <QTest>

#include <cmath>

using namespace qkv;
using qkv::test::hex;

namespace {

const QSize imageSize(600, 400);
const QRectF imageRect(QPointF(0, 0), imageSize);

// 2 layers × 3 heads × 4 tokens, weights k/128 (exact in float): tile (l, h) cell (r, c) is
// (48l + 16h + 4r + c) / 128, except that layer 1, head 1 gives 1.0 to the first token from every
// row (a sink): the largest weight is 1.0, and 95/128 without column 0.
float knownWeight(int l, int h, int r, int c)
{
    if (l == 1 && h == 1 && c == 0)
        return 1.0f;
    return float(48 * l + 16 * h + 4 * r + c) / 128.0f;
}

std::shared_ptr<ModelAttention> knownModel()
{
    auto m = std::make_shared<ModelAttention>();
    m->tokens = QStringList {u"a"_qs, u"b"_qs, u"c"_qs, u"d"_qs};
    m->layers = 2;
    m->heads = 3;
    m->n = 4;
    for (int l = 0; l < 2; ++l)
        for (int h = 0; h < 3; ++h)
            for (int r = 0; r < 4; ++r)
                for (int c = 0; c < 4; ++c)
                    m->attention.push_back(knownWeight(l, h, r, c));
    return m;
}

// A model of every size, each row's weight on one token (the diagonal).
std::shared_ptr<ModelAttention> diagonalModel(int layers, int heads, int n)
{
    auto m = std::make_shared<ModelAttention>();
    for (int i = 0; i < n; ++i)
        m->tokens << QString::number(i);
    m->layers = layers;
    m->heads = heads;
    m->n = n;
    m->attention.assign(std::size_t(layers) * std::size_t(heads) * std::size_t(n) * std::size_t(n), 0.0f);
    for (std::size_t i = 0; i < m->attention.size(); i += std::size_t(n) + 1)
        m->attention[i] = 1.0f;
    return m;
}

QImage render(const LayersGridView &view, QSize size = imageSize)
{
    return test::paintedImage(view, size);
}

// The pixel at the centre of cell (row, col) of a tile with n × n cells.
QRgb cellPixel(const QImage &image, const LayersGridView &view, int layer, int head, int row, int col, int n)
{
    return test::cellPixel(image, view.tileRect(QRectF(QPointF(0, 0), image.size()), layer, head), row, col, n);
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Base, QColor(30, 30, 30));
    p.setColor(QPalette::Window, QColor(45, 45, 45));
    p.setColor(QPalette::Text, QColor(230, 230, 230));
    p.setColor(QPalette::WindowText, QColor(230, 230, 230));
    p.setColor(QPalette::Mid, QColor(110, 110, 110));
    p.setColor(QPalette::Highlight, QColor(61, 174, 233));
    return p;
}

// Heads of the kinds real models have: sinks, previous-token, self, broad and peaked.
std::shared_ptr<ModelAttention> lookingModel(int layers, int heads, int n)
{
    auto m = std::make_shared<ModelAttention>();
    for (int i = 0; i < n; ++i)
        m->tokens << u"tok%1"_qs.arg(i);
    m->layers = layers;
    m->heads = heads;
    m->n = n;
    m->attention.assign(std::size_t(layers) * std::size_t(heads) * std::size_t(n) * std::size_t(n), 0.0f);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            float *w
                = m->attention.data() + (std::size_t(l) * std::size_t(heads) + std::size_t(h)) * std::size_t(n * n);
            for (int r = 0; r < n; ++r) {
                float *row = w + std::size_t(r) * std::size_t(n);
                double sum = 0;
                for (int c = 0; c < n; ++c) {
                    const int kind = (l * heads + h) % 5;
                    const double target = kind == 0 ? 0
                        : kind == 1                 ? std::max(0, r - 1)
                        : kind == 2                 ? r
                        : kind == 3                 ? c
                                                    : (r * 7 + l) % n;
                    const double width = kind == 3 ? 1e9 : 1.0 + (l % 3);
                    row[c] = float(std::exp(-std::abs(c - target) / width) * (kind == 3 ? 1 + std::sin(c + h) : 1));
                    sum += row[c];
                }
                for (int c = 0; c < n; ++c)
                    row[c] = float(row[c] / sum);
            }
        }
    return m;
}

} // namespace

class TstLayersGridView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tilesShareOneScale()
    {
        LayersGridView view;
        view.setModel(knownModel());
        const ColorScale scale = view.colorScale();
        QCOMPARE(scale.low, 0.0);
        QCOMPARE(scale.high, 1.0);
        const QImage image = render(view);
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 3; ++h)
                for (int r = 0; r < 4; ++r)
                    for (int c = 0; c < 4; ++c)
                        QCOMPARE(hex(cellPixel(image, view, l, h, r, c, 4)),
                            hex(colormapColor(Colormap::Viridis, knownWeight(l, h, r, c))));
        // Row and column labels: the grid has room for every one; text is drawn left of and above.
        const QRectF first = view.tileRect(imageRect, 0, 0);
        QVERIFY(first.left() > 10 && first.top() > 10);
    }

    // A long run's model computes each head when asked for: the grid reduces every head on a
    // worker and says so meanwhile, then shows what the model's own numbers show.
    void recomputedModelReducedOnAWorker()
    {
        const std::shared_ptr<ModelAttention> kept = lookingModel(3, 4, 64);
        auto recomputed = std::make_shared<ModelAttention>(*kept);
        recomputed->attention.clear();
        recomputed->recomputed
            = std::make_shared<RecomputedAttention>([kept](int l, int h) { return kept->weights(l, h); });
        LayersGridView reference, view;
        reference.setModel(kept);
        view.setModel(recomputed);
        view.resize(imageSize);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.poolCount(), 0); // the window's thread waits for nothing
        QTRY_COMPARE(view.poolCount(), 1);
        QCOMPARE(recomputed->recomputed->computedCount(), 12); // each head once
        QCOMPARE(view.colorScale().high, reference.colorScale().high);
        QCOMPARE(render(view), render(reference)); // 64 tokens: reduced to themselves

        // Past reducedSide tokens each reduced cell is the largest weight of the cells it covers, the
        // maxima the whole head's.
        const int n = 300;
        const std::shared_ptr<ModelAttention> large = lookingModel(1, 5, n);
        std::atomic<int> done = 0;
        const ModelTiles::Reduced reduced = ModelTiles::reduce(*large, std::nullopt, 7, nullptr, &done);
        QCOMPARE(done.load(), 5); // the count the grid shows while it waits
        QCOMPARE(reduced.serial, quint64(7));
        QCOMPARE(reduced.tiles.size(), std::size_t(5));
        const std::vector<int> bounds = cellBounds(n, ModelTiles::reducedSide);
        for (int h = 0; h < 5; ++h) {
            const FloatMatrix w = large->weights(0, h);
            const PooledMatrix &t = reduced.tiles[std::size_t(h)];
            QCOMPARE(t.size, QSize(ModelTiles::reducedSide, ModelTiles::reducedSide));
            QCOMPARE(t.max, w.maxCoeff());
            QCOMPARE(t.maxFromSecond, w.rightCols(n - 1).maxCoeff());
            for (int r = 0; r < ModelTiles::reducedSide; r += 17)
                for (int c = 0; c < ModelTiles::reducedSide; c += 13) {
                    const float cell = w.block(bounds[std::size_t(r)], bounds[std::size_t(c)],
                                            bounds[std::size_t(r) + 1] - bounds[std::size_t(r)],
                                            bounds[std::size_t(c) + 1] - bounds[std::size_t(c)])
                                           .maxCoeff();
                    QCOMPARE(t.values[std::size_t(r * ModelTiles::reducedSide + c)], cell);
                }
        }
        std::atomic<bool> cancel = true;
        QVERIFY(ModelTiles::reduce(*large, std::nullopt, 7, &cancel).tiles.empty());
    }

    void skipFirstLeavesColumnZeroOut()
    {
        LayersGridView view;
        view.setModel(knownModel());
        view.setScaleSkipsFirst(true);
        QCOMPARE(view.colorScale().high, 95.0 / 128.0);
        const QImage image = render(view);
        const auto top = hex(colormapColor(Colormap::Viridis, 1.0));
        QCOMPARE(hex(cellPixel(image, view, 1, 2, 3, 3, 4)), top);
        QCOMPARE(hex(cellPixel(image, view, 1, 1, 2, 0, 4)), top); // the sink: beyond the scale
        QCOMPARE(hex(cellPixel(image, view, 0, 1, 1, 2, 4)),
            hex(colormapColor(Colormap::Viridis, knownWeight(0, 1, 1, 2) / (95.0 / 128.0))));
        view.setScaleSkipsFirst(false);
        QCOMPARE(view.colorScale().high, 1.0);
    }

    void colormapRecolours()
    {
        LayersGridView view;
        view.setModel(knownModel());
        render(view);
        QCOMPARE(view.poolCount(), 1); // the first paint reads the numbers once
        view.setColormap(Colormap::Magma);
        const QImage image = render(view);
        QCOMPARE(
            hex(cellPixel(image, view, 0, 2, 3, 1, 4)), hex(colormapColor(Colormap::Magma, knownWeight(0, 2, 3, 1))));
        QCOMPARE(view.poolCount(), 1); // recoloured, not pooled again
    }

    void outlineFollowsCurrent()
    {
        LayersGridView view;
        view.setModel(knownModel());
        const QString highlight = view.palette().color(QPalette::Highlight).name();
        const auto below = [&view](const QImage &image, int layer, int head) {
            const QRectF tile = view.tileRect(imageRect, layer, head);
            return hex(image.pixel(static_cast<int>(tile.center().x()), static_cast<int>(tile.bottom()) + 1));
        };
        QImage image = render(view);
        QCOMPARE(below(image, 0, 0), highlight);
        QVERIFY(below(image, 1, 2) != highlight);
        view.setCurrent(1, 2);
        const int pooled = view.poolCount();
        image = render(view);
        QVERIFY(below(image, 0, 0) != highlight);
        QCOMPARE(below(image, 1, 2), highlight);
        QCOMPARE(view.poolCount(), pooled);
        // The outline stays off the tile's own cells.
        const QRectF tile = view.tileRect(imageRect, 1, 2);
        QCOMPARE(hex(image.pixel(static_cast<int>(tile.left()), static_cast<int>(tile.bottom()) - 1)),
            hex(colormapColor(Colormap::Viridis, knownWeight(1, 2, 3, 0))));
        // A whole layer: its row is outlined, under every head.
        view.setCurrent(0, -1);
        image = render(view);
        for (int h = 0; h < 3; ++h)
            QCOMPARE(below(image, 0, h), highlight);
        QVERIFY(below(image, 1, 2) != highlight);
        QCOMPARE(
            view.tileRect(imageRect, 0, -1), view.tileRect(imageRect, 0, 0).united(view.tileRect(imageRect, 0, 2)));
    }

    void clickChoosesTile()
    {
        LayersGridView view;
        view.setModel(knownModel());
        view.resize(imageSize);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy clicked(&view, &LayersGridView::tileClicked);
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.tileRect(view.rect(), 1, 2).center().toPoint());
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.first().at(0).toInt(), 1);
        QCOMPARE(clicked.first().at(1).toInt(), 2);
        QCOMPARE(view.currentLayer(), 1);
        QCOMPARE(view.currentHead(), 2);
        QCOMPARE(view.tileAt(view.tileRect(view.rect(), 0, 1).center()), std::pair(0, 1));
        // Outside the grid nothing happens; a row's label chooses its layer as a whole.
        QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(2, 2));
        QCOMPARE(clicked.size(), 1);
        const QRectF row = view.tileRect(view.rect(), 0, 0);
        QTest::mouseClick(
            &view, Qt::LeftButton, {}, QPoint(static_cast<int>(row.left()) - 8, row.center().toPoint().y()));
        QCOMPARE(clicked.size(), 2);
        QCOMPARE(clicked.last().at(0).toInt(), 0);
        QCOMPARE(clicked.last().at(1).toInt(), -1);
        QCOMPARE(view.currentHead(), -1);
    }

    void hoverDescribesTile()
    {
        QMainWindow window;
        auto *grid = new LayersGridView;
        LayersGridView &view = *grid;
        window.setCentralWidget(grid);
        QStatusBar *status = window.statusBar(); // made on first call: before the hover
        view.setModel(knownModel());
        window.resize(imageSize);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int pooled = view.poolCount();
        QSignalSpy hovered(&view, &LayersGridView::tileHovered);
        QTest::mouseMove(&view, view.tileRect(view.rect(), 1, 0).center().toPoint());

        QTRY_COMPARE(hovered.size(), 1);
        QCOMPARE(hovered.first().at(0).toInt(), 1);
        QCOMPARE(hovered.first().at(1).toInt(), 0);
        QVERIFY2(view.statusTip().startsWith(u"layer 2, head 1: "_qs), qPrintable(view.statusTip()));
        QCOMPARE(status->currentMessage(), view.statusTip());
        view.repaint();
        QCOMPARE(view.poolCount(), pooled);
        // Off the tiles: the status bar clears.
        QTest::mouseMove(&view, QPoint(2, 2));
        QTRY_COMPARE(hovered.size(), 2);
        QCOMPARE(hovered.last().at(0).toInt(), -1);
        QVERIFY(status->currentMessage().isEmpty());
        // Layer 2, head 3 peaks at 95/128 = 0.74 from the last token to itself.
        const QString text = view.tileDescription(1, 2);
        QVERIFY2(text.startsWith(u"layer 2, head 3: strongest 0.74 from \u201cd\u201d to \u201cd\u201d"_qs),
            qPrintable(text));
        // Layer 2, head 2 gives every row's 1.0 to the first token.
        QVERIFY2(
            view.tileDescription(1, 1).contains(u"to the first token 100%"_qs), qPrintable(view.tileDescription(1, 1)));
        QVERIFY(view.tileDescription(2, 0).isEmpty());
    }

    void arrowKeysMoveCurrent()
    {
        LayersGridView view;
        view.setModel(knownModel());
        QSignalSpy clicked(&view, &LayersGridView::tileClicked);
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Right);
        QCOMPARE(view.currentHead(), 2);
        QTest::keyClick(&view, Qt::Key_Down);
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(view.currentLayer(), 1);
        QTest::keyClick(&view, Qt::Key_Left);
        QCOMPARE(view.currentHead(), 1);
        QCOMPARE(clicked.size(), 6);
        QCOMPARE(clicked.last().at(0).toInt(), 1);
        QCOMPARE(clicked.last().at(1).toInt(), 1);
    }

    void groupsRegroupTiles()
    {
        LayersGridView view;
        view.setModel(knownModel());
        render(view);
        const int pooled = view.poolCount();
        // "a" and "b" merged, "c" hidden, "d" alone.
        TokenGroups groups {{u"ab"_qs, u"d"_qs}, {{0, 1}, {3}}};
        view.setTokenGroups(groups);
        const QImage image = render(view);
        QVERIFY(view.poolCount() > pooled);
        float high = 0;
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 3; ++h)
                high = std::max(high, regroup(knownModel()->weights(l, h), groups).maxCoeff());
        QCOMPARE(view.colorScale().high, double(high));
        const FloatMatrix shown = regroup(knownModel()->weights(0, 2), groups);
        QCOMPARE(shown.rows(), 2);
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 2; ++c)
                QCOMPARE(hex(cellPixel(image, view, 0, 2, r, c, 2)), hex(view.colorScale().color(shown(r, c))));
        QVERIFY(view.tileDescription(0, 2).contains(u"\u201cab\u201d"_qs));
        // Groups of another model are ignored.
        view.setTokenGroups(TokenGroups {{u"x"_qs}, {{7}}});
        QCOMPARE(view.colorScale().high, 1.0);
        view.setTokenGroups(std::nullopt);
        QCOMPARE(view.colorScale().high, 1.0);
    }

    void svgHasOneImagePerTile()
    {
        LayersGridView view;
        view.setModel(diagonalModel(2, 3, 40));
        QBuffer buffer;
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(imageSize);
        svg.setViewBox(imageRect);
        {
            QPainter painter(&svg);
            view.paint(painter, imageRect);
        }
        QCOMPARE(buffer.data().count("<image"), 6);
        QVERIFY(buffer.data().contains("L2"));
    }

    void emptyModelsPaint()
    {
        LayersGridView view;
        QImage image = render(view);
        QVERIFY(image.pixel(5, 5) != QColor(Qt::magenta).rgb());
        QCOMPARE(view.tileAt(QPointF(100, 100)), std::pair(-1, -1));
        QVERIFY(view.tileRect(imageRect, 0, 0).isNull());
        QTest::keyClick(&view, Qt::Key_Right);
        view.setModel(std::make_shared<ModelAttention>());
        render(view);
        view.setModel(diagonalModel(0, 4, 3));
        render(view);
        view.setModel(diagonalModel(1, 1, 1));
        image = render(view);
        QCOMPARE(hex(cellPixel(image, view, 0, 0, 0, 0, 1)), hex(colormapColor(Colormap::Viridis, 1.0)));
        view.setScaleSkipsFirst(true);
        render(view);
        view.setTokenGroups(TokenGroups {});
        render(view);
        QCOMPARE(view.tileAt(QPointF(100, 100)), std::pair(-1, -1));
    }

    void tinyTilesSkipLabels()
    {
        LayersGridView view;
        view.setModel(diagonalModel(48, 32, 3));
        const QSize small(220, 160);
        const QImage image = render(view, small);
        const QRectF all(QPointF(0, 0), small);
        const QRectF first = view.tileRect(all, 0, 0), last = view.tileRect(all, 47, 31);
        QVERIFY(first.width() >= 1);
        QVERIFY(all.contains(last));
        QCOMPARE(hex(image.pixel(first.topLeft().toPoint())), hex(colormapColor(Colormap::Viridis, 1.0)));
        // Far too small: a message instead of tiles.
        render(view, QSize(40, 30));
    }

    // Not a check: with QKV_SHOT_DIR set, writes the grid at light and dark palettes to look at.
    void screenshots()
    {
        const QString dir = qEnvironmentVariable("QKV_SHOT_DIR");
        if (dir.isEmpty())
            QSKIP("set QKV_SHOT_DIR to write screenshots");
        LayersGridView view;
        view.setModel(lookingModel(12, 12, 48));
        view.setCurrent(3, 5);
        render(view, QSize(900, 760)).save(QDir(dir).filePath(u"layers-light.png"_qs));
        for (int h : {0, 1, 2, 3, 4})
            qInfo("%s", qPrintable(view.tileDescription(0, h)));
        view.setPalette(darkPalette());
        view.setCurrent(7, -1);
        view.setScaleSkipsFirst(true);
        render(view, QSize(900, 760)).save(QDir(dir).filePath(u"layers-dark.png"_qs));
        view.setModel(lookingModel(48, 32, 20));
        render(view, QSize(520, 420)).save(QDir(dir).filePath(u"layers-tiny.png"_qs));
        view.setModel(lookingModel(1, 12, 30));
        render(view, QSize(900, 300)).save(QDir(dir).filePath(u"layers-one.png"_qs));
        view.setPalette(QPalette());
        view.setModel(knownModel());
        view.setCurrent(1, 2);
        render(view).save(QDir(dir).filePath(u"layers-known.png"_qs));
    }
};

QTEST_MAIN(TstLayersGridView)
#include "tst_layersgridview.moc"
