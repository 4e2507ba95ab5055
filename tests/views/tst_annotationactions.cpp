// Annotating from a view's context menu: a right-click names the cell or token under the mouse,
// each action is one undo step of the session, and the view draws what was added.
#include "document/documentio.h"
#include "figures/annotationlayer.h"
#include "plainstyle.h"
#include "session/documentsession.h"
#include "views/annotationactions.h"
#include "views/arrowgraphview.h"
#include "views/distributionview.h"
#include "views/headsgridview.h"
#include "views/heatmapview.h"
#include "views/workedview.h"

#include <QApplication>
#include <QMenu>
#include <QTest>
#include <QUndoStack>

using namespace qkv;

namespace {

std::unique_ptr<DocumentSession> animalSession()
{
    auto session = std::make_unique<DocumentSession>();
    session->resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
    return session;
}

int token(const DocumentSession &s, const char *text)
{
    return static_cast<int>(s.document().tokens().indexOf(QString::fromUtf8(text)));
}

QAction *action(QMenu &menu, const char *name)
{
    return menu.findChild<QAction *>(QString::fromUtf8(name));
}

// Pixels near the annotation colour of a light palette.
int accentPixels(const QImage &image)
{
    const QColor c = annotationColor(test::plainStyle(false));
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor p = image.pixelColor(x, y);
            n += std::abs(p.red() - c.red()) + std::abs(p.green() - c.green()) + std::abs(p.blue() - c.blue()) < 40;
        }
    return n;
}

} // namespace

