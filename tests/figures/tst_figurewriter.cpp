#include "figures/figurewriter.h"

#include <QBuffer>
#include <QDomDocument>
#include <QImage>
#include <QImageReader>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

namespace {

// A known figure: the left half pure red, a blue square at (600, 600), a label.
void paintKnown(QPainter &p, const QRectF &r)
{
    p.fillRect(r, Qt::white);
    p.fillRect(QRectF(r.left(), r.top(), r.width() / 2, r.height()), QColor(255, 0, 0));
    p.fillRect(QRectF(600, 600, 100, 100), QColor(0, 0, 255));
    p.setPen(Qt::black);
    p.drawText(QRectF(520, 100, 400, 50), Qt::AlignLeft, QStringLiteral("animal → it"));
}

} // namespace

class TstFigureWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pngSizeScaleDpiAndPixels_data()
    {
        QTest::addColumn<double>("scale");
        QTest::newRow("1×") << 1.0;
        QTest::newRow("2×") << 2.0;
        QTest::newRow("4×") << 4.0;
    }
    void pngSizeScaleDpiAndPixels()
    {
        QFETCH(double, scale);
        const FigureSpec spec {QSize(1000, 800), scale, FigureFormat::Png, QStringLiteral("t")};
        const QByteArray bytes = renderFigure(spec, paintKnown);
        QVERIFY(bytes.startsWith("\x89PNG"));
        QImage image;
        QVERIFY(image.loadFromData(bytes, "png"));
        QCOMPARE(image.size(), QSize(1000, 800) * scale);
        QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), qRound(96 * scale));
        QCOMPARE(image.pixelColor(QPoint(100, 100) * scale), QColor(255, 0, 0));
        QCOMPARE(image.pixelColor(QPoint(650, 650) * scale), QColor(0, 0, 255));
        QCOMPARE(image.pixelColor(QPoint(900, 700) * scale), QColor(255, 255, 255));
    }

    void svgIsWellFormedWithTextAndViewBox()
    {
        const QByteArray bytes
            = renderFigure({QSize(1000, 800), 1, FigureFormat::Svg, QStringLiteral("Fig")}, paintKnown);
        QDomDocument dom;
        QVERIFY(dom.setContent(bytes));
        const QDomElement root = dom.documentElement();
        QCOMPARE(root.tagName(), QStringLiteral("svg"));
        QCOMPARE(root.attribute(QStringLiteral("viewBox")), QStringLiteral("0 0 1000 800"));
        QVERIFY(QString::fromUtf8(bytes).contains(QStringLiteral("animal → it")));
        QCOMPARE(dom.elementsByTagName(QStringLiteral("title")).at(0).toElement().text(), QStringLiteral("Fig"));
    }

    void svgTextAsPaths()
    {
        FigureSpec spec {QSize(1000, 800), 1, FigureFormat::Svg, QStringLiteral("Fig")};
        const QByteArray asText = renderFigure(spec, paintKnown);
        spec.textAsPaths = true;
        const QByteArray asPaths = renderFigure(spec, paintKnown);
        QDomDocument dom;
        QVERIFY(dom.setContent(asPaths));
        QCOMPARE(dom.documentElement().attribute(QStringLiteral("viewBox")), QStringLiteral("0 0 1000 800"));
        QCOMPARE(dom.elementsByTagName(QStringLiteral("text")).size(), 0);
        QVERIFY(!QString::fromUtf8(asPaths).contains(QStringLiteral("animal")));
        QVERIFY(dom.elementsByTagName(QStringLiteral("path")).size() > 0);
        // Drawn, both look the same: the fills where they were, the label's ink where the text was.
        const auto draw = [](const QByteArray &svg) {
            QImage image(1000, 800, QImage::Format_ARGB32);
            image.fill(Qt::white);
            QSvgRenderer renderer(svg);
            QPainter p(&image);
            renderer.render(&p);
            return image;
        };
        const QImage text = draw(asText), paths = draw(asPaths);
        QCOMPARE(paths.pixelColor(100, 100), QColor(255, 0, 0));
        QCOMPARE(paths.pixelColor(650, 650), QColor(0, 0, 255));
        const auto ink = [](const QImage &image) {
            int dark = 0;
            for (int y = 100; y < 150; ++y)
                for (int x = 520; x < 920; ++x)
                    dark += qGray(image.pixel(x, y)) < 128;
            return dark;
        };
        QVERIFY2(ink(text) > 100, qPrintable(QString::number(ink(text))));
        QVERIFY2(std::abs(ink(paths) - ink(text)) < ink(text) / 4,
            qPrintable(QStringLiteral("%1 vs %2").arg(ink(paths)).arg(ink(text))));
    }

    void pdfPageIsTheFigure()
    {
        const QByteArray bytes = renderFigure({QSize(960, 480), 1, FigureFormat::Pdf, QStringLiteral("F")}, paintKnown);
        QVERIFY(bytes.startsWith("%PDF"));
        // 960 × 480 px at 96 dpi = 720 × 360 pt.
        QVERIFY(bytes.contains("/MediaBox [0 0 720.000000 360.000000]"));
        const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
        if (pdftoppm.isEmpty())
            QSKIP("pdftoppm (poppler-utils) is not installed");
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("f.pdf")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        QCOMPARE(QProcess::execute(pdftoppm,
                     {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("96"), QStringLiteral("-singlefile"),
                         f.fileName(), dir.filePath(QStringLiteral("p"))}),
            0);
        QImage page(dir.filePath(QStringLiteral("p.png")));
        QCOMPARE(page.size(), QSize(960, 480));
        QCOMPARE(page.pixelColor(100, 100), QColor(255, 0, 0));
        QCOMPARE(page.pixelColor(650, 450), QColor(255, 255, 255));
        QCOMPARE(page.pixelColor(650, 420).blue(), 255);
    }

    void writesAtomically()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("f.png"));
        QCOMPARE(writeFigure(path, {QSize(100, 100), 1, FigureFormat::Png, {}}, paintKnown), QString());
        QVERIFY(QImageReader(path).canRead());
        const QString missing = dir.filePath(QStringLiteral("no/such/f.png"));
        QVERIFY(writeFigure(missing, {QSize(100, 100), 1, FigureFormat::Png, {}}, paintKnown)
                    .contains(QStringLiteral("No such file or directory")));
        QVERIFY(!QFile::exists(missing));
    }
};

QTEST_MAIN(TstFigureWriter)
#include "tst_figurewriter.moc"
