#include "views/arrowgraphview.h"

#include "colourvision.h"
#include "document/documentio.h"
#include "figures/arrowgraphgeometry.h"
#include "figures/edgeraster.h"
#include "session/documentsession.h"

#include <QBuffer>
#include <QPainter>
#include <QSignalSpy>
#include <QSvgGenerator>
#include <QTest>

#include <limits>
#include <set>

using namespace qkv;
using qkv::arrowgraph::edgeColor;
using Layout = ArrowGraphView::Layout;
using Side = ArrowGraphView::Side;

Q_DECLARE_METATYPE(qkv::ArrowGraphView::Layout)

namespace {

// Three tokens, one head. Row 0 keeps 0 → 0 (0.09) and the strong 0 → 2 (0.9) under the default
// threshold of 0.02 and drops 0 → 1 (0.01); rows 1 and 2 attend to themselves. Row 2 also
// gives 0.5 to token 0 through a masked cell, which must never be drawn.
Result knownResult()
{
    Result r;
    r.tokens = QStringList {QStringLiteral("alpha"), QStringLiteral("beta"), QStringLiteral("gamma")};
    HeadResult h;
    h.weights.resize(3, 3);
    h.weights << 0.09, 0.01, 0.9, //
        0.0, 1.0, 0.0, //
        0.5, 0.0, 0.5;
    r.heads.push_back(h);
    r.visible = SquareMatrix::Ones(3, 3);
    r.visible(2, 0) = 0;
    return r;
}

QImage grabView(ArrowGraphView &view)
{
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    view.render(&image);
    return image;
}

// Whether any pixel of `r` differs clearly from the background.
bool inkIn(const QImage &image, const QRectF &r, QRgb background)
{
    const QRect area = r.toAlignedRect() & image.rect();
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QRgb c = image.pixel(x, y);
            if (std::abs(qRed(c) - qRed(background)) + std::abs(qGreen(c) - qGreen(background))
                    + std::abs(qBlue(c) - qBlue(background))
                > 24)
                return true;
        }
    return false;
}

// Whether any pixel within `radius` of `p` differs clearly from the background.
bool inkNear(const QImage &image, QPointF p, QRgb background, int radius = 1)
{
    for (int dy = -radius; dy <= radius; ++dy) {
        for (int dx = -radius; dx <= radius; ++dx) {
            const QRgb c = image.pixel(qRound(p.x()) + dx, qRound(p.y()) + dy);
            if (std::abs(qRed(c) - qRed(background)) + std::abs(qGreen(c) - qGreen(background))
                    + std::abs(qBlue(c) - qBlue(background))
                > 24)
                return true;
        }
    }
    return false;
}

// Where an edge of the columns layout leaves its query and reaches its key.
QPointF queryAnchor(const ArrowGraphView &v, int i)
{
    const QRectF r = v.tokenRect(i, Side::Query);
    return {r.right(), r.center().y()};
}

QPointF keyAnchor(const ArrowGraphView &v, int i)
{
    const QRectF r = v.tokenRect(i, Side::Key);
    return {r.left(), r.center().y()};
}

QString spell(const std::vector<ArrowGraphView::DrawnEdge> &edges)
{
    QStringList parts;
    for (const auto &d : edges)
        parts << QStringLiteral("%1:%2").arg(d.edge.query).arg(d.edge.key);
    return parts.join(QLatin1Char(' '));
}

} // namespace

class TstArrowGraphView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void clickSelectsInSession_data();
    void clickSelectsInSession();
    void followsSessionSelection();
    void unlockButton();
    void keyboardMovesSelection();
    void headColoursStayApartForEveryone();
    void hoverIsolates();
    void hoverOnKeySideShowsWhoAttends();
    void strongEdgeDrawnFilteredNot();
    void maskedEdgeNeverDrawn();
    void bothLayoutsRender_data();
    void bothLayoutsRender();
    void labelsDoNotOverlap_data();
    void labelsDoNotOverlap();
    void arcsDirection();
    void allHeadsInTheirColours();
    void rasterIsOpticalDensity();
    void svgGetsVectorStrokes();
    void manyTokensStayResponsive();
    void oddInputsAndSizes();
};

