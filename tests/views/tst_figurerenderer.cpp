#include "attention/engine.h"
#include "document/documentio.h"
#include "export/figurecaption.h"
#include "session/documentsession.h"
#include "views/figurerenderer.h"
#include "views/heatmapview.h"

#include <QApplication>
#include <QImage>
#include <QTest>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

using namespace qkv;

namespace {

QImage renderPng(const PaintFigure &paint, QSize size, double scale)
{
    QString error;
    const QByteArray bytes = renderFigure({size, scale, FigureFormat::Png, QStringLiteral("t")}, paint, &error);
    QImage image;
    if (!image.loadFromData(bytes, "png"))
        qWarning("could not render: %s", qPrintable(error));
    return image.convertToFormat(QImage::Format_RGB32);
}

// Mean absolute difference of the colour channels, 0 … 255.
double meanDifference(const QImage &a, const QImage &b)
{
    double sum = 0;
    for (int y = 0; y < a.height(); ++y) {
        const auto *pa = reinterpret_cast<const QRgb *>(a.constScanLine(y));
        const auto *pb = reinterpret_cast<const QRgb *>(b.constScanLine(y));
        for (int x = 0; x < a.width(); ++x)
            sum += std::abs(qRed(pa[x]) - qRed(pb[x])) + std::abs(qGreen(pa[x]) - qGreen(pb[x]))
                + std::abs(qBlue(pa[x]) - qBlue(pb[x]));
    }
    return sum / (3.0 * a.width() * a.height());
}

// One row per view, named after it.
void addEveryView()
{
    QTest::addColumn<QString>("view");
    for (const QString &view : qkv::figureKindNames())
        QTest::newRow(qPrintable(view)) << view;
}

// The animal example with "it" selected: every view shows a worked query.
void loadAnimal(DocumentSession &session)
{
    session.resetDocument(*loadDocument(u"example:animal"_s).document);
    session.setSelectedToken(7);
}

} // namespace