class TstAnnotationActions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // On the heatmap a right-click on a cell annotates the cell, on a heading its token.
    void heatmapCellAndHeading()
    {
        auto session = animalSession();
        HeatmapView view;
        view.setSession(session.get());
        view.resize(500, 500);
        const int it = token(*session, "it"), animal = token(*session, "animal");
        const QRectF r(QPointF(0, 0), QSizeF(view.size()));
        const AnnotationSpot cell = view.annotationSpotAt(view.cellRect(r, it, animal).center());
        QCOMPARE(cell.view, u"heatmap"_qs);
        QCOMPARE(cell.token, it);
        QCOMPARE(cell.key, animal);
        const QImage before = view.grab().toImage();

        QMenu menu;
        addAnnotationActions(menu, session.get(), cell,
            [](const QString &, const QString &, const QString &) { return u"the referent"_qs; });
        QVERIFY(action(menu, "annotateBox") && action(menu, "annotateCallout"));
        QVERIFY(!action(menu, "annotateRemove")); // nothing here yet
        QVERIFY(!menu.findChild<QMenu *>(u"annotateArrow"_qs)); // no arrows on a heatmap
        action(menu, "annotateCallout")->trigger();
        const std::vector<Annotation> one {
            {AnnotationKind::Callout, u"heatmap"_qs, u"it"_qs, u"animal"_qs, u"the referent"_qs}};
        QCOMPARE(session->document().annotations(), one);
        QCOMPARE(session->undoStack()->count(), 1);
        // The view draws it.
        QVERIFY(accentPixels(view.grab().toImage()) > accentPixels(before) + 20);
        session->undoStack()->undo();
        QVERIFY(session->document().annotations().empty());
        session->undoStack()->redo();
        QCOMPARE(session->document().annotations(), one);

        // Its words edited in place, one step; the menu shows the words now.
        QMenu edit;
        addAnnotationActions(edit, session.get(), cell,
            [](const QString &, const QString &, const QString &now) { return now + u"!"_qs; });
        QVERIFY(action(edit, "annotateEdit"));
        QVERIFY(action(edit, "annotateEdit")->text().contains(u"the referent"_qs));
        action(edit, "annotateEdit")->trigger();
        QCOMPARE(session->document().annotations()[0].text, u"the referent!"_qs);
        QCOMPARE(session->undoStack()->count(), 2);
        session->undoStack()->undo();
        QCOMPARE(session->document().annotations(), one);

        // A cancelled callout adds nothing.
        QMenu again;
        addAnnotationActions(
            again, session.get(), cell, [](const QString &, const QString &, const QString &) { return QString(); });
        action(again, "annotateCallout")->trigger();
        QCOMPARE(session->undoStack()->index(), 1);
        // Removing what is on the cell.
        // An emptied callout keeps its words.
        action(again, "annotateEdit")->trigger();
        QCOMPARE(session->document().annotations(), one);
        QVERIFY(action(again, "annotateRemove"));
        action(again, "annotateRemove")->trigger();
        QVERIFY(session->document().annotations().empty());
        QCOMPARE(session->undoStack()->count(), 2);
    }

    // On the worked computation a right-click on a key's row names that key; the box drawn
    // around the row is the view's alone.
    void workedRows()
    {
        auto session = animalSession();
        session->setSelectedToken(token(*session, "it"));
        WorkedView view;
        view.setSession(session.get());
        view.resize(900, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const int animal = token(*session, "animal");
        // Down the labels' column: the first row of animal is its dot product with it's query.
        QPoint onAnimal;
        for (int y = 0; y < view.height() && onAnimal.isNull(); ++y)
            if (view.annotationSpotAt(QPoint(60, y)).token == animal)
                onAnimal = QPoint(60, y);
        QVERIFY(!onAnimal.isNull());
        const AnnotationSpot spot = view.annotationSpotAt(onAnimal);
        QCOMPARE(spot.view, u"worked"_qs);
        QCOMPARE(view.annotationSpotAt(QPoint(60, 2)).token, -1); // the bar of buttons
        const int before = accentPixels(view.grab().toImage());
        QMenu menu;
        addAnnotationActions(menu, session.get(), spot, {});
        action(menu, "annotateBox")->trigger();
        QCOMPARE(session->document().annotations().size(), std::size_t(1));
        QCOMPARE(session->document().annotations()[0].view, u"worked"_qs);
        QCOMPARE(session->document().annotations()[0].from, u"animal"_qs);
        QApplication::processEvents();
        QCOMPARE(before, 0);
        QVERIFY(accentPixels(view.grab().toImage()) > 400); // a frame around a whole row
        session->undoStack()->undo();
        QApplication::processEvents();
        QCOMPARE(accentPixels(view.grab().toImage()), 0);
    }

    // On the arrow graph a token's menu offers an arrow to each other token; on the bars a bar's
    // token is boxed. Each lands on its own view.
    void arrowsAndBars()
    {
        auto session = animalSession();
        ArrowGraphView arrows;
        arrows.setSession(session.get());
        arrows.resize(500, 500);
        const int it = token(*session, "it");
        const AnnotationSpot spot = arrows.annotationSpotAt(arrows.tokenRect(it).center());
        QCOMPARE(spot.token, it);
        QMenu menu;
        addAnnotationActions(menu, session.get(), spot, {});
        auto *to = menu.findChild<QMenu *>(u"annotateArrow"_qs);
        QVERIFY(to);
        QCOMPARE(to->actions().size(), session->document().tokenCount() - 1);
        QAction *toAnimal = nullptr;
        for (QAction *a : to->actions())
            if (a->text().startsWith(u"animal"_qs))
                toAnimal = a;
        QVERIFY(toAnimal);
        toAnimal->trigger();
        QCOMPARE(session->document().annotations().back(),
            (Annotation {AnnotationKind::Arrow, u"arrows"_qs, u"it"_qs, u"animal"_qs, QString()}));

        DistributionView bars;
        bars.setSession(session.get());
        bars.resize(500, 400);
        session->setSelectedToken(it);
        const int street = token(*session, "street");
        const QRectF br(QPointF(0, 0), QSizeF(bars.size()));
        const AnnotationSpot barSpot = bars.annotationSpotAt(bars.barRect(br, street).center());
        QCOMPARE(barSpot.view, u"bars"_qs);
        QCOMPARE(barSpot.token, street);
        QMenu barMenu;
        addAnnotationActions(barMenu, session.get(), barSpot, {});
        const QImage before = bars.grab().toImage();
        action(barMenu, "annotateBox")->trigger();
        QCOMPARE(session->document().annotations().size(), 2u);
        QVERIFY(accentPixels(bars.grab().toImage()) > accentPixels(before) + 20);
        // "Remove every annotation of this view" keeps the arrow graph's.
        QMenu clear;
        addAnnotationActions(clear, session.get(), barSpot, {});
        action(clear, "annotateClear")->trigger();
        QCOMPARE(session->document().annotations().size(), 1u);
        QCOMPARE(session->document().annotations()[0].view, u"arrows"_qs);
    }

    // On the heads grid a right-click names the cell under it in any tile, and offers boxes alone.
    void headsGridBoxesOnly()
    {
        auto session = animalSession();
        HeadsGridView view;
        view.setSession(session.get());
        view.resize(500, 500);
        const QRectF tile = view.tileRect(QRectF(QPointF(0, 0), QSizeF(view.size())), 0);
        const int n = session->document().tokenCount();
        const AnnotationSpot spot = view.annotationSpotAt(tile.topLeft() + QPointF(2.5, 1.5) * (tile.width() / n));
        QCOMPARE(spot.view, u"heads"_qs);
        QCOMPARE(spot.token, 1);
        QCOMPARE(spot.key, 2);
        QMenu menu;
        addAnnotationActions(menu, session.get(), spot, {});
        QVERIFY(action(menu, "annotateBox"));
        QVERIFY(!action(menu, "annotateCallout"));
        QVERIFY(!menu.findChild<QMenu *>(u"annotateArrow"_qs));
        QVERIFY(!action(menu, "annotateEdit"));
        action(menu, "annotateBox")->trigger();
        QCOMPARE(session->document().annotations()[0].view, u"heads"_qs);
        // What the menu adds, the reader accepts.
        QVERIFY(parseDocument(serializeDocument(session->document())));
    }

    // A second "the" is named by its position, so its annotation stays on it.
    void repeatedWordsByPosition()
    {
        auto session = std::make_unique<DocumentSession>();
        Document doc;
        doc.setSentence(u"the cat saw the dog"_qs);
        session->resetDocument(doc);
        QMenu menu;
        addAnnotationActions(menu, session.get(), {u"arrows"_qs, 3, -1}, {});
        action(menu, "annotateBox")->trigger();
        QCOMPARE(session->document().annotations()[0].from, u"#4"_qs);
    }
};

QTEST_MAIN(TstAnnotationActions)
#include "tst_annotationactions.moc"
