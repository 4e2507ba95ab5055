// The second hour on a real model (issue 46): the Q | K | V table shows the head every view
// shows and edits it, a combined look is read-only and says why, no prediction outlives its model.
#include "export/figurecaption.h"
#include "session/documenttablemodel.h"
#include "session/transformersession.h"
#include "tokenizers/tokenizer.h"
#include "views/arrowgraphview.h"
#include "views/heatmapview.h"
#include "views/layersgridview.h"
#include "views/scrubtableview.h"
#include "views/stagedrepaint.h"
#include "views/tokenstrip.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>

#include <cmath>
#include <map>

#include "livewindowfixture.h"
#include "mouse.h"

using namespace qkv;
using namespace Qt::StringLiterals;
using Kind = transformer::Intervention::Kind;

namespace {

// The window's repaint passes (its UpdateRequest events), and the passes each watched view paints in.
class PaintPasses : public QObject
{
public:
    PaintPasses(QWidget *window, std::map<QWidget *, QString> watched)
        : m_window(window)
        , m_watched(std::move(watched))
    {
        qApp->installEventFilter(this);
    }
    ~PaintPasses() override { qApp->removeEventFilter(this); }
    std::map<QString, std::vector<int>> painted; // by view: the passes it painted in
    int passes = 0;

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_window && event->type() == QEvent::UpdateRequest)
            ++passes;
        if (event->type() == QEvent::Paint)
            if (const auto it = m_watched.find(qobject_cast<QWidget *>(watched)); it != m_watched.end())
                painted[it->second].push_back(passes);
        return false;
    }

private:
    QWidget *m_window;
    std::map<QWidget *, QString> m_watched;
};

} // namespace