void TstArrowGraphView::clickSelectsInSession_data()
{
    QTest::addColumn<Layout>("layout");
    QTest::newRow("columns") << Layout::Columns;
    QTest::newRow("arcs") << Layout::Arcs;
}

void TstArrowGraphView::clickSelectsInSession()
{
    QFETCH(Layout, layout);
    DocumentSession session;
    session.resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
    ArrowGraphView view;
    view.setGraphLayout(layout);
    view.resize(900, 600);
    session.setSelectedToken(-1); // the example opens on "it"
    view.setSession(&session);
    QSignalSpy spy(&session, &DocumentSession::selectedTokenChanged);
    const int it = static_cast<int>(session.result().tokens.indexOf(QStringLiteral("it")));
    QVERIFY(it > 0);
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.tokenRect(it).center().toPoint());
    QCOMPARE(session.selectedToken(), it);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(view.lockedToken(), it);
    // Every edge drawn in full now leaves "it".
    const auto drawn = view.drawnEdges();
    QVERIFY(!drawn.empty());
    QVERIFY(std::all_of(drawn.begin(), drawn.end(), [&](const auto &d) { return d.edge.query == it; }));
    // A second click on the same label unlocks.
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.tokenRect(it).center().toPoint());
    QCOMPARE(session.selectedToken(), -1);
    QCOMPARE(view.drawnEdges().size(), view.keptEdges().size());
}

void TstArrowGraphView::followsSessionSelection()
{
    DocumentSession session;
    session.resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
    ArrowGraphView view;
    view.resize(900, 600);
    view.setSession(&session);
    QSignalSpy spy(&view, &ArrowGraphView::lockedTokenChanged);
    session.setSelectedToken(3);
    QCOMPARE(view.lockedToken(), 3);
    QCOMPARE(spy.count(), 1);
    QVERIFY(!view.unlockRect().isEmpty());
    const auto drawn = view.drawnEdges();
    QVERIFY(std::all_of(drawn.begin(), drawn.end(), [](const auto &d) { return d.edge.query == 3; }));
}

void TstArrowGraphView::unlockButton()
{
    DocumentSession session;
    session.resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
    ArrowGraphView view;
    view.resize(900, 600);
    view.setSession(&session);
    session.setSelectedToken(-1); // the example opens on "it"
    QVERIFY(view.unlockRect().isEmpty());
    session.setSelectedToken(2);
    const QRectF unlock = view.unlockRect();
    QVERIFY(!unlock.isEmpty());
    // The button is drawn: its area is not plain background.
    const QImage image = grabView(view);
    QVERIFY(inkNear(image, unlock.center(), view.palette().base().color().rgb(), 4));
    QTest::mouseClick(&view, Qt::LeftButton, {}, unlock.center().toPoint());
    QCOMPARE(session.selectedToken(), -1);
    QCOMPARE(view.lockedToken(), -1);
    QVERIFY(view.unlockRect().isEmpty());
}

void TstArrowGraphView::keyboardMovesSelection()
{
    DocumentSession session;
    session.resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
    ArrowGraphView view;
    view.resize(900, 600);
    view.setSession(&session);
    session.setSelectedToken(4);
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(session.selectedToken(), 5);
    QTest::keyClick(&view, Qt::Key_Up);
    QTest::keyClick(&view, Qt::Key_Up);
    QCOMPARE(session.selectedToken(), 3);
    QTest::keyClick(&view, Qt::Key_Escape);
    QCOMPARE(session.selectedToken(), -1);
    // Enter locks again the token Escape released; while locked, it changes nothing.
    QTest::keyClick(&view, Qt::Key_Return);
    QCOMPARE(session.selectedToken(), 3);
    QTest::keyClick(&view, Qt::Key_Enter);
    QCOMPARE(session.selectedToken(), 3);
}

