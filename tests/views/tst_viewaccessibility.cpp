// The custom views as assistive technology sees them: the heatmap and the distribution as tables
// of their weights, the arrow graph as the list of the focused word's arrows; the texts a screen
// reader speaks, the selection it follows, and the events that tell it something changed.
#include "attention/contributions.h"
#include "document/snapshot.h"
#include "examples.h"
#include "figures/numbertext.h"
#include "modelfiles/modelattention.h"
#include "session/documentsession.h"
#include "views/accessiblegrid.h"
#include "views/arrowgraphview.h"
#include "views/contributionsview.h"
#include "views/distributionview.h"
#include "views/headsgridview.h"
#include "views/heatmapview.h"
#include "views/layersgridview.h"
#include "views/tokenstrip.h"
#include "views/workedview.h"

#include <QAccessible>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

using namespace qkv;

namespace {

// The events assistive technology would receive: (type, view, child). Qt's bridge only exists
// where a screen reader runs; the views' notifications are heard here instead.
struct Heard {
    QAccessible::Event type;
    QObject *object;
    int child;
};
std::vector<Heard> heard;
void listen(QAccessibleEvent *event)
{
    heard.push_back({event->type(), event->object(), event->child()});
}

bool wasHeard(QAccessible::Event type, QObject *object, int child = -2)
{
    return std::any_of(heard.begin(), heard.end(),
        [&](const Heard &h) { return h.type == type && h.object == object && (child == -2 || h.child == child); });
}

QString name(QAccessibleInterface *item)
{
    return item ? item->text(QAccessible::Name) : QStringLiteral("<no interface>");
}

// The animal example with "it" (token 7) selected: "it" attends to "animal" with 0.1189204605
// (softmax of q(it)·k over the row; q(it)·k(animal) = 0.77).
// A view of it, `size` large, and its accessible interface.
template<class View>
struct Fixture {
    std::unique_ptr<DocumentSession> session = std::make_unique<DocumentSession>();
    const int it = 7, animal = 1;
    View view;
    explicit Fixture(QSize size = {600, 600})
    {
        session->resetDocument(test::example(QStringLiteral("animal")));
        session->setSelectedToken(it);
        view.setSession(session.get());
        view.resize(size);
    }
    QAccessibleInterface *item() { return QAccessible::queryAccessibleInterface(&view); }
    QAccessibleTableInterface *table() { return item() ? item()->tableInterface() : nullptr; }
};

} // namespace

