#include "document/documentio.h"
#include "session/documentsession.h"
#include "viewpixels.h"
#include "views/headsgridview.h"
#include "views/heatmapview.h"

#include <QSignalSpy>
#include <QTest>

using namespace qkv;
using qkv::test::hex;

namespace {

const QSize imageSize(600, 400);

QImage render(const HeadsGridView &view)
{
    return test::paintedImage(view, imageSize);
}

// The pixel at the centre of cell (row, col) of a head's tile.
QRgb cellPixel(const QImage &image, const HeadsGridView &view, int head, int row, int col, int n)
{
    return test::cellPixel(image, view.tileRect(QRectF(QPointF(0, 0), image.size()), head), row, col, n);
}

Result twoHeads()
{
    Result r;
    r.tokens = QStringList {QStringLiteral("a"), QStringLiteral("b")};
    r.heads.resize(2);
    r.heads[0].weights.resize(2, 2);
    r.heads[0].weights << 0.5, 0.5, 0.25, 0.0;
    r.heads[1].weights.resize(2, 2);
    r.heads[1].weights << 1.0, 0.0, 0.75, 0.25;
    r.heads[0].scores = -r.heads[0].weights;
    r.heads[1].scores = 2 * r.heads[1].weights;
    return r;
}

std::unique_ptr<DocumentSession> sessionWithHeads(int heads)
{
    auto session = std::make_unique<DocumentSession>();
    Document doc = *loadDocument(QStringLiteral("example:animal")).document;
    Settings settings = doc.settings();
    settings.heads = heads;
    doc.setSettings(settings);
    session->resetDocument(doc);
    return session;
}

} // namespace

class TstHeadsGridView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tilesShareOneScale()
    {
        HeadsGridView view;
        view.setResult(twoHeads());
        const ColorScale scale = view.colorScale();
        QCOMPARE(scale.low, 0.0);
        QCOMPARE(scale.high, 1.0); // the largest weight of any head
        const QImage image = render(view);
        const Result r = twoHeads();
        for (int h = 0; h < 2; ++h)
            for (int row = 0; row < 2; ++row)
                for (int col = 0; col < 2; ++col)
                    QCOMPARE(hex(cellPixel(image, view, h, row, col, 2)),
                        hex(colormapColor(Colormap::Viridis, r.heads[static_cast<std::size_t>(h)].weights(row, col))));
        // Head 1's 0.5 is mid-scale, not the brightest colour, because head 2 reaches 1.0.
        QCOMPARE(hex(cellPixel(image, view, 0, 0, 0, 2)), QStringLiteral("#21918c"));
    }

    void scoresShareSymmetricScale()
    {
        HeadsGridView view;
        view.setResult(twoHeads());
        view.setShowScores(true);
        const ColorScale scale = view.colorScale();
        QCOMPARE(scale.map, Colormap::Diverging);
        QCOMPARE(scale.low, -2.0);
        QCOMPARE(scale.high, 2.0);
        const QImage image = render(view);
        QCOMPARE(hex(cellPixel(image, view, 1, 0, 0, 2)), QStringLiteral("#b2182b")); // +2
        QCOMPARE(hex(cellPixel(image, view, 0, 1, 1, 2)), QStringLiteral("#f7f7f7")); // 0
        QCOMPARE(hex(cellPixel(image, view, 0, 0, 0, 2)), hex(colormapColor(Colormap::Diverging, 0.375))); // -0.5
    }

    void tilesFollowColormap()
    {
        HeadsGridView view;
        view.setResult(twoHeads());
        view.setColormap(Colormap::Magma);
        const QImage image = render(view);
        QCOMPARE(hex(cellPixel(image, view, 1, 1, 0, 2)), hex(colormapColor(Colormap::Magma, 0.75)));
    }

    void currentHeadIsOutlined()
    {
        HeadsGridView view;
        view.setResult(twoHeads());
        const QColor highlight = view.palette().color(QPalette::Highlight);
        const auto outlinePixel = [&view](const QImage &image, int head) {
            const QRectF tile = view.tileRect(QRectF(QPointF(0, 0), image.size()), head);
            return image.pixel(static_cast<int>(tile.center().x()), static_cast<int>(tile.bottom() + 3));
        };
        QImage image = render(view);
        QCOMPARE(hex(outlinePixel(image, 0)), highlight.name());
        QVERIFY(hex(outlinePixel(image, 1)) != highlight.name());
        view.setCurrentHead(1);
        image = render(view);
        QVERIFY(hex(outlinePixel(image, 0)) != highlight.name());
        QCOMPARE(hex(outlinePixel(image, 1)), highlight.name());
    }

    void clickingSecondTileFocusesHeadTwo()
    {
        auto session = sessionWithHeads(4);
        HeadsGridView view;
        view.setSession(session.get());
        view.resize(imageSize);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy clicked(&view, &HeadsGridView::headClicked);
        QSignalSpy changed(session.get(), &DocumentSession::currentHeadChanged);
        QCOMPARE(session->currentHead(), 0);
        QTest::mouseClick(&view, Qt::LeftButton, {}, view.tileRect(view.rect(), 1).center().toPoint());
        QCOMPARE(session->currentHead(), 1);
        QCOMPARE(view.currentHead(), 1);
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.first().at(0).toInt(), 1);
        QCOMPARE(changed.size(), 1);
        // Between tiles nothing happens.
        const QRectF first = view.tileRect(view.rect(), 0), second = view.tileRect(view.rect(), 1);
        QTest::mouseClick(&view, Qt::LeftButton, {},
            QPoint(static_cast<int>((first.right() + second.left()) / 2), static_cast<int>(first.center().y())));
        QCOMPARE(session->currentHead(), 1);
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(view.headAt(view.tileRect(view.rect(), 3).center()), 3);
    }

    void tilesShowEachSessionHead()
    {
        auto session = sessionWithHeads(3);
        HeadsGridView view;
        view.setSession(session.get());
        const QImage image = render(view);
        const Result &r = session->result();
        const ColorScale scale = view.colorScale();
        double top = 0;
        for (const HeadResult &h : r.heads)
            top = std::max(top, h.weights.maxCoeff());
        QCOMPARE(scale.high, top);
        for (int h = 0; h < 3; ++h)
            for (int row : {0, 7})
                QCOMPARE(hex(cellPixel(image, view, h, row, 1, 11)),
                    hex(scale.color(r.heads[static_cast<std::size_t>(h)].weights(row, 1))));
    }

    void keysChangeHeadAndToken()
    {
        auto session = sessionWithHeads(3);
        session->setSelectedToken(-1); // from no selection
        HeadsGridView view;
        view.setSession(session.get());
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Right);
        QTest::keyClick(&view, Qt::Key_Right);
        QCOMPARE(session->currentHead(), 2);
        QTest::keyClick(&view, Qt::Key_Left);
        QCOMPARE(session->currentHead(), 1);
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(session->selectedToken(), 0);
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(session->selectedToken(), 1);
    }

    void noTokensPaintsAMessage()
    {
        HeadsGridView view;
        const QImage image = render(view);
        QCOMPARE(view.headAt(QPointF(100, 100)), -1);
        QVERIFY(image.pixel(5, 5) != QColor(Qt::magenta).rgb());
    }
};

QTEST_MAIN(TstHeadsGridView)
#include "tst_headsgridview.moc"