void TstArrowGraphView::hoverIsolates()
{
    ArrowGraphView view;
    view.resize(900, 600);
    view.setResult(knownResult());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(spell(view.drawnEdges()), QStringLiteral("0:2 0:0 1:1 2:2"));
    QSignalSpy spy(&view, &ArrowGraphView::tokenHovered);
    QTest::mouseMove(&view, view.tokenRect(0).center().toPoint());
    QCOMPARE(view.hoveredToken(), 0);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spell(view.drawnEdges()), QStringLiteral("0:2 0:0"));
    // The isolated edge is drawn in full, the others only faintly.
    const QImage image = grabView(view);
    const QRgb base = view.palette().base().color().rgb();
    const QPointF a = queryAnchor(view, 0), b = keyAnchor(view, 2);
    QVERIFY(inkNear(image, (a + b) / 2, base));
    const QPointF selfLoop = queryAnchor(view, 1) + (keyAnchor(view, 1) - queryAnchor(view, 1)) * 0.25;
    const QColor faint = image.pixelColor(selfLoop.toPoint());
    QVERIFY2(std::abs(faint.lightness() - QColor(base).lightness()) < 40, "other edges are only a ghost");
    QTest::mouseMove(&view, QPoint(view.width() / 2, view.height() / 2));
    QCOMPARE(view.hoveredToken(), -1);
    QCOMPARE(view.drawnEdges().size(), std::size_t(4));
}

void TstArrowGraphView::hoverOnKeySideShowsWhoAttends()
{
    ArrowGraphView view;
    view.resize(900, 600);
    view.setResult(knownResult());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::mouseMove(&view, view.tokenRect(2, Side::Key).center().toPoint());
    QCOMPARE(view.hoveredToken(), 2);
    QCOMPARE(spell(view.drawnEdges()), QStringLiteral("0:2 2:2"));
}

void TstArrowGraphView::strongEdgeDrawnFilteredNot()
{
    ArrowGraphView view;
    view.resize(900, 600);
    view.setResult(knownResult());
    const QImage image = grabView(view);
    const QRgb base = view.palette().base().color().rgb();
    // Along the strong 0 → 2, away from its ends; nothing along the filtered 0 → 1.
    const QPointF a = queryAnchor(view, 0), b = keyAnchor(view, 2), c = keyAnchor(view, 1);
    for (const double t : {0.2, 0.5, 0.8}) {
        QVERIFY2(inkNear(image, a + (b - a) * t, base), qPrintable(QStringLiteral("0 → 2 at %1").arg(t)));
        QVERIFY2(!inkNear(image, a + (c - a) * t, base, 2), qPrintable(QStringLiteral("0 → 1 at %1").arg(t)));
    }
    // Without the threshold the weak edge appears.
    view.setFilter(EdgeFilter::none());
    QVERIFY(inkNear(grabView(view), a + (c - a) * 0.5, base));
}

void TstArrowGraphView::maskedEdgeNeverDrawn()
{
    ArrowGraphView view;
    view.resize(900, 600);
    view.setFilter(EdgeFilter::none());
    view.setResult(knownResult());
    const auto kept = view.keptEdges();
    QVERIFY(std::none_of(kept.begin(), kept.end(), [](const auto &d) { return d.edge.query == 2 && d.edge.key == 0; }));
    const QImage image = grabView(view);
    const QPointF a = queryAnchor(view, 2), b = keyAnchor(view, 0);
    // 2 → 0 crosses 0 → 2 in the middle; a quarter of the way along it is clear of every edge.
    QVERIFY(!inkNear(image, a + (b - a) * 0.25, view.palette().base().color().rgb(), 2));
}

void TstArrowGraphView::bothLayoutsRender_data()
{
    QTest::addColumn<Layout>("layout");
    QTest::newRow("columns") << Layout::Columns;
    QTest::newRow("arcs") << Layout::Arcs;
}

void TstArrowGraphView::bothLayoutsRender()
{
    QFETCH(Layout, layout);
    ArrowGraphView view;
    view.resize(900, 600);
    view.setGraphLayout(layout);
    view.setResult(compute(*loadDocument(QStringLiteral("example:animal")).document));
    const QImage image = grabView(view);
    const QRgb base = view.palette().base().color().rgb();
    // Labels are written (ink where each says it is) and edges fill the plot.
    const auto labels = view.labelRects();
    QCOMPARE(labels.size(), std::size_t(layout == Layout::Columns ? 22 : 11));
    for (const QRectF &r : labels)
        QVERIFY(inkIn(image, r, base));
    int inked = 0, samples = 0;
    for (int y = 60; y < 540; y += 4) {
        for (int x = 300; x < 600; x += 4, ++samples)
            inked += inkNear(image, QPointF(x, y), base, 0) ? 1 : 0;
    }
    QVERIFY2(inked > samples / 10, qPrintable(QStringLiteral("%1 of %2").arg(inked).arg(samples)));
}

