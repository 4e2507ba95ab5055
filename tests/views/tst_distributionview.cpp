#include "document/documentio.h"
#include "session/documentsession.h"
#include "views/distributionview.h"

#include <QPainter>
#include <QSignalSpy>
#include <QTest>

#include <numeric>

using namespace qkv;

namespace {

const QSize viewSize(700, 420);

std::unique_ptr<DocumentSession> animalSession()
{
    auto session = std::make_unique<DocumentSession>();
    const LoadResult loaded = loadDocument(QStringLiteral("example:animal"));
    if (!loaded)
        qFatal("%s", qPrintable(loaded.error.toString()));
    session->resetDocument(*loaded.document);
    return session;
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Text, Qt::black);
    p.setColor(QPalette::Highlight, QColor(48, 140, 198));
    return p;
}

QImage render(const DistributionView &view, QSize size = viewSize)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::magenta);
    QPainter painter(&image);
    view.paint(painter, QRectF(QPointF(0, 0), size));
    return image;
}

// The animal example with "it" (token 8) as the selected query.
struct Fixture {
    std::unique_ptr<DocumentSession> session = animalSession();
    DistributionView view;
    int it = static_cast<int>(session->document().tokens().indexOf(QStringLiteral("it")));

    Fixture()
    {
        view.setPalette(lightPalette());
        view.resize(viewSize);
        view.setSession(session.get());
        session->setSelectedToken(it);
    }
    double weight(int key) const { return session->result().heads[0].weights(it, key); }
};

} // namespace

