#include "document/documentio.h"
#include "figures/contributionsfigure.h"
#include "plainstyle.h"

#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

using namespace qkv;

namespace {

const QRgb walkColour = qRgb(0xE6, 0x9F, 0x00); // the first colour: the largest share
const QRgb birdsColour = qRgb(0x56, 0xB4, 0xE9);
const QRgb sometimesColour = qRgb(0x00, 0x9E, 0x73);

} // namespace

// The stacked bars of where an output comes from, read back from their pixels.
class TstContributionsFigure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // walk = 0.6·v(Birds) + 0.1·v(sometimes) + 0.4·v(walk). In dimension 1 walk's part 0.2 stands
    // on 0, Birds' 0.06 on it, sometimes' −0.08 hangs below; the output 0.18 is a dark line.
    void birdsWalkIsStackedByParts()
    {
        const Document doc = *loadDocument(QStringLiteral("example:birds")).document;
        const Result r = compute(doc);
        ContributionsFigure figure;
        figure.setData(&r, 0);
        figure.setQuery(2);
        QCOMPARE(figure.colouredKeys(), (QList<int> {2, 0, 1})); // shares 0.67, 0.58, −0.25
        QImage image(900, 500, QImage::Format_RGB32);
        image.fill(Qt::white);
        const FigureStyle style = test::plainStyle(true);
        const QRectF rect(image.rect());
        {
            QPainter p(&image);
            figure.paint(p, rect, style);
        }
        // Dimension 1's bar is the first third of the plot; find its middle from the walk colour.
        int x = -1;
        const int y01 = qRound(figure.yOf(rect, style, 0.1));
        for (int i = 0; i < image.width() && x < 0; ++i)
            if (image.pixel(i, y01) == walkColour)
                x = i + 20;
        QVERIFY(x > 0);
        QCOMPARE(image.pixel(x, y01), walkColour);
        QCOMPARE(image.pixel(x, qRound(figure.yOf(rect, style, 0.23))), birdsColour);
        QCOMPARE(image.pixel(x, qRound(figure.yOf(rect, style, -0.04))), sometimesColour);
        QCOMPARE(image.pixel(x, qRound(figure.yOf(rect, style, 0.28))), qRgb(255, 255, 255)); // above the stack
        QVERIFY(qGray(image.pixel(x, qRound(figure.yOf(rect, style, 0.18)))) < 60); // the output's line
        // Dimension 3: Birds' 0.18 up, walk's −0.16 then sometimes' −0.01 down.
        int x3 = -1;
        const int y3 = qRound(figure.yOf(rect, style, -0.165));
        for (int i = image.width() - 1; i >= 0 && x3 < 0; --i)
            if (image.pixel(i, y3) == sometimesColour)
                x3 = i - 20;
        QVERIFY(x3 > x);
        QCOMPARE(image.pixel(x3, qRound(figure.yOf(rect, style, 0.1))), birdsColour);
        QCOMPARE(image.pixel(x3, qRound(figure.yOf(rect, style, -0.1))), walkColour);
    }

    // Beyond seven keys the smallest shares are summed into one grey part; the parts still add
    // up to the output.
    void manyKeysShareTheGrey()
    {
        Document doc = *loadDocument(QStringLiteral("example:animal")).document;
        const Result r = compute(doc);
        ContributionsFigure figure;
        figure.setData(&r, 0);
        figure.setQuery(7);
        QCOMPARE(figure.colouredKeys().size(), ContributionsFigure::maxColoured);
        QCOMPARE(figure.colouredKeys().first(), 10); // tired, 0.19 of the weight
        QImage image(800, 400, QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter p(&image);
        figure.paint(p, QRectF(image.rect()), test::plainStyle(true));
        p.end();
        int grey = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width() / 2; ++x)
                grey += image.pixel(x, y) == qRgb(0xA0, 0xA0, 0xA0) ? 1 : 0;
        QVERIFY(grey > 50);
        QVERIFY((figure.contributions().parts.colwise().sum().transpose() - r.heads[0].output.row(7).transpose())
                    .cwiseAbs()
                    .maxCoeff()
            < 1e-12);
    }
};

QTEST_MAIN(TstContributionsFigure)
#include "tst_contributionsfigure.moc"