void TstArrowGraphView::labelsDoNotOverlap_data()
{
    QTest::addColumn<Layout>("layout");
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("locked");
    for (const int n : {12, 30, 200, 2000}) {
        QTest::addRow("columns, %d", n) << Layout::Columns << n << n / 3;
        QTest::addRow("arcs, %d", n) << Layout::Arcs << n << n / 3;
    }
}

void TstArrowGraphView::labelsDoNotOverlap()
{
    QFETCH(Layout, layout);
    QFETCH(int, tokens);
    QFETCH(int, locked);
    Result r;
    HeadResult h;
    h.weights = SquareMatrix::Identity(tokens, tokens);
    for (int i = 0; i < tokens; ++i)
        r.tokens << (i % 5 == 0 ? QStringLiteral("extraordinarily") : QStringLiteral("w%1").arg(i));
    r.heads.push_back(h);
    ArrowGraphView view;
    view.resize(1000, 700);
    view.setGraphLayout(layout);
    view.setResult(r);
    view.setLockedToken(locked);
    view.setHoveredToken(locked + 1);
    const auto labels = view.labelRects();
    QVERIFY(labels.size() >= std::size_t(std::min(tokens, 20)));
    const auto spell = [](const QRectF &r) {
        return QStringLiteral("(%1, %2 %3×%4)").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
    };
    for (std::size_t i = 0; i < labels.size(); ++i) {
        QVERIFY(view.rect().contains(labels[i].toRect()));
        for (std::size_t j = i + 1; j < labels.size(); ++j)
            QVERIFY2(!labels[i].intersects(labels[j]), qPrintable(spell(labels[i]) + spell(labels[j])));
    }
}

void TstArrowGraphView::arcsDirection()
{
    // Only 0 → 2 (forward, over the sentence) and 2 → 0 (backward, under it).
    Result r;
    r.tokens = QStringList {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    HeadResult h;
    h.weights = SquareMatrix::Zero(3, 3);
    h.weights(0, 2) = 1;
    r.heads.push_back(h);
    ArrowGraphView view;
    view.resize(900, 600);
    view.setGraphLayout(Layout::Arcs);
    view.setResult(r);
    const QRgb base = view.palette().base().color().rgb();
    const QRectF middle = view.tokenRect(1);
    const auto column = [&](const QImage &image, double from, double to) {
        for (double y = from; y < to; y += 1)
            if (inkNear(image, QPointF(middle.center().x(), y), base, 0))
                return true;
        return false;
    };
    QImage image = grabView(view);
    QVERIFY(column(image, 30, middle.top()));
    QVERIFY(!column(image, middle.bottom(), 570));
    h.weights.setZero();
    h.weights(2, 0) = 1;
    r.heads[0] = h;
    view.setResult(r);
    image = grabView(view);
    QVERIFY(!column(image, 30, view.tokenRect(1).top()));
    QVERIFY(column(image, view.tokenRect(1).bottom(), 570));
}

void TstArrowGraphView::allHeadsInTheirColours()
{
    Document doc = *loadDocument(QStringLiteral("example:animal")).document;
    Settings s = doc.settings();
    s.heads = 3;
    doc.setSettings(s);
    ArrowGraphView view;
    view.resize(900, 600);
    view.setResult(compute(doc));
    const auto heads = [&] {
        std::set<int> out;
        for (const auto &d : view.keptEdges())
            out.insert(d.head);
        return out;
    };
    QCOMPARE(heads(), std::set<int> {0});
    view.setCurrentHead(2);
    QCOMPARE(heads(), std::set<int> {2});
    view.setHeadMode(ArrowGraphView::HeadMode::All);
    QCOMPARE(heads(), (std::set<int> {0, 1, 2}));
    QVERIFY(ArrowGraphView::headColor(0) != ArrowGraphView::headColor(1));
    QVERIFY(ArrowGraphView::headColor(1) != ArrowGraphView::headColor(2));
}

// Heads told apart by colour stay apart for the colour-blind: any two of the first eight differ by
// ΔE ≥ 12 with normal vision, protanopia, deuteranopia and tritanopia, on light and dark
// backgrounds, and every one stands off the background. (Tableau 10, used before: 0.9 between
// red and green with deuteranopia.)
void TstArrowGraphView::headColoursStayApartForEveryone()
{
    using namespace colourvision;
    for (const bool dark : {false, true}) {
        const QColor background = dark ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white);
        for (const Vision vision : visions) {
            double closest = 1e9, faintest = 1e9;
            for (int i = 0; i < 8; ++i) {
                faintest = std::min(faintest, difference(edgeColor(i, dark), background, vision));
                for (int j = i + 1; j < 8; ++j)
                    closest = std::min(closest, difference(edgeColor(i, dark), edgeColor(j, dark), vision));
            }
            const QString where
                = QStringLiteral("%1, %2 background: closest pair ΔE %3, faintest %4")
                      .arg(QLatin1String(name(vision)), dark ? QStringLiteral("dark") : QStringLiteral("light"))
                      .arg(closest)
                      .arg(faintest);
            qInfo("%s", qPrintable(where));
            QVERIFY2(closest >= 12, qPrintable(where));
            QVERIFY2(faintest >= 20, qPrintable(where));
        }
    }
}