class TstDistributionView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void barsAreTheEnginesWeightsOfIt()
    {
        Fixture f;
        QCOMPARE(f.it, 7);
        QList<int> sentenceOrder(11);
        std::iota(sentenceOrder.begin(), sentenceOrder.end(), 0);
        QCOMPARE(f.view.barOrder(), sentenceOrder);
        const QList<double> values = f.view.barValues();
        QCOMPARE(values.size(), 11);
        for (int k = 0; k < 11; ++k)
            QCOMPARE(values[k], f.weight(k));
        // "animal" by hand: softmax of q(it)·k over the row, q(it)·k(animal) = 0.77.
        QCOMPARE_LT(std::abs(values[1] - 0.1189204605), 1e-10);
        QCOMPARE_LT(std::abs(std::accumulate(values.begin(), values.end(), 0.0) - 1.0), 1e-12);

        // Drawn heights are proportional to the weights, from one baseline.
        const QRectF rect(QPointF(0, 0), viewSize);
        const double scale = f.view.barRect(rect, 10).height() / f.weight(10);
        QCOMPARE_GT(scale, 100.0);
        for (int k = 0; k < 11; ++k) {
            const QRectF bar = f.view.barRect(rect, k);
            QCOMPARE_LT(std::abs(bar.height() - f.weight(k) * scale), 0.5);
            QCOMPARE_LT(std::abs(bar.bottom() - f.view.barRect(rect, 0).bottom()), 0.01);
            if (k > 0)
                QCOMPARE_GT(bar.left(), f.view.barRect(rect, k - 1).right());
        }
    }

    void sortedByWeight()
    {
        Fixture f;
        f.view.setSorted(true);
        const QList<int> order = f.view.barOrder();
        const QList<double> values = f.view.barValues();
        QCOMPARE(order.size(), 11);
        QCOMPARE(f.session->document().tokens()[order.first()], QStringLiteral("tired"));
        for (int i = 0; i < 11; ++i) {
            QCOMPARE(values[i], f.weight(order[i]));
            if (i > 0)
                QCOMPARE_LE(values[i], values[i - 1]);
        }
        // Positions follow the order.
        const QRectF rect(QPointF(0, 0), viewSize);
        QCOMPARE_LT(f.view.barRect(rect, order[0]).left(), f.view.barRect(rect, order[1]).left());
        f.view.setSorted(false);
        QCOMPARE(f.view.barOrder().first(), 0);
    }

    void maskedKeysHaveNoWeightAndSortLast()
    {
        Fixture f;
        f.session->toggleMask({f.it, 1});
        QCOMPARE(f.view.barValues()[1], 0.0);
        QVERIFY(f.view.describeBar(1).contains(QStringLiteral("masked")));
        f.view.setSorted(true);
        QCOMPARE(f.view.barOrder().last(), 1);
        // A masked key gets a hatched column of the full height, not a bar of its colour.
        const QRectF rect(QPointF(0, 0), viewSize);
        const QRectF column = f.view.barRect(rect, 1);
        QCOMPARE_GT(column.height(), f.view.barRect(rect, f.view.barOrder().first()).height());
        const QImage image = render(f.view);
        int bar = 0;
        for (int y = static_cast<int>(column.top()) + 2; y < column.bottom() - 2; ++y)
            bar += image.pixelColor(column.center().toPoint().x(), y) == QColor(48, 140, 198);
        QCOMPARE(bar, 0);
    }

    // One key left takes all the weight: its bar reaches the top of the axis, which ends at 1
    // (not at the 1.5 nice numbers round 1.04 up to), as high as a masked column.
    void aWeightOfOneFillsTheAxis()
    {
        Fixture f;
        const int n = static_cast<int>(f.session->result().tokens.size());
        for (int k = 1; k < n; ++k)
            f.session->toggleMask({f.it, k});
        QCOMPARE(f.view.barValues()[0], 1.0);
        const QRectF rect(QPointF(0, 0), viewSize);
        QVERIFY(std::abs(f.view.barRect(rect, 0).top() - f.view.barRect(rect, 1).top()) < 1);
        QVERIFY(std::abs(f.view.barRect(rect, 0).height() - f.view.barRect(rect, 1).height()) < 1);
    }

    void barsArePaintedWhereReported()
    {
        Fixture f;
        f.view.setHighlightedKey(1);
        const QImage image = render(f.view);
        const QRectF rect(QPointF(0, 0), viewSize);
        for (int k : {0, 4, 10})
            QCOMPARE(image.pixelColor(f.view.barRect(rect, k).center().toPoint()), QColor(48, 140, 198));
        // The highlighted key in the highlight colour (Okabe-Ito orange).
        const QPointF inside = f.view.barRect(rect, 1).center() + QPointF(0, 20);
        QCOMPARE(image.pixelColor(inside.toPoint()), QColor(0xE6, 0x9F, 0x00));
    }

    void headlessRenderIsNotBlank()
    {
        Fixture f; // never shown
        const QImage image = render(f.view, QSize(500, 300));
        int background = 0, unpainted = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                background += image.pixel(x, y) == qRgb(255, 255, 255);
                unpainted += image.pixel(x, y) == qRgb(255, 0, 255);
            }
        }
        QCOMPARE(unpainted, 0);
        QCOMPARE_GT(image.width() * image.height() - background, 15000);
    }

    // A click highlights the key and leaves the query selected; a double click makes it the query.
    void clickHighlightsDoubleClickSelects()
    {
        Fixture f;
        QSignalSpy clicked(&f.view, &DistributionView::keyClicked);
        QSignalSpy hovered(&f.view, &DistributionView::keyHovered);
        const QRectF rect(QPointF(0, 0), viewSize);
        const QPoint street = f.view.barRect(rect, 5).center().toPoint();
        QCOMPARE(f.view.barAt(street), 5);
        QCOMPARE(f.view.barAt(QPointF(2, 2)), -1);
        // QTest::mouseMove moves the cursor of a shown window; this view is never shown.
        QMouseEvent move(QEvent::MouseMove, QPointF(street), f.view.mapToGlobal(QPointF(street)), Qt::NoButton,
            Qt::NoButton, Qt::NoModifier);
        QApplication::sendEvent(&f.view, &move);
        QCOMPARE(hovered.count(), 1);
        QCOMPARE(hovered.first().first().toInt(), 5);
        QTest::mouseClick(&f.view, Qt::LeftButton, {}, street);
        QCOMPARE(f.view.highlightedKey(), 5);
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(f.session->selectedToken(), f.it);
        QTest::mouseClick(&f.view, Qt::LeftButton, {}, street);
        QCOMPARE(f.view.highlightedKey(), -1);
        QTest::mouseDClick(&f.view, Qt::LeftButton, {}, street);
        QCOMPARE(f.session->selectedToken(), 5);
    }

    void followsSelectionAndHead()
    {
        Fixture f;
        f.session->setSelectedToken(2);
        QCOMPARE(f.view.barValues()[0], f.session->result().heads[0].weights(2, 0));
        Settings s = f.session->document().settings();
        s.heads = 2;
        s.mask = MaskKind::Causal;
        f.session->editSettings(s);
        f.session->setCurrentHead(1);
        const QList<double> values = f.view.barValues();
        QCOMPARE(values[1], f.session->result().heads[1].weights(2, 1));
        QCOMPARE(values[5], 0.0); // causal: "the" (token 5) cannot see later tokens
        f.view.setFocus();
        QTest::keyClick(&f.view, Qt::Key_Right);
        QCOMPARE(f.session->selectedToken(), 3);
    }

    // Without a session: plain data, as export uses it.
    void plainData()
    {
        Result r;
        r.tokens = QStringList {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        r.heads.resize(1);
        r.heads[0].weights = SquareMatrix::Zero(3, 3);
        r.heads[0].weights.row(2) << 0.2, 0.5, 0.3;
        DistributionView view;
        view.resize(viewSize);
        view.setResult(r);
        view.setQuery(2);
        view.setSorted(true);
        QCOMPARE(view.barOrder(), (QList<int> {1, 2, 0}));
        QCOMPARE(view.barValues(), (QList<double> {0.5, 0.3, 0.2}));
    }
};

QTEST_MAIN(TstDistributionView)
#include "tst_distributionview.moc"
