// WorkedFigure works the steps out and draws them without a widget (a QGuiApplication, no Qt
// Widgets linked).
#include "attention/engine.h"
#include "document/documentio.h"
#include "examples.h"
#include "figures/workedfigure.h"
#include "plainstyle.h"
#include "viewpixels.h"

#include <QGuiApplication>
#include <QPainter>
#include <QTest>

using namespace qkv;
using test::example;
using namespace Qt::StringLiterals;

namespace {

// An example, its result, and a figure of its first head.
struct Worked {
    explicit Worked(const QString &name)
        : doc(example(name))
        , result(compute(doc))
    {
        figure.setData(&doc, &result, 0);
    }
    Document doc;
    Result result;
    WorkedFigure figure;
};

} // namespace

class TestWorkedFigure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noWidgets() { QVERIFY(!QCoreApplication::instance()->inherits("QApplication")); }

    // The query's row of the birds example as the article works it: "walk" gathers the values
    // into o(walk) = [0.180, 0.110, 0.010].
    void rowOfTheSelectedQuery()
    {
        Worked w(u"birds"_s);
        WorkedFigure &figure = w.figure;
        figure.setSelection(2, false);
        QCOMPARE(figure.computation().query, 2);
        QVERIFY(figure.markdown().contains(u"\n**o(walk) = [0.180, 0.110, 0.010]**\n"_s));
        QVERIFY(figure.latex().contains(u"$o(\\text{walk}) = [0.180, 0.110, 0.010]$"_s));
        WorkedOptions two = figure.options();
        two.decimals = 2;
        figure.setOptions(two);
        QVERIFY(figure.markdown().contains(u"\n**o(walk) = [0.18, 0.11, 0.01]**\n"_s));
    }

    // A selected key shows its column: who attends to it, no query's row.
    void columnOfTheSelectedKey()
    {
        Worked w(u"birds"_s);
        WorkedFigure &figure = w.figure;
        figure.setSelection(2, true);
        QVERIFY(!figure.computation().isValid());
        QVERIFY(figure.markdown().contains(u"Who attends to “walk” (key, token 3 of "_s));
        figure.setSelection(2, false);
        QVERIFY(figure.computation().isValid());
        QVERIFY(!figure.markdown().contains(u"Who attends to"_s));
    }

    // With nothing selected the first query is worked out; the window's hint says so above it,
    // an exported figure and the copies do not.
    void hintInTheWindowOnly()
    {
        Worked w(u"animal"_s);
        WorkedFigure &figure = w.figure;
        figure.setSelection(-1, false);
        figure.setHint(u"Nothing selected: the first token."_s);
        QCOMPARE(figure.computation().query, 0);
        const qreal window = figure.contentHeight(600, test::plainStyle(false));
        const qreal exported = figure.contentHeight(600, test::plainStyle(true));
        QVERIFY2(window > exported, qPrintable(u"%1 vs %2"_s.arg(window).arg(exported)));
        QVERIFY(!figure.markdown().contains(u"Nothing selected"_s));
        figure.setSelection(0, false);
        QCOMPARE(figure.contentHeight(600, test::plainStyle(false)), exported);
    }

    // The steps fill the rectangle given and nothing outside it; a narrower page wraps them
    // onto more lines.
    void paintsInsideItsRectangle()
    {
        Worked w(u"animal"_s);
        WorkedFigure &figure = w.figure;
        figure.setSelection(7, false);
        const FigureStyle style = test::plainStyle(true);
        QImage image(700, 700, QImage::Format_RGB32);
        image.fill(Qt::magenta);
        {
            QPainter painter(&image);
            figure.paint(painter, QRectF(100, 100, 400, 300), style);
        }
        QCOMPARE(test::pixelsOf(image, qRgb(255, 0, 255)), 700 * 700 - 400 * 300);
        QCOMPARE(test::pixelsOf(image.copy(100, 100, 400, 300), qRgb(255, 0, 255)), 0);
        QVERIFY(test::pixelsOf(image.copy(100, 100, 400, 300), qRgb(0, 0, 0)) > 500); // text
        QVERIFY(figure.contentHeight(300, style) > figure.contentHeight(900, style) * 1.3);
    }

    // A computation given without its document (benchmarks) is kept through option changes.
    void givenComputation()
    {
        const Worked birds(u"birds"_s);
        WorkedFigure figure;
        figure.setComputation(workedComputation(birds.doc, birds.result, 0, 2));
        WorkedOptions two = figure.options();
        two.decimals = 2;
        figure.setOptions(two);
        QCOMPARE(figure.computation().query, 2);
        QVERIFY(figure.markdown().contains(u"\n**o(walk) = [0.18, 0.11, 0.01]**\n"_s));
        figure.setComputation({});
        QVERIFY(!figure.computation().isValid());
    }
};

QTEST_MAIN(TestWorkedFigure)
#include "tst_workedfigure.moc"
