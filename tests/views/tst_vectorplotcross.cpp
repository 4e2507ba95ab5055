#include "figures/vectorcloud.h"
#include "session/documentsession.h"
#include "views/vectorplotview.h"

#include "crossdocument.h"

#include <QPainter>
#include <QTest>

#include <cmath>

using namespace qkv;

namespace {

const QSize viewSize(640, 520);

void sendMouse(QWidget *w, QEvent::Type type, QPointF pos, Qt::MouseButtons buttons)
{
    QMouseEvent e(type, pos, w->mapToGlobal(pos), type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons,
        Qt::NoModifier);
    QApplication::sendEvent(w, &e);
}

QImage render(const VectorPlotView &view)
{
    QImage image(viewSize, QImage::Format_RGB32);
    QPainter painter(&image);
    view.paint(painter, QRectF(QPointF(0, 0), viewSize));
    return image;
}

} // namespace

// The vector plot across two sentences (hand-worked in crossdocument.h, d = 2 so the points are
// the vectors themselves): queries of "I see", keys and values of "je vois bien".
class TstVectorPlotCross : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void eachSentenceHasItsOwnRoles()
    {
        const Document doc = test::handWorkedCross();
        const Result result = compute(doc);
        VectorCloud cloud;
        VectorCloud::Options options;
        options.principal = false;
        cloud.update(&doc, result, 0, options);
        QCOMPARE(cloud.groups().size(), 5);
        // I and see (tokens 0, 1), then je, vois, bien (2, 3, 4).
        const int see = cloud.groupOf(1), je = cloud.groupOf(2), bien = cloud.groupOf(4);
        QCOMPARE(cloud.groups()[see].side, VectorCloud::Side::Queries);
        QCOMPARE(cloud.groups()[je].side, VectorCloud::Side::Keys);
        QCOMPARE(cloud.groups()[je].word, QStringLiteral("je"));
        QCOMPARE(cloud.points(Role::Query)[see], QPointF(0, 2));
        QCOMPARE(cloud.points(Role::Key)[je], QPointF(2, 0));
        QCOMPARE(cloud.points(Role::Value)[bien], QPointF(1, 1));
        // The sentence's own keys (9, 9) and the second sentence's queries (7, 7) are not drawn.
        QVERIFY(!cloud.has(Role::Key, see) && std::isnan(cloud.points(Role::Key)[see].x()));
        QVERIFY(!cloud.has(Role::Query, je) && std::isnan(cloud.points(Role::Query)[je].x()));
        QCOMPARE(cloud.presentPoints(Role::Query).size(), 2);
        QCOMPARE(cloud.presentPoints(Role::Key).size(), 3);
        // o(see) = Σ a·v over the second sentence's values.
        const Eigen::RowVectorXd o = result.heads[0].output.row(1);
        QCOMPARE(cloud.outputs()[see], QPointF(o(0), o(1)));
        QVERIFY(std::isnan(cloud.outputs()[je].x()));
        QCOMPARE(cloud.extent({true, true, true}, true), QRectF(QPointF(0, 0), QPointF(2, 2)));
        QCOMPARE(cloud.cloudToken(1, true), 3);
        QCOMPARE(cloud.rowOf(3), 1);
    }

    // A key of the second sentence is found where it is drawn; a click selects it as a key, the
    // arrows step along its sentence, and a drag edits k(je) alone, as one undo step.
    void aKeyIsSelectedAndDragged()
    {
        DocumentSession session;
        session.resetDocument(test::handWorkedCross());
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(&session);
        const QRectF all(QPointF(0, 0), viewSize);
        const QPointF at = view.pointPosition(all, {Role::Key, 2});
        QVERIFY(all.contains(at));
        const VectorPlotView::PointRef hit = view.pointAt(at);
        QCOMPARE(hit.token, 2);
        QCOMPARE(hit.role, Role::Key);
        QCOMPARE(render(view).pixelColor((at + QPointF(0, 2)).toPoint()).name(), QStringLiteral("#d55e00"));

        sendMouse(&view, QEvent::MouseButtonPress, at, Qt::LeftButton);
        sendMouse(&view, QEvent::MouseButtonRelease, at, Qt::NoButton);
        QCOMPARE(session.selectedToken(), 0);
        QVERIFY(session.isKeySelected());
        QVERIFY(!view.legendNames().contains(VectorPlotView::outputName())); // a key has no output
        QTest::keyClick(&view, Qt::Key_Right);
        QCOMPARE(session.selectedToken(), 1);
        QVERIFY(session.isKeySelected());

        const Eigen::MatrixXd sentenceKey = session.document().wordVectors(QStringLiteral("I")).k;
        const QPointF to = view.pointPosition(all, {Role::Key, 3}); // onto k(vois) = (0, 1)
        sendMouse(&view, QEvent::MouseButtonPress, at, Qt::LeftButton);
        for (int i = 1; i <= 4; ++i)
            sendMouse(&view, QEvent::MouseMove, at + (to - at) * i / 4, Qt::LeftButton);
        sendMouse(&view, QEvent::MouseButtonRelease, to, Qt::NoButton);
        QCOMPARE(session.undoStack()->count(), 1);
        const Eigen::MatrixXd k = session.document().wordVectors(QStringLiteral("je")).k;
        QVERIFY2(std::abs(k(0, 0)) < 0.05 && std::abs(k(0, 1) - 1) < 0.05,
            qPrintable(QStringLiteral("k(je) = (%1, %2)").arg(k(0, 0)).arg(k(0, 1))));
        QCOMPARE(session.document().wordVectors(QStringLiteral("I")).k, sentenceKey);
        // The engine saw it: I's scores against je and vois are now q(I)·k = 0 alike.
        const Eigen::MatrixXd &w = session.result().heads[0].weights;
        QVERIFY(std::abs(w(0, 0) - w(0, 1)) < 0.05);
    }

    // A query of the sentence draws its output, the sum of the second sentence's values.
    void aQueryDrawsItsOutput()
    {
        DocumentSession session;
        session.resetDocument(test::handWorkedCross());
        session.setSelectedToken(1);
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(&session);
        render(view);
        QVERIFY(view.isOutputDrawn());
        QVERIFY(view.legendNames().contains(VectorPlotView::outputName()));
        QVERIFY(view.describePoint({Role::Value, 4}).contains(QStringLiteral("second sentence")));
    }
};

QTEST_MAIN(TstVectorPlotCross)
#include "tst_vectorplotcross.moc"