class TstLiveWindowViews : public QObject, test::LiveWindowFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { prepare(); }
    void init() { openModel(); }
    void cleanup() { closeWindow(); }

    // The Q | K | V table shows the head every view shows and follows it; a drag there edits that
    // head, names word, role, component, head and layer in the history, and leaves the selected
    // word where it was (issue 46).
    void theTableEditsTheHeadTheViewsShow()
    {
        auto *grid = child<LayersGridView>("grid");
        auto *table = child<ScrubTableView>("wordsTable");
        const auto group = [table](int column) {
            return table->model()->headerData(column, Qt::Horizontal, DocumentTableModel::GroupRole).toString();
        };
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->tileRect(grid->rect(), 1, 2).center().toPoint());
        settle();
        QCOMPARE(group(0), u"Query · head 3"_s);
        const int dim = session()->document().settings().dim;
        QCOMPARE(group(dim + 1), u"Key · head 3"_s);
        session()->setSelectedToken(0);
        const QModelIndex cell = table->model()->index(2, dim + 1); // k2 of the third token
        const ValueRef ref = *qobject_cast<DocumentTableModel *>(table->model())->refAt(2, dim + 1);
        QCOMPARE(ref.head, 2);
        const double old = session()->document().value(ref);
        table->scrollTo(cell);
        test::dragSideways(table->viewport(), table->visualRect(cell).center(), 60);
        settle();
        QCOMPARE(session()->selectedToken(), 0);
        QCOMPARE(live()->interventions().size(), std::size_t(1));
        const transformer::Intervention &edit = live()->interventions().front();
        QCOMPARE(edit.layer, 1);
        QCOMPARE(edit.head, 2);
        QCOMPARE(edit.kind, Kind::Key);
        const double set = std::round((old + 0.6) * 100) / 100; // 60 px of 0.01, snapped to the step
        QCOMPARE(double(edit.values(2, 1)), double(float(set)));
        const QString token = session()->document().tokens()[2];
        QVERIFY2(
            history()->undoText().startsWith(u"Drag key k2 of ‘%1’"_s.arg(token)), qPrintable(history()->undoText()));
        QVERIFY2(history()->undoText().endsWith(u" in head 3 to %1 in layer 2"_s.arg(QLocale().toString(set, 'g', 6))),
            qPrintable(history()->undoText()));
        // A figure exported from the window says what it shows: the model, the layer and the head.
        const FigureOptions figure = m_window->figureOptions(FigureKind::Heatmap);
        QCOMPARE(figure.source, u"gpt2, layer 2 of %1"_s.arg(m_window->transformerSession()->model()->layers));
        QVERIFY(figure.dataScale); // coloured as the window colours them
        QCOMPARE(figure.sentence, live()->sentence()); // what was typed, not the pieces ("Ġcat")
        QVERIFY(defaultFigureTitle(session()->document(), 2, figure.source)
                    .endsWith(
                        u" · gpt2, layer 2 of %1 · head 3 of %2"_s.arg(m_window->transformerSession()->model()->layers)
                            .arg(session()->document().settings().heads)));
        // Another head shown: the table is that head's.
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->tileRect(grid->rect(), 1, 0).center().toPoint());
        settle();
        QCOMPARE(group(0), u"Query · head 1"_s);
        QCOMPARE(*qobject_cast<DocumentTableModel *>(table->model())->refAt(2, dim + 1),
            (ValueRef {Field::Key, ref.word, 0, 0, 1}));
        // A click (no drag) still selects the row's word.
        QTest::mouseClick(
            table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(3, 0)).center());
        QCOMPARE(session()->selectedToken(), 3);
    }

    // A new run changes every view at once. The pass that takes it in paints none of the big ones:
    // the table, the strip, the prediction, the grid, then each figure repaint in passes of their
    // own, the table first, so that the window reads input between any two (issue 47's stall).
    void aRunRepaintsOneBigViewAPass()
    {
        auto *table = child<ScrubTableView>("wordsTable");
        std::map<QWidget *, QString> watched {{table->viewport(), u"table"_s},
            {child<TokenStrip>("tokenStrip")->viewport(), u"strip"_s}, {predictions(), u"prediction"_s},
            {child<LayersGridView>("grid"), u"grid"_s}, {child<ArrowGraphView>("arrowsView"), u"arrows"_s},
            {child<HeatmapView>("heatmapView"), u"heatmap"_s}};
        for (const auto &[view, name] : watched)
            QVERIFY2(view->isVisible(), qPrintable(name));
        PaintPasses passes(m_window.get(), watched);
        auto *edit = child<QLineEdit>("sentenceEdit");
        edit->setFocus();
        edit->end(false);
        QTest::keyClick(edit, Qt::Key_S);
        settle();
        QTRY_VERIFY(!m_window->stagedRepaint()->isHolding());
        QTRY_COMPARE(passes.painted.size(), watched.size());
        std::map<int, QStringList> byPass;
        for (const auto &[name, in] : passes.painted)
            byPass[in.back()] << name;
        for (const auto &[pass, names] : byPass)
            QVERIFY2(names.size() == 1, qPrintable(u"pass %1 painted %2"_s.arg(pass).arg(names.join(u", "_s))));
        QCOMPARE_LT(passes.painted[u"table"_s].back(), passes.painted[u"arrows"_s].back());
        QCOMPARE_LT(passes.painted[u"table"_s].back(), passes.painted[u"heatmap"_s].back());
        for (const auto &[view, name] : watched)
            QVERIFY2(view->updatesEnabled(), qPrintable(name));
    }

    // A look that combines the model's numbers (here pieces merged) shows its tokens' queries, keys
    // and values read-only and says why: an edit there would not reach the model (issue 46).
    void aCombinedLookIsReadOnly()
    {
        auto *table = child<ScrubTableView>("wordsTable");
        const int dim = session()->document().settings().dim;
        child<QCheckBox>("mergeBox")->click();
        settle();
        QCOMPARE(table->model()->columnCount(), 3 * dim); // Q | K | V still, not V alone
        QVERIFY(!(table->model()->flags(table->model()->index(0, 0)) & Qt::ItemIsEditable));
        auto *note = child<QLabel>("wordsNote");
        QVERIFY(note->isVisible());
        QVERIFY2(
            note->text().startsWith(u"Read-only: this view combines the model's numbers"_s), qPrintable(note->text()));
        const ValueRef ref = *qobject_cast<DocumentTableModel *>(table->model())->refAt(0, dim);
        const double before = session()->document().value(ref);
        session()->editValue(ref, before + 1);
        QCOMPARE(session()->document().value(ref), before);
        QVERIFY(live()->interventions().empty());
        child<QCheckBox>("mergeBox")->click();
        settle();
        QVERIFY(table->model()->flags(table->model()->index(0, 0)) & Qt::ItemIsEditable);
        QVERIFY(!note->isVisible() || !note->text().startsWith(u"Read-only"_s));
        // The prediction says how to read its tokens, by the marks of the model's vocabulary.
        const bool wordPiece = m_reference->tokenizer().wordMarker() == tokenizers::Tokenizer::Marker::WordPiece;
        QVERIFY2(
            predictions()->legend().contains(wordPiece ? u"“##” marks a piece"_s : u"“Ġ” (a space) starts a word"_s),
            qPrintable(predictions()->legend()));
    }

    // The same for a lesson on a document, opened while the model ran (issue 46).
    void aDocumentLessonEndsThePrediction()
    {
        QVERIFY(!predictions()->predictions().empty());
        QVERIFY(m_window->openLesson(u"lesson:birds"_s));
        QVERIFY(!live()->isOpen());
        QVERIFY(predictions()->predictions().empty());
        QVERIFY(!child<QDockWidget>("predictionDock")->isVisible());
    }
};

QTEST_MAIN(TstLiveWindowViews)
#include "tst_livewindowviews.moc"
