// Annotations drawn by the figures (heatmap, arrow graph, bars) without a widget: a box frames
// its cell and leaves the cell's number as it was, a callout lands where it covers no number, no
// label and no other callout, and an arrow joins its two tokens.
#include "attention/engine.h"
#include "document/documentio.h"
#include "figures/arrowgraphfigure.h"
#include "figures/distributionfigure.h"
#include "figures/headsgridfigure.h"
#include "figures/heatmapfigure.h"
#include "plainstyle.h"
#include "viewpixels.h"

#include <QGuiApplication>
#include <QTest>

using namespace qkv;

namespace {

const QSize size(640, 520);
const QRectF rect(QPointF(0, 0), size);

Result animal()
{
    return compute(*loadDocument(u"example:animal"_qs).document);
}

int token(const Result &r, const char *text)
{
    return static_cast<int>(r.tokens.indexOf(QString::fromUtf8(text)));
}

// How many pixels of `image` in `r` are near `c`.
int pixelsNear(const QImage &image, const QRectF &r, QColor c)
{
    int n = 0;
    const QRect area = r.toAlignedRect().intersected(image.rect());
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QColor p = image.pixelColor(x, y);
            n += std::abs(p.red() - c.red()) + std::abs(p.green() - c.green()) + std::abs(p.blue() - c.blue()) < 40;
        }
    return n;
}

// The animal example's heatmap of head 1 with `annotations`.
QImage heatmapImage(const Result &r, const FigureStyle &style, std::vector<PlacedAnnotation> annotations)
{
    HeatmapFigure figure;
    figure.setData(&r, 0);
    figure.setAnnotations(std::move(annotations));
    return test::paintedImage(figure, style, size);
}

void verifyClear(const std::vector<QRectF> &texts, const std::vector<QRectF> &keepClear, const QRectF &bounds)
{
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (texts[i].isEmpty())
            continue;
        QVERIFY2(bounds.contains(texts[i]), qPrintable(QStringLiteral("text %1 leaves the figure").arg(i)));
        for (const QRectF &k : keepClear)
            QVERIFY2(!texts[i].intersects(k), qPrintable(QStringLiteral("text %1 covers a number or label").arg(i)));
        for (std::size_t j = 0; j < i; ++j)
            QVERIFY2(texts[j].isEmpty() || !texts[i].intersects(texts[j]),
                qPrintable(QStringLiteral("texts %1 and %2 overlap").arg(j).arg(i)));
    }
}

} // namespace

