#include "document/documentio.h"
#include "session/documentsession.h"
#include "views/vectorplotroles.h"
#include "views/vectorplotview.h"

#include <QMenu>
#include <QPainter>
#include <QPicture>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <Eigen/Geometry>

using namespace qkv;

namespace {

const QSize viewSize(640, 520);

std::unique_ptr<DocumentSession> exampleSession(const QString &name = QStringLiteral("example:animal"))
{
    auto session = std::make_unique<DocumentSession>();
    const LoadResult loaded = loadDocument(name);
    if (!loaded)
        qFatal("%s", qPrintable(loaded.error.toString()));
    session->resetDocument(*loaded.document);
    return session;
}

std::unique_ptr<DocumentSession> sentenceSession(const QString &sentence, int dim)
{
    auto session = std::make_unique<DocumentSession>();
    Document doc;
    Settings s = doc.settings();
    s.dim = dim;
    doc.setSettings(s);
    doc.setSentence(sentence);
    session->resetDocument(doc);
    return session;
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Text, Qt::black);
    p.setColor(QPalette::Window, QColor(240, 240, 240));
    p.setColor(QPalette::WindowText, Qt::black);
    return p;
}

QImage render(const VectorPlotView &view, QSize size = viewSize)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::magenta);
    QPainter painter(&image);
    view.paint(painter, QRectF(QPointF(0, 0), size));
    return image;
}

void sendMouse(QWidget *w, QEvent::Type type, QPointF pos, Qt::MouseButtons buttons)
{
    QMouseEvent e(type, pos, w->mapToGlobal(pos), type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons,
        Qt::NoModifier);
    QApplication::sendEvent(w, &e);
}

// Presses on `from`, moves there in `steps` mouse moves with the button held, releases.
void drag(VectorPlotView &view, QPointF from, QPointF to, int steps)
{
    sendMouse(&view, QEvent::MouseButtonPress, from, Qt::LeftButton);
    for (int i = 1; i <= steps; ++i)
        sendMouse(&view, QEvent::MouseMove, from + (to - from) * i / steps, Qt::LeftButton);
    sendMouse(&view, QEvent::MouseButtonRelease, to, Qt::NoButton);
}

int tokenIndex(const DocumentSession &s, const QString &word)
{
    return static_cast<int>(s.document().tokens().indexOf(word));
}

} // namespace