class TstFigureRenderer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Hinting snaps glyphs to whole pixels differently at each size; without it, text at
        // scale 2 shrunk is text at scale 1 up to anti-aliasing.
        QFont font = QApplication::font();
        font.setHintingPreference(QFont::PreferNoHinting);
        QApplication::setFont(font);
    }

    // A figure at scale s is the scale-1 figure with s times the pixels: the same layout, text
    // the same share of the figure. Shrunk back, it differs from scale 1 only by anti-aliasing.
    // Tolerances: the mean colour difference (of 255) of the two figures at a quarter of their
    // size, where only layout shows, not anti-aliasing. Text-heavy views differ a little more.
    // With the DPI set before painting (text grown twice) the differences were 0.64 (bars) to 76.
    // Text grown with the figure (2.5 % of the side, and titles) makes text more of each figure:
    // 0.47 (bars) to 0.99 (heatmap) now.
    void scaleOnlyAddsPixels_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<double>("scale");
        QTest::addColumn<double>("tolerance");
        // The heads grid's tiles on the data's own scale (the default) hold more contrast, which its
        // small cells' edges make count: 1.30 there.
        const std::map<QString, double> tolerance {
            {u"bars"_s, 0.8}, {u"worked"_s, 1.0}, {u"figure"_s, 1.25}, {u"heads"_s, 1.45}};
        for (const QString &view : qkv::figureKindNames())
            for (double scale : {2.0, 3.0})
                QTest::addRow("%s %g×", qPrintable(view), scale)
                    << view << scale << (tolerance.contains(view) ? tolerance.at(view) : 1.2);
    }
    void scaleOnlyAddsPixels()
    {
        QFETCH(QString, view);
        QFETCH(double, scale);
        QFETCH(double, tolerance);
        DocumentSession session;
        session.resetDocument(*loadDocument(u"example:animal"_s).document);
        session.setSelectedToken(7); // "it": every view shows a worked query
        FigureOptions options;
        options.kind = figureKindNamed(view);
        FigureRenderer renderer(figureInput(session), options);
        QVERIFY(renderer.isValid());
        const QSize size = renderer.preferredSize(700).boundedTo(QSize(700, 2400));
        const QImage one = renderPng(renderer.painter(), size, 1);
        const QImage big = renderPng(renderer.painter(), size, scale);
        QCOMPARE(big.size(), size * scale);
        const QSize quarter = size / 4;
        const double difference = meanDifference(one.scaled(quarter, Qt::IgnoreAspectRatio, Qt::SmoothTransformation),
            big.scaled(quarter, Qt::IgnoreAspectRatio, Qt::SmoothTransformation));
        QVERIFY2(difference < tolerance, qPrintable(u"mean difference %1 of 255"_s.arg(difference)));
    }

    // Exports keep C numbers whatever the user's locale ("0.12" on a slide made in Germany),
    // while the window's own views write the user's ("0,12").
    void exportsKeepTheCLocale_data() { addEveryView(); }
    void exportsKeepTheCLocale()
    {
        QFETCH(QString, view);
        DocumentSession session;
        loadAnimal(session);
        FigureOptions options;
        options.kind = figureKindNamed(view);
        const auto render = [&] {
            FigureRenderer renderer(figureInput(session), options);
            return renderPng(renderer.painter(), QSize(700, 500), 1);
        };
        const QLocale before;
        QLocale::setDefault(QLocale::c());
        const QImage c = render();
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const QImage german = render();
        QLocale::setDefault(before);
        QVERIFY(!c.isNull());
        QCOMPARE(german, c);
    }
    // Painted band by band (as the vector plot is in the window, the window answering between
    // bands), every figure is the figure painted whole: lines, text and markers crossing the
    // bands' edges included. A band is 37 rows here, an odd count against the 1.5× scale, so
    // edges fall between logical pixels.
    void bandsPaintTheWholeFigure_data() { addEveryView(); }
    void bandsPaintTheWholeFigure()
    {
        QFETCH(QString, view);
        DocumentSession session;
        loadAnimal(session);
        FigureOptions options;
        options.kind = figureKindNamed(view);
        FigureRenderer renderer(figureInput(session), options);
        const FigureSpec spec {QSize(600, 450), 1.5, FigureFormat::Png, u"t"_s};
        const QImage whole = renderImage(spec, renderer.painter());
        std::vector<std::pair<int, int>> told;
        const QImage banded = renderImageInBands(
            spec, renderer.painter(),
            [&told](int done, int total) {
                told.emplace_back(done, total);
                return true;
            },
            nullptr, 900 * 37);
        const int bands = (675 + 36) / 37;
        QCOMPARE(told.size(), std::size_t(bands));
        QCOMPARE(told.back(), std::make_pair(bands, bands));
        QCOMPARE(banded.dotsPerMeterX(), whole.dotsPerMeterX());
        // The moved figure rounds a few edges otherwise (smooth-scaled heatmap cells, some
        // anti-aliased edges): at most 2 of 255 in under 1 % of pixels. Clipped instead of moved,
        // the chart drew its text and axes once per band (differences up to 241).
        int differing = 0;
        int largest = 0;
        for (int y = 0; y < whole.height(); ++y)
            for (int x = 0; x < whole.width(); ++x) {
                const QRgb a = banded.pixel(x, y);
                const QRgb b = whole.pixel(x, y);
                differing += a != b;
                largest = std::max({largest, std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                    std::abs(qBlue(a) - qBlue(b))});
            }
        QVERIFY2(largest <= 2, qPrintable(u"a pixel differs by %1"_s.arg(largest)));
        QVERIFY2(differing < whole.width() * whole.height() / 100, qPrintable(u"%1 pixels differ"_s.arg(differing)));
    }
    // Stopped between bands, the painting ends there and gives no image.
    void bandsStopWhenTold()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(u"example:animal"_s).document);
        FigureOptions options;
        options.kind = FigureKind::Vectors;
        FigureRenderer renderer(figureInput(session), options);
        int calls = 0;
        const QImage image = renderImageInBands(
            {QSize(600, 400), 1, FigureFormat::Png, u"t"_s}, renderer.painter(),
            [&calls](int done, int) {
                ++calls;
                return done < 2;
            },
            nullptr, 600 * 100);
        QVERIFY(image.isNull());
        QCOMPARE(calls, 2);
    }

    // A figure of one head names it; a figure of every head does not name the first.
    void titlesNameTheHeadsShown()
    {
        Document doc = *loadDocument(u"example:animal"_s).document;
        QCOMPARE(defaultFigureTitle(doc, 0), u"“%1”"_s.arg(doc.sentence()));
        Settings s = doc.settings();
        s.heads = 4;
        doc.setSettings(s);
        QVERIFY(defaultFigureTitle(doc, 1).endsWith(u" · head 2 of 4"_s));
        QVERIFY(defaultFigureTitle(doc, -1).endsWith(u" · all 4 heads"_s));
        // What it is of, and the heads switched off (issue 46).
        doc.setSwitchedOffHeads({1, 3});
        QCOMPARE(defaultFigureTitle(doc, 1, u"gpt2, layer 3 of 12"_s),
            u"“%1” · gpt2, layer 3 of 12 · head 2 of 4, switched off (head 4 switched off)"_s.arg(doc.sentence()));
        QVERIFY(defaultFigureTitle(doc, 0).endsWith(u" · head 1 of 4 (heads 2, 4 switched off)"_s));
        const QString caption = figureCaption(doc, 0, 7, u"gpt2, layer 3 of 12"_s);
        QVERIFY2(caption.contains(u"\ngpt2, layer 3 of 12 · Q, K, V given"_s), qPrintable(caption));
        QVERIFY2(caption.contains(u"head 1 of 4 (heads 2, 4 switched off) · query “it”"_s), qPrintable(caption));
    }

    // A | B: the snapshot's figure left and now's right, each exactly as it is drawn alone below
    // its heading, for views of several kinds and sentences of different lengths; without a
    // baseline, the figure alone.
    void sideBySideDrawsBothAsAlone()
    {
        const Document now = *loadDocument(u"example:animal"_s).document;
        Document then = now;
        then.setSentence(u"The animal didn't cross the road"_s); // 6 tokens: "it" (7) is not there
        const Result a = compute(then), b = compute(now);
        const QSize size(800, 460);
        const int line = 24, half = 400; // the heading: twice the 12 px text
        const QSize body(half, size.height() - line);
        for (const FigureKind kind : {FigureKind::Heatmap, FigureKind::Bars, FigureKind::Arrows}) {
            FigureOptions o;
            o.kind = kind;
            o.textPx = 12;
            o.sideBySide = true;
            const FigureRenderer both({&now, &b, 0, 7, false, &a, u"before"_s, &then}, o);
            QCOMPARE(both.preferredSize(800).height(), half + line);
            const QImage image = renderPng(both.painter(), size, 1);
            o.sideBySide = false;
            if (kind == FigureKind::Bars) { // one value axis for both: each half's row within it
                o.barsLow = 0;
                o.barsHigh = std::max(a.heads[0].weights.row(0).maxCoeff(), b.heads[0].weights.row(7).maxCoeff());
            }
            const FigureRenderer left({&then, &a, 0, -1, false, nullptr, {}, nullptr}, o);
            const FigureRenderer right({&now, &b, 0, 7, false, nullptr, {}, nullptr}, o);
            // One pixel column at the seam is the line between the halves. (A colour bar's
            // gradient is resampled where it lands: a level or two apart in a few pixels.)
            const QRect inner(0, 0, half - 1, body.height());
            const double leftApart
                = meanDifference(image.copy(inner.translated(0, line)), renderPng(left.painter(), body, 1).copy(inner));
            const double rightApart = meanDifference(image.copy(inner.translated(half + 1, line)),
                renderPng(right.painter(), body, 1).copy(inner.translated(1, 0)));
            QVERIFY2(leftApart < 0.05 && rightApart < 0.05, qPrintable(u"%1 %2"_s.arg(leftApart).arg(rightApart)));
            QVERIFY(image.copy(inner.translated(0, line)) != image.copy(inner.translated(half + 1, line)));
            if (kind == FigureKind::Bars) { // alone, now's bars would fit a scale of their own
                FigureOptions own = o;
                own.barsHigh = 0;
                const FigureRenderer apart({&now, &b, 0, 7, false, nullptr, {}, nullptr}, own);
                QVERIFY(meanDifference(image.copy(inner.translated(half + 1, line)),
                            renderPng(apart.painter(), body, 1).copy(inner.translated(1, 0)))
                    > 0.5);
            }
            // No baseline: the view alone.
            o.barsLow = o.barsHigh = 0;
            o.sideBySide = true;
            const FigureRenderer single({&now, &b, 0, 7, false, nullptr, {}, nullptr}, o);
            o.sideBySide = false;
            const FigureRenderer plain({&now, &b, 0, 7, false, nullptr, {}, nullptr}, o);
            QCOMPARE(renderPng(single.painter(), size, 1), renderPng(plain.painter(), size, 1));
        }
    }

    void theWindowsViewsFollowTheLocale()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(u"example:animal"_s).document);
        session.setSelectedToken(7);
        HeatmapView view;
        view.setSession(&session);
        view.resize(600, 500);
        const QImage c = view.grab().toImage();
        view.setLocale(QLocale(QLocale::German, QLocale::Germany));
        QVERIFY(view.grab().toImage() != c); // the cells' numbers
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QVERIFY2(view.describeCell(7, 1).contains(u": weight 0,1189"_s), qPrintable(view.describeCell(7, 1)));
        QLocale::setDefault(before);
    }
};

QTEST_MAIN(TstFigureRenderer)
#include "tst_figurerenderer.moc"
