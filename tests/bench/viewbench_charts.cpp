#include "viewbenches.h"

#include "attention/engine.h"
#include "document/document.h"
#include "views/distributionview.h"
#include "views/vectorplotview.h"

#include <QElapsedTimer>
#include <QImage>
#include <QJsonArray>

#include <algorithm>
#include <vector>

namespace qkv::bench {
namespace {

constexpr int side = 1000;
constexpr int dim = 64;

// A sentence of n made-up words (deterministic, few repeats) so every token gets its own vectors.
QString sentence(int n)
{
    static const QStringList syllables {QStringLiteral("ka"), QStringLiteral("lo"), QStringLiteral("mi"),
        QStringLiteral("ten"), QStringLiteral("ru"), QStringLiteral("sa"), QStringLiteral("vo"), QStringLiteral("ne"),
        QStringLiteral("pi"), QStringLiteral("dar"), QStringLiteral("ul"), QStringLiteral("fe")};
    QStringList words;
    for (int i = 0; i < n; ++i) {
        QString w;
        for (int k = i + 1; k > 0; k /= 12)
            w += syllables[k % 12];
        words << w;
    }
    return words.join(QLatin1Char(' '));
}

// The document before and after one edit: a component of the query of the token shown.
std::array<Result, 2> editedResults(int n, int query)
{
    Document doc;
    Settings s = doc.settings();
    s.dim = dim;
    doc.setSettings(s);
    doc.setSentence(sentence(n));
    const ValueRef ref {Field::Query, doc.tokens()[query], 0, 0, 0};
    Result before = compute(doc);
    doc.setValue(ref, doc.value(ref) + 0.5);
    return {std::move(before), compute(doc)};
}

double msSince(const QElapsedTimer &t)
{
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

// Each repetition hands the view the result of a value change (copied outside the clock) and
// renders the widget; the engine's recompute is not part of the number.
template<typename View>
double timeRepaint(View &view, const std::array<Result, 2> &results, int repeats)
{
    view.resize(side, side);
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    view.setResult(results[1]);
    view.render(&image); // warm up fonts and Qt's own caches
    std::vector<double> ms;
    for (int i = 0; i < repeats; ++i) {
        Result r = results[static_cast<std::size_t>(i % 2)];
        QElapsedTimer t;
        t.start();
        view.setResult(std::move(r));
        view.render(&image);
        ms.push_back(msSince(t));
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

} // namespace

QJsonObject chartTimings()
{
    QJsonArray rows;
    for (int n : {12, 64, 512}) {
        const int query = n / 2;
        const std::array<Result, 2> results = editedResults(n, query);
        const int repeats = n >= 512 ? 11 : 21;
        DistributionView bars;
        bars.setQuery(query);
        VectorPlotView vectors;
        vectors.setSelectedToken(query);
        rows.append(QJsonObject {{QStringLiteral("tokens"), n},
            {QStringLiteral("distributionMs"), timeRepaint(bars, results, repeats)},
            {QStringLiteral("vectorPlotMs"), timeRepaint(vectors, results, repeats)},
            {QStringLiteral("repeats"), repeats}});
    }
    return {{QStringLiteral("what"),
                QStringLiteral(
                    "DistributionView (its DistributionFigure) and VectorPlotView (Qt Charts) after one value change "
                    "(a new Result handed in: chart series rebuilt, PCA recomputed at d = %1), "
                    "rendered with QWidget::render into a %2x%2 image; median ms.")
                    .arg(dim)
                    .arg(side)},
        {QStringLiteral("dim"), dim}, {QStringLiteral("charts"), rows}};
}

} // namespace qkv::bench