class TstViewAccessibility : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        heard.clear();
        setAccessibleListener(listen);
    }
    void cleanup() { setAccessibleListener(nullptr); }

    void heatmapIsATableOfWeights()
    {
        Fixture<HeatmapView> f;
        auto &view = f.view;
        QAccessibleInterface *table = f.item();
        QVERIFY(table);
        QCOMPARE(table->role(), QAccessible::Table);
        QAccessibleTableInterface *cells = table->tableInterface();
        QVERIFY(cells);
        QCOMPARE(cells->rowCount(), 11);
        QCOMPARE(cells->columnCount(), 11);
        QCOMPARE(table->childCount(), 121);
        QCOMPARE(cells->rowDescription(f.it), QStringLiteral("it"));
        QCOMPARE(cells->columnDescription(f.animal), QStringLiteral("animal"));
        QAccessibleInterface *cell = cells->cellAt(f.it, f.animal);
        QCOMPARE(name(cell), QStringLiteral("it attends to animal: 0.119"));
        QCOMPARE(cell->role(), QAccessible::Cell);
        QCOMPARE(cell->parent(), table);
        QCOMPARE(table->indexOfChild(cell), f.it * 11 + f.animal);
        QCOMPARE(table->child(f.it * 11 + f.animal), cell);
        // Every cell says the engine's weight.
        const SquareMatrix &w = f.session->result().heads[0].weights;
        for (int r = 0; r < 11; ++r)
            for (int c = 0; c < 11; c += 5)
                QVERIFY(name(cells->cellAt(r, c)).endsWith(QLocale().toString(w(r, c), 'f', 3)));
        // The selected query's row is selected; its cells say so.
        QCOMPARE(cells->selectedRows(), QList<int> {f.it});
        QVERIFY(cell->state().selected);
        QVERIFY(!cells->cellAt(0, 0)->state().selected);
        // Where a cell is drawn, and the cell under a point.
        const QRect drawn = view.cellRect(view.rect(), f.it, f.animal).toAlignedRect();
        QCOMPARE(cell->rect().size(), drawn.size());
        const QPoint centre = view.mapToGlobal(drawn.center());
        QCOMPARE(table->childAt(centre.x(), centre.y()), cell);
        // A reader can select another row, as a click would.
        QVERIFY(cells->selectRow(2));
        QCOMPARE(f.session->selectedToken(), 2);
    }

    void heatmapCellsFollowEditsAndMasks()
    {
        Fixture<HeatmapView> f;
        auto &view = f.view;
        QAccessibleTableInterface *cells = f.table();
        QCOMPARE(name(cells->cellAt(f.it, f.animal)), QStringLiteral("it attends to animal: 0.119"));
        heard.clear();
        f.session->toggleMask({f.it, f.animal});
        QVERIFY(wasHeard(QAccessible::TableModelChanged, &view));
        QCOMPARE(name(cells->cellAt(f.it, f.animal)), QStringLiteral("it does not see animal: masked"));
        const double weight = f.session->result().heads[0].weights(f.it, 2);
        QCOMPARE(name(cells->cellAt(f.it, 2)),
            QStringLiteral("it attends to didn't: %1").arg(QLocale().toString(weight, 'f', 3)));
        view.setShowScores(true);
        const double score = f.session->result().heads[0].scores(f.it, 2);
        QCOMPARE(name(cells->cellAt(f.it, 2)),
            QStringLiteral("it scores didn't: %1").arg(QLocale().toString(score, 'f', 3)));
    }

    void heatmapKeysAreReadOut()
    {
        // Down moves the selected query; the reader hears the new row's strongest cell.
        Fixture<HeatmapView> f;
        auto &view = f.view;
        view.show();
        view.setFocus();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        heard.clear();
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(f.session->selectedToken(), f.it + 1);
        const SquareMatrix &w = f.session->result().heads[0].weights;
        Eigen::Index strongest = 0;
        w.row(f.it + 1).maxCoeff(&strongest);
        QVERIFY(wasHeard(QAccessible::Focus, &view, (f.it + 1) * 11 + int(strongest)));

        // Space masks the keyboard's cell and unmasks it: each time the reader is told that the
        // cell's name changed and then that it has the focus (Orca skipped every other
        // announcement when told of the focus alone).
        const QPoint cell = view.keyboardCell();
        QVERIFY(cell.x() >= 0);
        const int child = cell.y() * 11 + cell.x();
        for (const QString &state : {QStringLiteral("masked"), QStringLiteral("0.")}) {
            heard.clear();
            QTest::keyClick(&view, Qt::Key_Space);
            QVERIFY(name(f.table()->cellAt(cell.y(), cell.x())).contains(state));
            const auto at = [&](QAccessible::Event type) {
                return std::find_if(heard.begin(), heard.end(),
                    [&](const Heard &h) { return h.type == type && h.object == &view && h.child == child; });
            };
            QVERIFY(at(QAccessible::NameChanged) != heard.end());
            QVERIFY(at(QAccessible::NameChanged) < at(QAccessible::Focus));
            QVERIFY(at(QAccessible::Focus) != heard.end());
        }
    }

    void distributionIsATableOfBars()
    {
        Fixture<DistributionView> f({700, 420});
        auto &view = f.view;
        QAccessibleInterface *table = f.item();
        QVERIFY(table);
        QCOMPARE(table->role(), QAccessible::Table);
        QAccessibleTableInterface *cells = table->tableInterface();
        QCOMPARE(cells->rowCount(), 11);
        QCOMPARE(cells->columnCount(), 1);
        QCOMPARE(cells->columnDescription(0), QStringLiteral("weight"));
        QCOMPARE(cells->rowDescription(f.animal), QStringLiteral("animal"));
        QCOMPARE(name(cells->cellAt(f.animal, 0)), QStringLiteral("it attends to animal: 0.119"));
        // Sorted, the rows follow the bars: the strongest first.
        view.setSorted(true);
        const int first = view.barOrder().first();
        QCOMPARE(cells->rowDescription(0), f.session->result().tokens[first]);
        // Highlighting a key selects its row, and is heard.
        heard.clear();
        view.setHighlightedKey(f.animal);
        const int row = int(view.barOrder().indexOf(f.animal));
        QCOMPARE(cells->selectedRows(), QList<int> {row});
        QVERIFY(wasHeard(QAccessible::Selection, &view, row));
        QVERIFY(cells->selectRow(0));
        QCOMPARE(view.highlightedKey(), first);
    }

    // The contributions: a row per key, its share of the selected query's output, and a change of
    // the numbers is heard.
    void contributionsAreATableOfShares()
    {
        Fixture<ContributionsView> f({600, 400});
        QAccessibleInterface *table = f.item();
        QVERIFY(table);
        QCOMPARE(table->role(), QAccessible::Table);
        QAccessibleTableInterface *cells = table->tableInterface();
        const Result &r = f.session->result();
        QCOMPARE(cells->rowCount(), int(r.tokens.size()));
        QCOMPARE(cells->rowDescription(f.animal), u"animal"_qs);
        const Contributions parts = contributions(r.heads[0], f.it);
        QCOMPARE(name(cells->cellAt(f.animal, 0)),
            u"animal: %1 % of it’s output"_qs.arg(QLocale().toString(100 * parts.share(f.animal), 'f', 1)));
        heard.clear();
        f.session->setSelectedToken(f.animal);
        QVERIFY(wasHeard(QAccessible::TableModelChanged, &f.view));
        QVERIFY(name(cells->cellAt(0, 0)).endsWith(u"of animal’s output"_qs));
    }

    // The worked computation: its steps, a line each, as the Plain notation writes them.
    void workedIsTheListOfSteps()
    {
        Fixture<WorkedView> f({700, 900});
        QAccessibleInterface *list = f.item();
        QVERIFY(list);
        QCOMPARE(list->role(), QAccessible::List);
        QAccessibleTableInterface *lines = list->tableInterface();
        QVERIFY(lines->rowCount() > 3);
        QStringList all;
        for (int i = 0; i < lines->rowCount(); ++i)
            all << name(lines->cellAt(i, 0));
        // The row of "animal" in the scores' table, with its weight as the view shows it.
        QVERIFY2(std::any_of(all.begin(), all.end(),
                     [](const QString &line) { return line.startsWith(u"animal: "_qs) && line.contains(u"0.119"_qs); }),
            qPrintable(all.join(u'\n')));
        heard.clear();
        f.session->setSelectedToken(f.animal);
        QVERIFY(wasHeard(QAccessible::TableModelChanged, &f.view));
    }

    void arrowGraphIsTheFocusedWordsArrows()
    {
        Fixture<ArrowGraphView> f({700, 500});
        auto &view = f.view;
        QAccessibleInterface *list = f.item();
        QVERIFY(list);
        QCOMPARE(list->role(), QAccessible::List);
        // The session's selection ("it") is the locked word: its arrows, strongest first.
        QCOMPARE(view.focusedToken(), f.it);
        const auto drawn = view.drawnEdges();
        QVERIFY(!drawn.empty());
        QCOMPARE(list->childCount(), int(drawn.size()));
        double before = 2;
        for (int i = 0; i < list->childCount(); ++i) {
            QAccessibleInterface *item = list->child(i);
            QCOMPARE(item->role(), QAccessible::ListItem);
            QVERIFY2(name(item).startsWith(QStringLiteral("it attends to ")), qPrintable(name(item)));
            const double w = QLocale().toDouble(name(item).section(QStringLiteral(": "), -1));
            QVERIFY(w <= before);
            before = w;
        }
        // Unlocked and not hovered: nothing to list.
        heard.clear();
        f.session->setSelectedToken(-1);
        QVERIFY(wasHeard(QAccessible::TableModelChanged, &view));
        QCOMPARE(list->childCount(), 0);
    }

    // Against a snapshot the Δ heatmap's cells and the arrows say the change, as they draw it.
    void differencesAreSpoken()
    {
        Fixture<HeatmapView> heat;
        Document doc = heat.session->document();
        doc.setSnapshots({{QStringLiteral("before"), std::make_shared<const Document>(snapshotState(doc))}});
        doc.setBaseline(QStringLiteral("before"));
        heat.session->editDocument(doc, QStringLiteral("Take Snapshot"));
        const double then = heat.session->result().heads[0].weights(heat.it, heat.animal);
        heat.session->editValue({Field::Query, QStringLiteral("it"), 0, 0, 0}, 2.6);
        heat.session->waitForResult();
        const double change = heat.session->result().heads[0].weights(heat.it, heat.animal) - then;
        QVERIFY(std::abs(change) > 0.005);
        const QString cell = name(heat.table()->cellAt(heat.it, heat.animal));
        QVERIFY2(
            cell.endsWith(QStringLiteral(", changed by %1 since “before”").arg(formatChange(change, 3, QLocale()))),
            qPrintable(cell));
        ArrowGraphView arrows;
        arrows.setSession(heat.session.get());
        arrows.resize(700, 500);
        arrows.setFilter(EdgeFilter::none());
        QAccessibleInterface *list = QAccessible::queryAccessibleInterface(&arrows);
        QVERIFY(list->childCount() > 0);
        QVERIFY2(name(list->child(0)).startsWith(QStringLiteral("it → ")), qPrintable(name(list->child(0))));
        QVERIFY(name(list->child(0)).contains(QStringLiteral(" changed by ")));
    }

    void layersGridIsATableOfHeads()
    {
        // Two layers of three heads over four tokens, every row attending to itself.
        auto model = std::make_shared<ModelAttention>();
        model->tokens
            = QStringList {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")};
        model->layers = 2;
        model->heads = 3;
        model->n = 4;
        model->attention.assign(2 * 3 * 16, 0.0f);
        for (std::size_t i = 0; i < model->attention.size(); i += 5)
            model->attention[i] = 1.0f;
        LayersGridView view;
        view.resize(400, 300);
        heard.clear();
        view.setModel(model);
        QVERIFY(wasHeard(QAccessible::TableModelChanged, &view));
        QAccessibleInterface *table = QAccessible::queryAccessibleInterface(&view);
        QCOMPARE(table->role(), QAccessible::Table);
        QAccessibleTableInterface *cells = table->tableInterface();
        QCOMPARE(cells->rowCount(), 2);
        QCOMPARE(cells->columnCount(), 3);
        QCOMPARE(cells->rowDescription(1), QStringLiteral("layer 2"));
        QCOMPARE(cells->columnDescription(2), QStringLiteral("head 3"));
        const QString tile = name(cells->cellAt(1, 2));
        QCOMPARE(tile, view.tileDescription(1, 2));
        QVERIFY2(tile.startsWith(QStringLiteral("layer 2, head 3: ")) && tile.contains(QStringLiteral("itself 100%")),
            qPrintable(tile));
        // The current tile is the selected cell, and a move is heard.
        heard.clear();
        view.setCurrent(1, 2);
        QCOMPARE(cells->selectedCellCount(), 1);
        QVERIFY(cells->cellAt(1, 2)->state().selected);
        QVERIFY(wasHeard(QAccessible::Selection, &view, 1 * 3 + 2));
        const QPoint centre = view.mapToGlobal(view.tileRect(view.rect(), 0, 1).center().toPoint());
        QCOMPARE(table->childAt(centre.x(), centre.y()), cells->cellAt(0, 1));
        // A head switched off says so.
        view.setSwitchedOff({{0, 1}}, true);
        QVERIFY(name(cells->cellAt(0, 1)).contains(QStringLiteral("switched off")));
    }

    void headsGridIsATableOfHeads()
    {
        auto session = std::make_unique<DocumentSession>();
        Document doc = test::example(QStringLiteral("animal"));
        Settings settings = doc.settings();
        settings.heads = 3;
        doc.setSettings(settings);
        session->resetDocument(doc);
        HeadsGridView view;
        view.setSession(session.get());
        view.resize(480, 360);
        QAccessibleTableInterface *cells = QAccessible::queryAccessibleInterface(&view)->tableInterface();
        QCOMPARE(cells->rowCount(), 3);
        const Result &r = session->result();
        for (int h = 0; h < 3; ++h) {
            Eigen::Index from = 0, to = 0;
            const double strongest = r.heads[std::size_t(h)].weights.maxCoeff(&from, &to);
            QCOMPARE(name(cells->cellAt(h, 0)),
                QStringLiteral("head %1: strongest %2 from %3 to %4")
                    .arg(h + 1)
                    .arg(QLocale().toString(strongest, 'f', 3), r.tokens[int(from)], r.tokens[int(to)]));
        }
        heard.clear();
        QVERIFY(cells->selectRow(2));
        QCOMPARE(session->currentHead(), 2);
        QCOMPARE(cells->selectedRows(), QList<int> {2});
        QVERIFY(wasHeard(QAccessible::Selection, &view, 2));
    }

    void tokenStripIsTheListOfTokens()
    {
        TokenStrip strip;
        strip.resize(600, 40);
        strip.show();
        QVERIFY(QTest::qWaitForWindowExposed(&strip));
        const QStringList tokens = test::example(QStringLiteral("animal")).tokens();
        heard.clear();
        strip.setTokens(tokens);
        QVERIFY(wasHeard(QAccessible::TableModelChanged, &strip));
        QAccessibleInterface *list = QAccessible::queryAccessibleInterface(&strip);
        QCOMPARE(list->role(), QAccessible::List);
        QCOMPARE(list->childCount(), 11);
        QCOMPARE(name(list->child(7)), QStringLiteral("it, token 8 of 11"));
        strip.setSelectedToken(7);
        QCOMPARE(list->tableInterface()->selectedRows(), QList<int> {7});
        QVERIFY(wasHeard(strip.hasFocus() ? QAccessible::Focus : QAccessible::Selection, &strip, 7));
        // Selecting from the reader is a click: the window then selects it everywhere.
        QSignalSpy clicked(&strip, &TokenStrip::tokenClicked);
        QVERIFY(list->tableInterface()->selectRow(2));
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.first().first().toInt(), 2);
        const QRect chip = list->child(2)->rect();
        QVERIFY(!chip.isEmpty());
        QCOMPARE(list->childAt(chip.center().x(), chip.center().y()), list->child(2));
    }
};

QTEST_MAIN(TstViewAccessibility)
#include "tst_viewaccessibility.moc"
