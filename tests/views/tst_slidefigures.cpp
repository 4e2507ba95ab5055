#include "document/documentio.h"
#include "session/documentsession.h"
#include "views/figurerenderer.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;

using namespace qkv;

// Exported figures are made for slides: text that grows with the canvas, a title, weights on a
// 0 … 1 scale, and nothing of the window's controls.
namespace {

QImage render(DocumentSession &session, const FigureOptions &options, QSize size)
{
    const FigureRenderer renderer(figureInput(session), options);
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.painter()(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}

int countPixels(const QImage &image, const std::function<bool(QRgb)> &match)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            count += match(line[x]) ? 1 : 0;
    }
    return count;
}

// The height of the first run of rows holding dark pixels from the top: the title's ink.
int firstTextLineHeight(const QImage &image)
{
    int first = -1;
    for (int y = 0; y < image.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        bool dark = false;
        for (int x = 0; x < image.width() && !dark; ++x)
            dark = qGray(line[x]) < 100;
        if (dark && first < 0)
            first = y;
        if (!dark && first >= 0)
            return y - first;
    }
    return 0;
}

// The first row holding a coloured (not grey) pixel: where the heatmap's cells begin.
int firstColouredRow(const QImage &image)
{
    for (int y = 0; y < image.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            const int r = qRed(line[x]), g = qGreen(line[x]), b = qBlue(line[x]);
            if (std::max({r, g, b}) - std::min({r, g, b}) > 60)
                return y;
        }
    }
    return image.height();
}

} // namespace

class TstSlideFigures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textSizeFollowsTheCanvas()
    {
        FigureOptions options;
        QCOMPARE(figureTextPx(options, QSizeF(1920, 1080)), 27.0);
        QCOMPARE(figureTextPx(options, QSizeF(4000, 2000)), 50.0);
        // Small figures keep the desktop's text, never smaller.
        const qreal desktop = QFontInfo(QApplication::font()).pixelSize();
        QCOMPARE(figureTextPx(options, QSizeF(200, 150)), desktop);
        options.textPx = 40;
        QCOMPARE(figureTextPx(options, QSizeF(1920, 1080)), 40.0);
    }

    // The title's ink is about as tall as its text size says, at 1920 × 1080 and at 960 × 540.
    void titleGrowsWithTheFigure()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(u"example:birds"_s).document);
        FigureOptions options;
        options.kind = FigureKind::Heatmap;
        const int big = firstTextLineHeight(render(session, options, QSize(1920, 1080)));
        const int small = firstTextLineHeight(render(session, options, QSize(960, 540)));
        QVERIFY2(big >= 22, qPrintable(u"title %1 px high"_s.arg(big)));
        QVERIFY2(big >= small * 17 / 10, qPrintable(u"title %1 px, half-size %2 px"_s.arg(big).arg(small)));
    }

    // A sentence of hundreds of tokens is a title of two lines, the rest elided: the figure is
    // the heatmap, not the sentence (it once filled the whole canvas).
    void longSentencesMakeShortTitles()
    {
        QStringList words;
        for (int i = 0; i < 400; ++i)
            words << u"w%1"_s.arg(i % 97);
        Document doc;
        doc.setSentence(words.join(u' '));
        DocumentSession session;
        session.resetDocument(doc);
        FigureOptions options;
        options.kind = FigureKind::Heatmap;
        const int cellsFrom = firstColouredRow(render(session, options, QSize(1000, 1000)));
        QVERIFY2(cellsFrom < 250, qPrintable(u"the heatmap starts %1 px down"_s.arg(cellsFrom)));
    }

    // Selection boxes, the unlock button and the current head's frame are drawn in the
    // palette's highlight colour; a figure shows none of them (a few anti-aliased pixels of
    // other colours may land on it). The bars are that colour: they are data, not a control.
    void noControlsInFigures_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("view");
        for (const QString &example : {u"example:animal"_s, u"example:birds"_s, u"example:riley"_s})
            for (const QString &view : qkv::figureKindNames())
                if (view != u"bars")
                    QTest::addRow("%s %s", qPrintable(example), qPrintable(view)) << example << view;
    }
    void noControlsInFigures()
    {
        QFETCH(QString, example);
        QFETCH(QString, view);
        DocumentSession session;
        session.resetDocument(*loadDocument(example).document);
        session.setSelectedToken(1);
        FigureOptions options;
        options.kind = figureKindNamed(view);
        const QImage image = render(session, options, QSize(1200, 800));
        const QColor highlight = slidePalette().color(QPalette::Highlight);
        const int marked = countPixels(image, [&](QRgb p) {
            return std::abs(qRed(p) - highlight.red()) <= 2 && std::abs(qGreen(p) - highlight.green()) <= 2
                && std::abs(qBlue(p) - highlight.blue()) <= 2;
        });
        QVERIFY2(marked < 25, qPrintable(u"%1 pixels of the highlight colour"_s.arg(marked)));
    }

    // Weights are coloured as the window colours them, 0 … largest, by default (issue 46: on 0 … 1
    // animal's strongest weight, 0.21, is dark on viridis and the slide one purple); on the data's
    // own scale it is the yellow end, a whole cell of it.
    void weightsOnTheWindowsScaleByDefault()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(u"example:animal"_s).document);
        FigureOptions options;
        options.kind = FigureKind::Heatmap;
        const auto yellow = [](QRgb p) { return qRed(p) > 200 && qGreen(p) > 200 && qBlue(p) < 90; };
        const int data = countPixels(render(session, options, QSize(1000, 1000)), yellow);
        options.dataScale = false;
        const int unit = countPixels(render(session, options, QSize(1000, 1000)), yellow);
        QVERIFY2(data > 2000, qPrintable(u"%1 yellow pixels on the data scale"_s.arg(data)));
        QVERIFY2(unit < data / 3, qPrintable(u"%1 yellow pixels on 0 … 1, %2 on the data scale"_s.arg(unit).arg(data)));
    }

    // Every viewer picks a sans font: a CSS list ending in the generic family, not Qt's alias.
    void svgFontsAreACssFamilyList()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(u"example:birds"_s).document);
        FigureOptions options;
        options.kind = FigureKind::Figure;
        const FigureRenderer renderer(figureInput(session), options);
        const QString svg
            = QString::fromUtf8(renderFigure({QSize(900, 500), 1, FigureFormat::Svg, u"t"_s}, renderer.painter()));
        QVERIFY(svg.contains(u"walk"_s));
        QVERIFY(!svg.contains(u"font-family=\"Sans Serif\""_s));
        const qsizetype families = svg.count(u"font-family="_s);
        QVERIFY(families > 5);
        QCOMPARE(svg.count(QRegularExpression(u"font-family=\"[^\"]*, sans-serif\""_s)), families);
    }
};

QTEST_MAIN(TstSlideFigures)
#include "tst_slidefigures.moc"
