// The arrow graph's rasterizer on lines of every slope and width, in one colour and in several:
// the ink per column is the line's area, and each pixel holds its share of it.
#include "figures/edgeraster.h"

#include <QGuiApplication>
#include <QTest>

#include <cmath>
#include <random>

using namespace qkv::arrowgraph;

namespace {

struct Line {
    QPointF a, b;
    double width;
};

// Lines across the whole raster (so through several bands), shallow and steep, thin, medium
// (one to two pixels across a column) and thick, at positions that are not on the pixel grid.
std::vector<Line> randomLines()
{
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> at(3.0, 197.0), width(0.3, 2.6);
    std::vector<Line> lines;
    for (int i = 0; i < 60; ++i) {
        const bool steep = i % 2 == 1;
        const QPointF a = steep ? QPointF(at(rng), 2.3) : QPointF(2.3, at(rng));
        const QPointF b = steep ? QPointF(at(rng), 197.6) : QPointF(197.6, at(rng));
        lines.push_back({a, b, width(rng)});
    }
    return lines;
}

// One line drawn alone, with which way it runs.
struct Drawn {
    QImage image;
    bool steep;
    double slope; // along the major axis
};

Drawn drawAlone(const Line &line, double alpha, QRgb colour, bool multiColour)
{
    EdgeRaster raster(QSize(200, 200), QPointF(0, 0), 1.0, multiColour);
    const std::array<QPointF, 2> points {line.a, line.b};
    raster.stroke(points.data(), 2, EdgeStyle {line.width, alpha, colour});
    const QPointF d = line.b - line.a;
    const bool steep = std::abs(d.y()) > std::abs(d.x());
    return {raster.image(colour), steep, steep ? d.x() / d.y() : d.y() / d.x()};
}

double densityAt(const QImage &image, int x, int y)
{
    return -std::log(1.0 - qAlpha(image.pixel(x, y)) / 255.0);
}

} // namespace

class TstEdgeRaster : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void inkPerColumnIsTheLinesArea();
    void pixelsHoldTheirOverlap();
    void trianglesCoverTheirArea();
};

void TstEdgeRaster::inkPerColumnIsTheLinesArea()
{
    const QRgb red = qRgb(255, 0, 0);
    const double alpha = 0.3, density = -std::log(1.0 - alpha);
    for (const Line &line : randomLines()) {
        const auto [image, steep, slope] = drawAlone(line, alpha, red, false);
        // A column holds width·√(1 + slope²) of the line, as density summed across it.
        const double expected = density * line.width * std::sqrt(1 + slope * slope);
        for (int major = 10; major < 190; ++major) {
            double sum = 0;
            for (int minor = 0; minor < 200; ++minor)
                sum += steep ? densityAt(image, minor, major) : densityAt(image, major, minor);
            // Each pixel's alpha is rounded to 1/255: at most about 0.01 of density per pixel.
            QVERIFY2(std::abs(sum - expected) < 0.02 + 0.01 * (line.width + 2),
                qPrintable(QStringLiteral("width %1, slope %2, %3 %4: %5, not %6")
                               .arg(line.width)
                               .arg(slope)
                               .arg(steep ? QStringLiteral("row") : QStringLiteral("column"))
                               .arg(major)
                               .arg(sum)
                               .arg(expected)));
        }
    }
}

void TstEdgeRaster::pixelsHoldTheirOverlap()
{
    // In each column of a line's body, pixel j holds the overlap of [j, j + 1] with the interval
    // the line covers at the column's centre, in one colour and in several (four floats a pixel).
    const QRgb blue = qRgb(0, 0, 255);
    const double alpha = 0.6, density = -std::log(1.0 - alpha);
    int checked = 0;
    for (const bool multi : {false, true}) {
        for (const Line &line : randomLines()) {
            const auto [image, steep, slope] = drawAlone(line, alpha, blue, multi);
            const double half = 0.5 * line.width * std::sqrt(1 + slope * slope);
            for (int major = 8; major < 192; ++major) {
                const double centre = steep ? line.a.x() + slope * (major + 0.5 - line.a.y())
                                            : line.a.y() + slope * (major + 0.5 - line.a.x());
                for (int minor = 0; minor < 200; ++minor) {
                    const double overlap
                        = std::max(0.0, std::min(centre + half, minor + 1.0) - std::max(centre - half, double(minor)));
                    const int expected = static_cast<int>(std::lround(255 * (1 - std::exp(-density * overlap))));
                    const int got = qAlpha(steep ? image.pixel(minor, major) : image.pixel(major, minor));
                    ++checked;
                    if (std::abs(got - expected) > 2) // the message only when it fails: 4 million pixels
                        QFAIL(qPrintable(QStringLiteral("%1 colours, width %2, slope %3, %4 %5, pixel %6: %7, not %8")
                                             .arg(multi ? 4 : 1)
                                             .arg(line.width)
                                             .arg(slope)
                                             .arg(steep ? QStringLiteral("row") : QStringLiteral("column"))
                                             .arg(major)
                                             .arg(minor)
                                             .arg(got)
                                             .arg(expected)));
                }
            }
        }
    }
    QCOMPARE(checked, 2 * 60 * 184 * 200);
}

void TstEdgeRaster::trianglesCoverTheirArea()
{
    // An arrowhead across two bands, in one colour and in several: ink where it is, its area's
    // worth, and none elsewhere.
    const QRgb green = qRgb(0, 160, 0);
    const double alpha = 0.5, density = -std::log(1.0 - alpha);
    const std::array<QPointF, 3> corners {QPointF(20.3, 50.2), QPointF(90.7, 70.4), QPointF(40.1, 140.9)};
    const double area = std::abs((corners[1].x() - corners[0].x()) * (corners[2].y() - corners[0].y())
                            - (corners[2].x() - corners[0].x()) * (corners[1].y() - corners[0].y()))
        / 2;
    for (const bool multi : {false, true}) {
        EdgeRaster raster(QSize(200, 200), QPointF(0, 0), 1.0, multi);
        raster.triangle(corners, EdgeStyle {1.0, alpha, green});
        const QImage image = raster.image(green);
        double ink = 0;
        for (int y = 0; y < 200; ++y) {
            for (int x = 0; x < 200; ++x) {
                const bool outside = x < 19 || x > 91 || y < 49 || y > 141;
                if (outside && qAlpha(image.pixel(x, y)) != 0)
                    QFAIL(qPrintable(QStringLiteral("%1 colours: ink at (%2, %3)").arg(multi ? 4 : 1).arg(x).arg(y)));
                ink += densityAt(image, x, y);
            }
        }
        QVERIFY(std::abs(qAlpha(image.pixel(45, 80)) - 128) <= 1); // well inside: alpha 0.5
        QVERIFY2(std::abs(ink / density - area) < 0.02 * area, qPrintable(QString::number(ink / density)));
    }
}

QTEST_MAIN(TstEdgeRaster)
#include "tst_edgeraster.moc"
