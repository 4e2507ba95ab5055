// The vector plot drawn as a slide: a 3,000 px figure with its text grown to 75 px is the
// window's plot enlarged, not the window's marks lost in a large canvas.
#include "document/documentio.h"
#include "session/documentsession.h"
#include "views/vectorplotroles.h"
#include "views/vectorplotview.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QTest>

#include <algorithm>

using namespace qkv;

namespace {

constexpr int side = 3000;

QImage render(const VectorPlotView &view)
{
    QImage image(side, side, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    view.paint(painter, QRectF(0, 0, side, side));
    return image;
}

int pixelsOf(const QImage &image, QColor color)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        n += static_cast<int>(std::count(line, line + image.width(), color.rgb()));
    }
    return n;
}

} // namespace

class TstVectorPlotFigure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_session = std::make_unique<DocumentSession>();
        m_session->resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
        m_view = std::make_unique<VectorPlotView>();
        m_view->setSession(m_session.get());
        m_view->setFigureMode(true);
        QPalette palette;
        palette.setColor(QPalette::Base, Qt::white);
        palette.setColor(QPalette::Window, Qt::white);
        m_view->setPalette(palette);
    }
    void cleanup()
    {
        m_view.reset();
        m_session.reset();
    }

    // Ticks 70 px apart at 75 px text gave 40 labels across, each wider than the gap: Qt Charts
    // drew every one as "…". The spacing grows with the text, so the labels fit side by side.
    void tickLabelsFitWithLargeText()
    {
        QFont font = QApplication::font();
        font.setPixelSize(75);
        m_view->setFont(font);
        render(*m_view);
        const QFontMetricsF fm(font);
        for (Qt::Orientation axis : {Qt::Horizontal, Qt::Vertical}) {
            const QStringList labels = m_view->tickLabels(axis);
            QVERIFY2(labels.size() >= 3, qPrintable(labels.join(u' ')));
            qreal widest = 0;
            for (const QString &label : labels)
                widest = std::max(widest, fm.horizontalAdvance(label));
            const qreal need = axis == Qt::Horizontal ? widest : fm.height();
            QVERIFY2(labels.size() * need * 1.3 < side, qPrintable(labels.join(u' ')));
        }
    }

    // A sentence's markers keep their share of the figure: with text 5 times the desktop's, a
    // query's disc covers about 25 times the pixels (less what labels and lines cover).
    void markersGrowWithTheText()
    {
        const QColor query = vectorplot::roleColor(Role::Query, false);
        QFont font = QApplication::font();
        font.setPixelSize(QFontInfo(QApplication::font()).pixelSize());
        m_view->setFont(font);
        const int small = pixelsOf(render(*m_view), query);
        font.setPixelSize(font.pixelSize() * 5);
        m_view->setFont(font);
        const int large = pixelsOf(render(*m_view), query);
        QVERIFY2(small > 0 && large > 15 * small, qPrintable(QStringLiteral("%1 → %2").arg(small).arg(large)));
    }

private:
    std::unique_ptr<DocumentSession> m_session;
    std::unique_ptr<VectorPlotView> m_view;
};

QTEST_MAIN(TstVectorPlotFigure)
#include "tst_vectorplotfigure.moc"