void TstArrowGraphView::rasterIsOpticalDensity()
{
    using namespace qkv::arrowgraph;
    const QRgb red = qRgb(255, 0, 0);
    const auto alphaAt = [](const QImage &image, int x, int y) { return qAlpha(image.pixel(x, y)); };
    // A horizontal line 2 px wide centred on y = 10.5 covers row 10 fully and half of rows 9 and 11.
    EdgeRaster one(QSize(40, 20), QPointF(0, 0), 1.0, false);
    const std::array<QPointF, 2> line {QPointF(0, 10.5), QPointF(40, 10.5)};
    one.stroke(line.data(), 2, EdgeStyle {2.0, 0.5, red});
    const QImage a = one.image(red);
    QVERIFY(std::abs(alphaAt(a, 20, 10) - 128) <= 2);
    QVERIFY(std::abs(alphaAt(a, 20, 9) - 75) <= 2); // 1 − 0.5^0.5
    QVERIFY(std::abs(alphaAt(a, 20, 11) - 75) <= 2);
    QCOMPARE(alphaAt(a, 20, 8), 0);
    QCOMPARE(qRed(qUnpremultiply(a.pixel(20, 10))), 255);
    // Two such lines are what painting one over the other gives: 1 − (1 − 0.5)² = 0.75.
    EdgeRaster two(QSize(40, 20), QPointF(0, 0), 1.0, false);
    two.stroke(line.data(), 2, EdgeStyle {2.0, 0.5, red});
    two.stroke(line.data(), 2, EdgeStyle {2.0, 0.5, red});
    QVERIFY(std::abs(alphaAt(two.image(red), 20, 10) - 191) <= 2);
    // A diagonal covers the same area per unit length: each column holds width·√2 of it.
    EdgeRaster diagonal(QSize(40, 40), QPointF(0, 0), 1.0, false);
    const std::array<QPointF, 2> slant {QPointF(0, 0), QPointF(40, 40)};
    diagonal.stroke(slant.data(), 2, EdgeStyle {1.0, 0.98, red});
    const QImage d = diagonal.image(red);
    double column = 0;
    for (int y = 0; y < 40; ++y)
        column -= std::log(1 - alphaAt(d, 20, y) / 255.0);
    QVERIFY2(std::abs(column / -std::log(1 - 0.98) - std::sqrt(2.0)) < 0.05, qPrintable(QString::number(column)));
    // A bent polyline (as arcs are drawn) paints no pixel twice at its joint and leaves no gap
    // along its middle: alpha 0.5 everywhere a full pixel is covered, never more.
    EdgeRaster bend(QSize(60, 40), QPointF(0, 0), 1.0, false);
    const std::array<QPointF, 4> bent {QPointF(2, 10.5), QPointF(30.3, 10.5), QPointF(44.1, 22.9), QPointF(58, 35.4)};
    bend.stroke(bent.data(), 4, EdgeStyle {4.0, 0.5, red});
    const QImage b = bend.image(red);
    for (int y = 0; y < 40; ++y)
        for (int x = 0; x < 60; ++x)
            QVERIFY2(alphaAt(b, x, y) <= 130,
                qPrintable(QStringLiteral("(%1, %2): %3").arg(x).arg(y).arg(alphaAt(b, x, y))));
    for (int x = 3; x < 57; ++x) {
        const double middle = x + 0.5 < 30.3 ? 10.5 : 10.5 + (x + 0.5 - 30.3) * (35.4 - 10.5) / (58 - 30.3);
        QVERIFY2(alphaAt(b, x, static_cast<int>(middle)) >= 126, qPrintable(QString::number(x)));
    }
    // Recorded in two halves (on two threads, in the view) in another order of colours, the
    // image is the one recorded at once.
    const QRgb blue = qRgb(0, 0, 255);
    const std::array<QPointF, 2> across {QPointF(20, 0), QPointF(25, 40)};
    EdgeRaster whole(QSize(60, 40), QPointF(0, 0), 1.0, true);
    whole.stroke(bent.data(), 4, EdgeStyle {4.0, 0.5, red});
    whole.stroke(across.data(), 2, EdgeStyle {3.0, 0.7, blue});
    EdgeRaster first(QSize(60, 40), QPointF(0, 0), 1.0, true);
    EdgeRaster second = first;
    second.stroke(across.data(), 2, EdgeStyle {3.0, 0.7, blue});
    first.stroke(bent.data(), 4, EdgeStyle {4.0, 0.5, red});
    first.append(std::move(second));
    QCOMPARE(first.image(red), whole.image(red));
    QVERIFY(qBlue(whole.image(red).pixel(22, 20)) > 100); // both colours are there
}