class TstVectorPlotView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Zero is "0.00", never "-0.00" (a value axis summing steps reached −1e-17), and every tick
    // is a multiple of the step; a figure's axes fit its points, the window's keep one unit.
    void ticksAreExactMultiplesAndFiguresFitThePoints()
    {
        const auto session = exampleSession(QStringLiteral("example:birds"));
        VectorPlotView view;
        view.setSession(session.get());
        render(view, QSize(1000, 1000));
        const QStringList windowY = view.tickLabels(Qt::Vertical);
        view.setFigureMode(true);
        render(view, QSize(1000, 1000));
        for (Qt::Orientation axis : {Qt::Horizontal, Qt::Vertical}) {
            const QStringList labels = view.tickLabels(axis);
            QVERIFY2(labels.size() >= 3, qPrintable(labels.join(u' ')));
            QVERIFY2(std::none_of(labels.begin(), labels.end(),
                         [](const QString &l) {
                             return QRegularExpression(QStringLiteral("^[-−]0[.,]?0*$")).match(l).hasMatch();
                         }),
                qPrintable(labels.join(u' ')));
            QVERIFY2(labels.contains(QStringLiteral("0.0")) || labels.contains(QStringLiteral("0.00"))
                    || labels.contains(QStringLiteral("0")),
                qPrintable(labels.join(u' ')));
        }
        // Birds' points spread 1.4 across and 0.6 up: one unit for both gives the y axis the x
        // axis's steps and leaves most of it empty; the figure's y axis has finer steps.
        const auto step = [](const QStringList &labels) {
            return QString(labels[1]).replace(u'−', u'-').toDouble()
                - QString(labels[0]).replace(u'−', u'-').toDouble();
        };
        const QStringList figureY = view.tickLabels(Qt::Vertical);
        QVERIFY2(step(figureY) < step(windowY) * 0.75,
            qPrintable(figureY.join(u' ') + QStringLiteral(" / ") + windowY.join(u' ')));
    }

    // Five 3-D points, their principal plane worked out with numpy (eigh of the scatter matrix,
    // each axis signed so its largest component is positive).
    void principalPlaneOfKnownPoints()
    {
        Eigen::MatrixXd p(5, 3);
        p << 2, 0, 0, 0, 1, 0, 0, 0, 0.5, 1, 1, 1, -1, 0.5, 0.2;
        const Projection2d plane = principalPlane(p);
        Eigen::MatrixXd axes(3, 2);
        axes << 0.993122320927, 0.085892804853, -0.115384904386, 0.833279182389, 0.019858990826, 0.546139387219;
        QVERIFY2(plane.axes.isApprox(axes, 1e-9), "principal axes");
        QCOMPARE_LT(std::abs(plane.explained[0] - 0.761066489108), 1e-9);
        QCOMPARE_LT(std::abs(plane.explained[1] - 0.160924975623), 1e-9);
        Eigen::MatrixXd projected(5, 2);
        projected << 1.986244641854, 0.171785609706, -0.115384904386, 0.833279182389, 0.009929495413, 0.27306969361,
            0.897596407366, 1.465311374461, -1.046842974955, 0.439974663785;
        QVERIFY(plane.project(p).isApprox(projected, 1e-9));
    }

    // Three 6-D points (fewer points than dimensions): the axes are numpy's thin SVD of the centred
    // cloud, rows of Vᵀ signed as above; the shares are σ² over the total.
    void principalPlaneOfFewerPointsThanDimensions()
    {
        Eigen::MatrixXd p(3, 6);
        p << 0.5, -1.0, 2.0, 0.25, 1.5, -0.75, 1.0, 0.5, -0.5, 2.0, 0.0, 1.0, -1.5, 1.0, 0.5, -0.5, 1.0, 0.25;
        const Projection2d plane = principalPlane(p);
        Eigen::MatrixXd axes(2, 6);
        axes << 0.318779231364, 0.219776269463, -0.535089108915, 0.540288696782, -0.35788153658, 0.379165885144,
            0.661302615488, -0.54094085424, 0.322956929822, 0.342021106783, 0.067531722858, -0.210289546496;
        QVERIFY2(plane.axes.isApprox(axes.transpose(), 1e-9), "principal axes");
        QCOMPARE_LT(std::abs(plane.explained[0] - 0.599837720239), 1e-9);
        QCOMPARE_LT(std::abs(plane.explained[1] - 0.400162279761), 1e-9);
    }

    // 2-D points spread most along x: the principal axes are the coordinate axes, up to sign.
    void principalPlaneOfTwoDimensionsIsIdentityUpToSign()
    {
        Eigen::MatrixXd p(4, 2);
        p << 3, 0, -3, 0, 0, 1, 0, -1;
        const Projection2d plane = principalPlane(p);
        QVERIFY(plane.axes.cwiseAbs().isApprox(Eigen::MatrixXd::Identity(2, 2)));
        QCOMPARE_LT(std::abs(plane.explained[0] - 0.9), 1e-12);
        QCOMPARE_LT(std::abs(plane.explained[1] - 0.1), 1e-12);
    }

    void degenerateCloudFallsBackToCoordinateAxes()
    {
        const Projection2d one = principalPlane(Eigen::MatrixXd::Ones(1, 4));
        QVERIFY(one.axes.isApprox(Eigen::MatrixXd::Identity(4, 2)));
        QCOMPARE(one.explained[0], 0.0);
        Eigen::MatrixXd fewerPointsThanDims(2, 5);
        fewerPointsThanDims << 1, 2, 3, 4, 5, 2, 2, 2, 2, 2;
        const Projection2d thin = principalPlane(fewerPointsThanDims);
        QVERIFY((thin.axes.transpose() * thin.axes).isApprox(Eigen::MatrixXd::Identity(2, 2)));
        QCOMPARE_LT(std::abs(thin.explained[0] - 1.0), 1e-12);
    }

    // The animal example (d = 3) is shown on the principal plane of all 33 Q, K and V vectors of
    // its 11 words; numbers from numpy.
    void animalExampleUsesPrincipalAxes()
    {
        auto session = exampleSession();
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        QVERIFY(view.usesPrincipalAxes());
        const int it = tokenIndex(*session, QStringLiteral("it"));
        const int tired = tokenIndex(*session, QStringLiteral("tired"));
        const QPointF q = view.plottedValue({Role::Query, it});
        QCOMPARE_LT(std::abs(q.x() - 0.877378693815), 1e-9);
        QCOMPARE_LT(std::abs(q.y() - 0.012427359988), 1e-9);
        const QPointF k = view.plottedValue({Role::Key, tired});
        QCOMPARE_LT(std::abs(k.x() - 1.388833790162), 1e-9);
        QCOMPARE_LT(std::abs(k.y() - 0.101779381722), 1e-9);
        QCOMPARE(view.axisTitle(Qt::Horizontal), QStringLiteral("PC1 (94% of variance)"));
        QCOMPARE(view.axisTitle(Qt::Vertical), QStringLiteral("PC2 (4.3% of variance)"));

        view.setDimensions(0, 2);
        QVERIFY(!view.usesPrincipalAxes());
        QCOMPARE(view.plottedValue({Role::Key, tired}), QPointF(0.9, 0.7)); // k of tired = (0.9, 0.8, 0.7)
        QCOMPARE(view.axisTitle(Qt::Vertical), QStringLiteral("dimension 3"));
    }

    void twoDimensionsArePlottedAsTheyAre()
    {
        auto session = sentenceSession(QStringLiteral("birds sometimes walk"), 2);
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        QVERIFY(!view.usesPrincipalAxes());
        const Eigen::MatrixXd &v = session->result().heads[0].values;
        QCOMPARE(view.plottedValue({Role::Value, 1}), QPointF(v(1, 0), v(1, 1)));
        QCOMPARE(view.axisTitle(Qt::Horizontal), QStringLiteral("dimension 1"));
    }

    // The selected word's output o = Σ a·v is drawn where its coordinates put it, in the output's
    // colour (Okabe-Ito reddish purple), and the legend names it.
    void theSelectedOutputIsDrawn()
    {
        auto session = sentenceSession(QStringLiteral("birds sometimes walk"), 2);
        session->setSelectedToken(2);
        VectorPlotView view;
        view.setPalette(lightPalette());
        view.resize(viewSize);
        view.setSession(session.get());
        const QImage image = render(view);
        const Eigen::MatrixXd &v = session->result().heads[0].values;
        const Eigen::RowVectorXd o = session->result().heads[0].output.row(2);
        // Pixels are an affine map of the values' coordinates: two values fix it on each axis.
        const QRectF all(QPointF(0, 0), viewSize);
        const QPointF p0 = view.pointPosition(all, {Role::Value, 0}), p1 = view.pointPosition(all, {Role::Value, 1});
        const QPointF at(p0.x() + (o(0) - v(0, 0)) * (p1.x() - p0.x()) / (v(1, 0) - v(0, 0)),
            p0.y() + (o(1) - v(0, 1)) * (p1.y() - p0.y()) / (v(1, 1) - v(0, 1)));
        const QColor drawn = image.pixelColor(at.toPoint());
        QVERIFY2(std::abs(drawn.red() - 0xCC) < 20 && std::abs(drawn.green() - 0x79) < 20
                && std::abs(drawn.blue() - 0xA7) < 20,
            qPrintable(QStringLiteral("%1 at (%2, %3)").arg(drawn.name()).arg(at.x()).arg(at.y())));
        QVERIFY(view.legendNames().contains(VectorPlotView::outputName()));
        session->setSelectedToken(-1);
        QVERIFY(!view.legendNames().contains(VectorPlotView::outputName()));
    }

    // A point is found where paint() draws it, and the drawn marker has its role's colour.
    void pointsAreDrawnWhereTheHitTestFindsThem()
    {
        auto session = exampleSession();
        VectorPlotView view;
        view.setPalette(lightPalette());
        view.resize(viewSize);
        view.setSession(session.get());
        view.setDimensions(0, 2);
        const int tired = tokenIndex(*session, QStringLiteral("tired"));
        const QPointF pos = view.pointPosition(QRectF(QPointF(0, 0), viewSize), {Role::Key, tired});
        QVERIFY(QRectF(QPointF(0, 0), viewSize).contains(pos));
        const VectorPlotView::PointRef hit = view.pointAt(pos + QPointF(1, 1));
        QCOMPARE(hit.token, tired);
        QCOMPARE(hit.role, Role::Key);
        QVERIFY(!view.pointAt(QPointF(2, 2)).isValid());
        // Below the triangle's centre (its body), the key colour of the light palette.
        const QImage image = render(view);
        const QColor c = image.pixelColor((pos + QPointF(0, 2)).toPoint());
        QCOMPARE(c.name(), QStringLiteral("#d55e00"));

        view.setRoleShown(Role::Key, false);
        QVERIFY(view.pointAt(pos).role != Role::Key || !view.pointAt(pos).isValid());
    }

    // From 31 words on, the view draws the markers itself (Qt Charts gets no points): each
    // role's markers are where the hit test finds them, in the role's colour, stamped on a raster
    // and drawn as shapes on a vector device (a QPicture, played back here).
    void densePlotsDrawTheirOwnMarkers()
    {
        QStringList words;
        for (int i = 0; i < 60; ++i)
            words << QStringLiteral("w%1").arg(i);
        auto session = sentenceSession(words.join(QLatin1Char(' ')), 4);
        VectorPlotView view;
        view.setPalette(lightPalette());
        view.resize(viewSize);
        view.setSession(session.get());
        view.setDimensions(0, 1);
        const QRectF rect(QPointF(0, 0), viewSize);
        for (Role role : vectorplot::roles) {
            for (Role other : vectorplot::roles)
                view.setRoleShown(other, other == role);
            QPicture picture;
            QPainter recorder(&picture);
            view.paint(recorder, rect);
            recorder.end();
            QImage played(viewSize, QImage::Format_RGB32);
            played.fill(Qt::magenta);
            QPainter player(&played);
            picture.play(&player);
            player.end();
            for (const QImage &image : {render(view), played}) {
                int inside = 0, coloured = 0;
                for (int token = 0; token < words.size(); ++token) {
                    const QPointF pos = view.pointPosition(rect, {role, token});
                    // The body of every shape (a triangle's is below its centre).
                    const QPoint at = (pos + QPointF(0, role == Role::Key ? 2 : 0)).toPoint();
                    if (!image.rect().contains(at))
                        continue;
                    ++inside;
                    coloured += image.pixelColor(at) == vectorplot::roleColor(role, false);
                }
                QCOMPARE(inside, int(words.size()));
                // A few lie under a label or the legend.
                QVERIFY2(coloured >= inside * 9 / 10, qPrintable(QStringLiteral("%1 of %2").arg(coloured).arg(inside)));
            }
        }
    }

    void headlessRenderIsNotBlank()
    {
        auto session = exampleSession();
        VectorPlotView view; // never shown
        view.setPalette(lightPalette());
        view.setSession(session.get());
        const QImage image = render(view, QSize(500, 400));
        int background = 0, colored = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QRgb p = image.pixel(x, y);
                if (p == qRgb(255, 0, 255))
                    QFAIL("a pixel was left unpainted");
                if (p == qRgb(255, 255, 255))
                    ++background;
                else if (qAbs(qRed(p) - qGreen(p)) > 60 || qAbs(qGreen(p) - qBlue(p)) > 60)
                    ++colored; // role-coloured markers and labels, not grey axes
            }
        }
        QCOMPARE_GT(image.width() * image.height() - background, 5000);
        QCOMPARE_GT(colored, 500);

        QPalette dark = lightPalette();
        dark.setColor(QPalette::Base, QColor(30, 30, 32));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        view.setPalette(dark);
        QCOMPARE(render(view).pixelColor(3, 3), QColor(30, 30, 32));
    }

    // Dragging q of "street" on dimensions 1 and 2: N mouse moves, one undo step, live updates.
    void dragOnDimensionsIsOneUndoStep()
    {
        auto session = exampleSession();
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        view.setDimensions(0, 1);
        const int street = tokenIndex(*session, QStringLiteral("street"));
        const QString word = QStringLiteral("street");
        const ValueRef q0 {Field::Query, word, 0, 0, 0}, q1 {Field::Query, word, 0, 0, 1},
            q2 {Field::Query, word, 0, 0, 2};
        const double before0 = session->document().value(q0), before1 = session->document().value(q1);
        const double before2 = session->document().value(q2);
        const QRectF rect(QPointF(0, 0), viewSize);
        const QPointF from = view.pointPosition(rect, {Role::Query, street});
        QVERIFY(view.pointAt(from).isValid());
        QCOMPARE(view.pointAt(from).role, Role::Query);
        const int undoBefore = session->undoStack()->count();
        QSignalSpy results(session.get(), &DocumentSession::resultChanged);

        const QPointF to = from + QPointF(60, -40);
        sendMouse(&view, QEvent::MouseButtonPress, from, Qt::LeftButton);
        QVERIFY(view.isDragging());
        for (int i = 1; i <= 10; ++i) {
            sendMouse(&view, QEvent::MouseMove, from + (to - from) * i / 10, Qt::LeftButton);
            if (i == 5) // the document (and every view) follows during the drag
                QVERIFY(session->document().value(q0) > before0);
        }
        // The point is under the mouse: the axes stay put during the drag.
        QCOMPARE_LT(QLineF(view.pointPosition(rect, {Role::Query, street}), to).length(), 3.0);
        sendMouse(&view, QEvent::MouseButtonRelease, to, Qt::NoButton);
        QVERIFY(!view.isDragging());
        QCOMPARE_GE(results.count(), 10);
        QCOMPARE(session->undoStack()->count(), undoBefore + 1);

        const double after0 = session->document().value(q0), after1 = session->document().value(q1);
        QVERIFY(after0 > before0 + 0.01);
        QVERIFY(after1 > before1 + 0.01); // up on screen is up in value
        QCOMPARE(session->document().value(q2), before2); // the third dimension is left alone
        QCOMPARE(session->result().heads[0].queries(street, 0), after0);

        session->undoStack()->undo();
        QCOMPARE(session->document().value(q0), before0);
        QCOMPARE(session->document().value(q1), before1);
        QCOMPARE(session->undoStack()->count(), undoBefore + 1); // undone, still one step to redo
        QCOMPARE(session->undoStack()->index(), undoBefore);
    }

    // On the principal plane the vector moves along the two principal axes only.
    void dragOnPrincipalPlaneMovesAlongTheAxes()
    {
        auto session = exampleSession();
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        QVERIFY(view.usesPrincipalAxes());
        const Projection2d plane = view.projection();
        const int animal = tokenIndex(*session, QStringLiteral("animal"));
        const Eigen::VectorXd start = session->result().heads[0].values.row(animal).transpose();
        const QRectF rect(QPointF(0, 0), viewSize);
        const QPointF from = view.pointPosition(rect, {Role::Value, animal});
        QCOMPARE(view.pointAt(from).role, Role::Value);
        const int undoBefore = session->undoStack()->count();
        drag(view, from, from + QPointF(-50, -70), 7);
        QCOMPARE(session->undoStack()->count(), undoBefore + 1);
        const Eigen::VectorXd moved = session->result().heads[0].values.row(animal).transpose();
        const Eigen::VectorXd delta = moved - start;
        QVERIFY(delta.norm() > 0.05);
        const Eigen::Vector3d normal = Eigen::Vector3d(plane.axes.col(0)).cross(Eigen::Vector3d(plane.axes.col(1)));
        QCOMPARE_LT(std::abs(delta.dot(normal)), 1e-12);
        session->undoStack()->undo();
        QVERIFY(session->result().heads[0].values.row(animal).transpose() == start);
    }

    // The plane stays where it was while and after a point is dragged: the point ends under
    // the mouse, and no other point moves. Refitting is asked for.
    void planeStaysFixedAfterADrag()
    {
        auto session = exampleSession();
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        const QRectF rect(QPointF(0, 0), viewSize);
        const Projection2d before = view.projection();
        const int animal = tokenIndex(*session, QStringLiteral("animal"));
        const int tired = tokenIndex(*session, QStringLiteral("tired"));
        const QPointF other = view.pointPosition(rect, {Role::Key, tired});
        const QPointF from = view.pointPosition(rect, {Role::Value, animal});
        const QPointF to = (from + rect.center()) / 2; // inside the plot, where the drag is not clamped
        drag(view, from, to, 6);
        QVERIFY(!view.isDragging());
        QCOMPARE(view.projection().axes, before.axes);
        QVERIFY(QLineF(view.pointPosition(rect, {Role::Value, animal}), to).length() < 1.5);
        QVERIFY(QLineF(view.pointPosition(rect, {Role::Key, tired}), other).length() < 1.5);
        // A value typed elsewhere keeps the plane too.
        session->editValue({Field::Key, QStringLiteral("tired"), 0, 0, 2}, 2.5);
        QCOMPARE(view.projection().axes, before.axes);
        // The shares of variance describe the points as they are now.
        QVERIFY(view.axisTitle(Qt::Horizontal) != QStringLiteral("PC1 (94% of variance)"));
        const std::unique_ptr<QMenu> menu(view.createContextMenu({}));
        auto *refit = menu->findChild<QAction *>(QStringLiteral("refitAction"));
        QVERIFY(refit && refit->isEnabled());
        refit->trigger();
        QVERIFY(!view.projection().axes.isApprox(before.axes, 1e-6));
    }

    void flatteningCanBeSwitchedOff()
    {
        auto session = exampleSession();
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        QVERIFY(view.usesPrincipalAxes());
        std::unique_ptr<QMenu> menu(view.createContextMenu({}));
        auto *pca = menu->findChild<QAction *>(QStringLiteral("pcaAction"));
        QVERIFY(pca && pca->isChecked());
        pca->trigger(); // unchecks
        QVERIFY(!view.usesPrincipalAxes());
        QCOMPARE(view.axisTitle(Qt::Horizontal), QStringLiteral("dimension 1"));
        menu.reset(view.createContextMenu({}));
        pca = menu->findChild<QAction *>(QStringLiteral("pcaAction"));
        QVERIFY(!pca->isChecked());
        pca->trigger();
        QVERIFY(view.usesPrincipalAxes());
    }

    // The legend sits inside the plot, in a corner no point is under.
    void legendCoversNoPoint_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("wide") << QSize(640, 300);
        QTest::newRow("square") << QSize(480, 480);
        QTest::newRow("tall") << QSize(300, 600);
    }
    void legendCoversNoPoint()
    {
        QFETCH(QSize, size);
        auto session = exampleSession();
        VectorPlotView view;
        view.resize(size);
        view.setSession(session.get());
        const QRectF rect(QPointF(0, 0), size);
        const QRectF legend = view.legendRect(size);
        QVERIFY(!legend.isEmpty());
        for (int t = 0; t < session->document().tokenCount(); ++t)
            for (Role role : {Role::Query, Role::Key, Role::Value})
                QVERIFY2(!legend.adjusted(-4, -4, 4, 4).contains(view.pointPosition(rect, {role, t})),
                    qPrintable(session->document().tokens().at(t)));
        // It is drawn there: not plain background.
        const QImage image = render(view, size);
        int ink = 0;
        for (int y = int(legend.top()) + 3; y < int(legend.bottom()) - 3; ++y)
            for (int x = int(legend.left()) + 3; x < int(legend.right()) - 3; ++x)
                ink += image.pixel(x, y) != image.pixel(int(legend.left()) + 2, int(legend.top()) + 2);
        QVERIFY(ink > 20);
    }

    // A click selects the word and edits nothing, even where dragging would.
    void clickSelectsWithoutEditing()
    {
        auto session = exampleSession();
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        const int tired = tokenIndex(*session, QStringLiteral("tired"));
        const QPointF at = view.pointPosition(QRectF(QPointF(0, 0), viewSize), {Role::Key, tired});
        QVERIFY(view.isEditable(Role::Key));
        drag(view, at, at + QPointF(2, 1), 2); // a jittery click
        QCOMPARE(session->selectedToken(), tired);
        QCOMPARE(session->undoStack()->count(), 0);
    }

    void computedVectorsAreReadOnly()
    {
        auto session = exampleSession();
        Settings s = session->document().settings();
        s.mode = Mode::Projection;
        session->editSettings(s);
        session->undoStack()->clear();
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        QVERIFY(!view.isEditable(Role::Query));
        QVERIFY(view.readOnlyReason(Role::Query).contains(QStringLiteral("W_Q")));
        const QPointF from = view.pointPosition(QRectF(QPointF(0, 0), viewSize), {Role::Query, 0});
        const Document before = session->document();
        drag(view, from, from + QPointF(40, 40), 5);
        QVERIFY(session->document() == before);
        QCOMPARE(session->undoStack()->count(), 0);
        QCOMPARE(session->selectedToken(), view.pointAt(from).token); // a press still selects

        s.mode = Mode::Weights;
        session->editSettings(s);
        QVERIFY(!view.isEditable(Role::Key));
        QVERIFY(view.isEditable(Role::Value));
    }

    // Weights mode gives the attention directly: only the values are drawn (and hit).
    void weightsModeDrawsValuesAlone()
    {
        auto session = exampleSession(QStringLiteral("example:birds"));
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        QVERIFY(view.isRoleShown(Role::Query));
        QVERIFY(!view.isDrawn(Role::Query) && !view.isDrawn(Role::Key) && view.isDrawn(Role::Value));
        const QRectF rect(QPointF(0, 0), viewSize);
        const QPointF value = view.pointPosition(rect, {Role::Value, 2});
        QCOMPARE(view.pointAt(value).role, Role::Value);
        Settings s = session->document().settings();
        s.mode = Mode::Direct;
        session->editSettings(s);
        QVERIFY(view.isDrawn(Role::Query) && view.isDrawn(Role::Key));
    }

    // Vectors belong to words: a repeated word is one point, found for either occurrence.
    void repeatedWordIsOnePoint()
    {
        auto session = sentenceSession(QStringLiteral("the cat saw the dog"), 4);
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        const QRectF rect(QPointF(0, 0), viewSize);
        QCOMPARE(view.pointPosition(rect, {Role::Key, 0}), view.pointPosition(rect, {Role::Key, 3}));
        QVERIFY(view.describePoint({Role::Key, 3}).contains(QStringLiteral("tokens 1, 4")));
        session->setSelectedToken(3);
        const VectorPlotView::PointRef hit = view.pointAt(view.pointPosition(rect, {Role::Key, 0}));
        QCOMPARE(hit.token, 3); // the selected occurrence: a click does not move the selection
    }

    void followsHeadAndSelection()
    {
        auto session = exampleSession();
        Settings s = session->document().settings();
        s.heads = 2;
        session->editSettings(s);
        VectorPlotView view;
        view.resize(viewSize);
        view.setSession(session.get());
        view.setDimensions(0, 1);
        const auto &h1 = session->result().heads[1];
        session->setCurrentHead(1);
        QCOMPARE(view.plottedValue({Role::Query, 2}), QPointF(h1.queries(2, 0), h1.queries(2, 1)));
        view.setFocus();
        session->setSelectedToken(2);
        QTest::keyClick(&view, Qt::Key_Right);
        QCOMPARE(session->selectedToken(), 3);
    }
};

QTEST_MAIN(TstVectorPlotView)
#include "tst_vectorplotview.moc"