class TstAnnotationLayer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A box is drawn around its cell, in the annotation colour, and the cell itself (its colour
    // and its number) is exactly what it was without the box.
    void boxFramesItsCellAndKeepsItsNumber()
    {
        const Result r = animal();
        const FigureStyle style = test::plainStyle(true);
        HeatmapFigure plain;
        plain.setData(&r, 0);
        const int it = token(r, "it"), animalToken = token(r, "animal");
        const std::vector<PlacedAnnotation> box {{AnnotationKind::Box, it, animalToken, QString()}};
        const QImage before = heatmapImage(r, style, {});
        const QImage after = heatmapImage(r, style, box);
        HeatmapFigure boxed;
        boxed.setData(&r, 0);
        boxed.setAnnotations(box);
        const QRectF cell = boxed.cellRect(rect, style, it, animalToken);
        QCOMPARE(cell, plain.cellRect(rect, style, it, animalToken)); // a box needs no column
        QCOMPARE(after.copy(cell.adjusted(2, 2, -2, -2).toAlignedRect()),
            before.copy(cell.adjusted(2, 2, -2, -2).toAlignedRect()));
        const QColor accent = annotationColor(style);
        QCOMPARE(pixelsNear(before, cell.adjusted(-4, -4, 4, 4), accent), 0);
        // The frame runs on all four sides.
        for (const QRectF &side : {QRectF(cell.left() - 4, cell.top(), 5, cell.height()),
                 QRectF(cell.right() - 1, cell.top(), 5, cell.height()),
                 QRectF(cell.left(), cell.top() - 4, cell.width(), 5),
                 QRectF(cell.left(), cell.bottom() - 1, cell.width(), 5)})
            QVERIFY(pixelsNear(after, side, accent) > side.width() * side.height() / 8);
    }

    // Callouts on a heatmap go to a column of their own: none covers a cell, a label or the colour
    // bar, none covers another, and each is joined to its target by a line in the annotation colour.
    void heatmapCalloutsCoverNoNumber()
    {
        const Result r = animal();
        const FigureStyle style = test::plainStyle(true);
        HeatmapFigure figure;
        figure.setData(&r, 0);
        const int it = token(r, "it");
        figure.setAnnotations({{AnnotationKind::Callout, it, token(r, "animal"), u"it → animal: the coreference"_qs},
            {AnnotationKind::Callout, it, token(r, "street"), u"and the street"_qs},
            {AnnotationKind::Callout, token(r, "tired"), -1, u"the last row"_qs}});
        const AnnotationTargets targets = figure.annotationTargets(rect, style);
        const std::vector<QRectF> texts = figure.annotations().textRects(targets, style);
        QCOMPARE(texts.size(), 3u);
        std::vector<QRectF> keepClear {figure.gridRect(rect, style)};
        for (const Qt::Orientation o : {Qt::Vertical, Qt::Horizontal})
            for (const QRectF &label : figure.labelRects(rect, style, o))
                keepClear.push_back(label);
        verifyClear(texts, keepClear, rect);
        const QImage image = test::paintedImage(figure, style, size);
        const QColor accent = annotationColor(style);
        // Each callout's frame (a thin line, its corners rounded) is drawn.
        for (const QRectF &t : texts)
            QVERIFY(pixelsNear(image, t.adjusted(-2, -2, 2, 2), accent) > 5);
        // The leader of the first runs along the edge of its cell, between the rows' numbers.
        const QRectF cell = figure.cellRect(rect, style, it, token(r, "animal"));
        QVERIFY(
            pixelsNear(image,
                QRectF(cell.right() + 2, cell.bottom() - 2, figure.gridRect(rect, style).right() - cell.right() - 4, 4),
                accent)
            > 10);
    }

    // On the arrow graph callouts keep off the labels and the written weights, and an arrow from
    // a query to a key is drawn between them.
    void arrowGraphCalloutsAndArrows()
    {
        const Result r = animal();
        const FigureStyle style = test::plainStyle(true);
        ArrowGraphFigure figure;
        figure.setData(&r, 0);
        figure.setLocked(token(r, "it"), ArrowGraphFigure::Side::Query);
        figure.setAnnotations({{AnnotationKind::Callout, token(r, "street"), -1, u"a distractor"_qs},
            {AnnotationKind::Arrow, token(r, "it"), token(r, "animal"), u"coreference"_qs}});
        const AnnotationTargets targets = figure.annotationTargets(rect, style);
        verifyClear(figure.annotations().textRects(targets, style), targets.numbers, rect);
        verifyClear(figure.annotations().textRects(targets, style), figure.labelRects(rect, style), rect);
        // The arrow: annotation ink near the key "animal" that a graph without it does not have.
        ArrowGraphFigure plain;
        plain.setData(&r, 0);
        plain.setLocked(token(r, "it"), ArrowGraphFigure::Side::Query);
        const QRectF key = figure.tokenRect(rect, style, token(r, "animal"), ArrowGraphFigure::Side::Key);
        const QColor accent = annotationColor(style);
        QCOMPARE(pixelsNear(test::paintedImage(plain, style, size), key.adjusted(-30, -30, 0, 30), accent), 0);
        QVERIFY(pixelsNear(test::paintedImage(figure, style, size), key.adjusted(-30, -30, 0, 30), accent) > 10);
    }

    // On the bars no callout covers a weight written over a bar.
    void barCalloutsCoverNoWeight()
    {
        const Result r = animal();
        const FigureStyle style = test::plainStyle(true);
        DistributionFigure figure;
        figure.setData(&r, 0);
        figure.setQuery(token(r, "it"));
        std::vector<PlacedAnnotation> list;
        for (const char *word : {"animal", "street", "tired", "The"})
            list.push_back({AnnotationKind::Callout, token(r, word), -1,
                QStringLiteral("the word %1").arg(QString::fromUtf8(word))});
        figure.setAnnotations(list);
        const AnnotationTargets targets = figure.annotationTargets(rect, style);
        verifyClear(figure.annotations().textRects(targets, style), targets.numbers, rect);
        // Each bar's column is kept clear, the weight over it included.
        for (const char *word : {"animal", "because"}) {
            const QRectF bar = figure.barRect(rect, style, token(r, word));
            for (const QRectF &t : figure.annotations().textRects(targets, style))
                QVERIFY(!t.intersects(bar.adjusted(0, -14, 0, 0)));
        }
    }

    // On the heads grid a box marks the same cell in every head's tile, on screen and exported.
    void headsGridBoxesEveryTile()
    {
        Document doc = *loadDocument(u"example:animal"_qs).document;
        Settings s = doc.settings();
        s.heads = 3;
        doc.setSettings(s);
        const Result r = compute(doc);
        const int it = token(r, "it"), animalToken = token(r, "animal");
        const QColor accent = annotationColor(test::plainStyle(false));
        for (const bool exported : {false, true}) {
            const FigureStyle style = test::plainStyle(exported);
            HeadsGridFigure plain;
            plain.setData(&r);
            HeadsGridFigure figure;
            figure.setData(&r);
            figure.setAnnotations({{AnnotationKind::Box, it, animalToken, QString()},
                {AnnotationKind::Callout, it, -1, u"not on this view"_qs}});
            QCOMPARE(figure.annotations().annotations().size(), 1u); // boxes alone
            const QImage before = test::paintedImage(plain, style, size),
                         after = test::paintedImage(figure, style, size);
            for (int h = 0; h < 3; ++h) {
                const QRectF tile = figure.tileRect(rect, style, h);
                // On screen a tile is its cells; exported, a heatmap with labels on the shared scale.
                HeatmapFigure exportedTile;
                exportedTile.setData(&r, h);
                exportedTile.setSharedScale(figure.colorScale());
                const qreal n = static_cast<qreal>(r.tokens.size());
                const QRectF cell = exported
                    ? exportedTile.cellRect(tile, style, it, animalToken)
                    : QRectF(tile.left() + animalToken * tile.width() / n, tile.top() + it * tile.width() / n,
                        tile.width() / n, tile.width() / n);
                const QRectF box = cell.adjusted(-4, -4, 4, 4);
                QCOMPARE(pixelsNear(before, box, accent), 0);
                QVERIFY2(pixelsNear(after, box, accent) > cell.width(),
                    qPrintable(QStringLiteral("head %1 exported %2").arg(h + 1).arg(exported)));
            }
        }
    }

    // A target whose token the figure does not show draws nothing, and nothing fails.
    void missingTargetsDrawNothing()
    {
        const Result r = animal();
        const FigureStyle style = test::plainStyle(true);
        QCOMPARE(heatmapImage(
                     r, style, {{AnnotationKind::Box, 999, -1, QString()}, {AnnotationKind::Box, 0, 999, QString()}}),
            heatmapImage(r, style, {}));
    }
};

QTEST_MAIN(TstAnnotationLayer)
#include "tst_annotationlayer.moc"
