#include "viewbenches.h"

#include "benchtiming.h"
#include "views/workedview.h"

#include <QApplication>
#include <QImage>
#include <QJsonArray>

namespace qkv::bench {
namespace {

constexpr int side = 1000;

// n distinct words with their deterministic default vectors, d numbers each.
Document sentence(int n, int dim, int heads)
{
    QStringList words;
    for (int i = 0; i < n; ++i)
        words << QStringLiteral("word%1").arg(i);
    Document doc;
    Settings s;
    s.dim = dim;
    s.heads = heads;
    doc.setSettings(s);
    doc.setSentence(words.join(QLatin1Char(' ')));
    return doc;
}

// "edit": what the view does after a value changed (the engine's result is given): the worked
// computation rebuilt, its text laid out again, the widget rendered. "repaint": the same text
// rendered again (scrolling, exposure). "markdown": building the copy.
QJsonObject timeWorked(int n, int dim, int heads, int reps)
{
    Document doc = sentence(n, dim, heads);
    const int query = n / 2;
    std::vector<Result> results {compute(doc)};
    const QString word = doc.tokens()[query];
    doc.setValue({Field::Query, word, 0, 0, 0}, doc.value({Field::Query, word, 0, 0, 0}) + 0.25);
    results.push_back(compute(doc)); // two results so every edit changes the numbers shown

    WorkedView view;
    view.resize(side, side);
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    int i = 0;
    const double edit = medianMs(
        [&] {
            view.setComputation(workedComputation(doc, results[static_cast<std::size_t>(++i % 2)], 0, query));
            view.render(&image);
        },
        reps);
    const double repaint = medianMs([&] { view.render(&image); }, reps);
    const double markdown = medianMs([&] { (void)view.markdown(); }, reps);
    return {{QStringLiteral("tokens"), n}, {QStringLiteral("dim"), dim}, {QStringLiteral("heads"), heads},
        {QStringLiteral("editMs"), edit}, {QStringLiteral("repaintMs"), repaint},
        {QStringLiteral("markdownMs"), markdown}, {QStringLiteral("repeats"), reps}};
}

} // namespace

QJsonObject workedTimings()
{
    if (!qobject_cast<QApplication *>(QCoreApplication::instance()))
        return {{QStringLiteral("error"), QStringLiteral("needs a QApplication")}};
    QJsonArray cases;
    cases.append(timeWorked(12, 3, 1, 31));
    cases.append(timeWorked(64, 64, 8, 21)); // SPEC §4's edit case: 64 tokens, d = 64, 8 heads
    cases.append(timeWorked(200, 64, 1, 21));
    cases.append(timeWorked(4096, 64, 1, 7));
    return {{QStringLiteral("what"),
                QStringLiteral("WorkedView (default options: 16 keys worked out, 8 terms a dot product) rendered "
                               "with QWidget::render into a %1x%1 image; median ms. edit: after a value "
                               "change, computation rebuilt, text laid out, rendered (engine excluded); "
                               "repaint: unchanged text rendered again; markdown: the copy built.")
                    .arg(side)},
        {QStringLiteral("worked"), cases}};
}

} // namespace qkv::bench