void TstArrowGraphView::svgGetsVectorStrokes()
{
    ArrowGraphView view;
    view.resize(900, 600);
    view.setResult(knownResult());
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(QSize(900, 600));
    {
        QPainter p(&svg);
        view.paint(p, QRectF(0, 0, 900, 600));
    }
    const QByteArray text = buffer.data();
    QVERIFY(!text.contains("<image"));
    // One stroke per edge (arrowheads are filled paths of their own).
    QVERIFY2(text.count("<polyline") >= 4, text.left(2000).constData());
}

void TstArrowGraphView::manyTokensStayResponsive()
{
    // 600 tokens: the default filter keeps a bounded number of edges, labels thin out, and a
    // click still hits the exact token under the mouse.
    Document doc;
    QStringList words;
    for (int i = 0; i < 600; ++i)
        words << QStringLiteral("w%1").arg(i);
    doc.setSentence(words.join(QLatin1Char(' ')));
    DocumentSession session;
    session.resetDocument(doc);
    ArrowGraphView view;
    view.resize(1000, 1000);
    view.setSession(&session);
    QVERIFY(view.keptEdges().size() <= std::size_t(600 * 16));
    QVERIFY(!grabView(view).isNull());
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.tokenRect(337).center().toPoint());
    QCOMPARE(session.selectedToken(), 337);
}

void TstArrowGraphView::oddInputsAndSizes()
{
    // Nothing here may crash or draw outside: no tokens, one token, rows of NaN and of zeros,
    // everything masked, and rectangles down to a single pixel.
    std::vector<Result> results(5);
    results[1].tokens = QStringList {QStringLiteral("solo")};
    results[1].heads.push_back(HeadResult {});
    results[1].heads[0].weights = SquareMatrix::Ones(1, 1);
    results[2] = knownResult();
    results[2].heads[0].weights.row(0).setConstant(std::numeric_limits<double>::quiet_NaN());
    results[3] = knownResult();
    results[3].heads[0].weights.setZero();
    results[4] = knownResult();
    results[4].visible.setZero();
    for (const Result &r : results) {
        for (const Layout layout : {Layout::Columns, Layout::Arcs}) {
            ArrowGraphView view;
            view.setGraphLayout(layout);
            view.setResult(r);
            view.setLockedToken(0);
            for (const QSize size : {QSize(1, 1), QSize(12, 9), QSize(200, 160)}) {
                QImage image(size, QImage::Format_ARGB32_Premultiplied);
                QPainter p(&image);
                view.paint(p, QRectF(QPointF(0, 0), size));
            }
        }
    }
    ArrowGraphView view;
    view.setResult(results[4]);
    QVERIFY(view.keptEdges().empty());
}

QTEST_MAIN(TstArrowGraphView)
#include "tst_arrowgraphview.moc"
