// A long random walk through the window (5,000 actions) driven as a user would: typing in the
// sentence box, numbers typed and pasted into the tables, settings chosen in the panel, heads
// and tokens selected, undo and redo, saves and exports to a temporary folder. After every action
// the invariants hold; at the end, undoing everything gives back the opened document byte for
// byte, and redoing as far as the walk had gone gives back the last. A second walk does the same
// on a real model (the built-in one), checking the shown run against a whole forward pass.
// Seeded: the seed is printed, QKV_SEED=N repeats a run, QKV_STEPS=N changes its length.
#include "app/mainwindow.h"
#include "document/documentio.h"
#include "livemodel/documentinterventions.h"
#include "livemodel/livesession.h"
#include "modelfiles/modeldocument.h"
#include "panels/exportdialog.h"
#include "session/documentsession.h"
#include "session/transformersession.h"
#include "views/layersgridview.h"
#include "views/scrubtableview.h"
#include "views/tokenstrip.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLineEdit>
#include <QRandomGenerator>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoGroup>
#include <QUndoStack>

#include "named.h"

using namespace qkv;

namespace {

const QStringList words {
    u"cats"_qs, u"sleep"_qs, u"the"_qs, u"日本"_qs, u"👩‍💻"_qs, u"e\u0301"_qs, u"it,"_qs, u"dog's"_qs};

// Typed key by key; a character beyond ASCII (which QTest::keyClicks cannot name) is sent as
// the text of its key press, as an input method does, a surrogate pair as one.
void typeText(QWidget *widget, const QString &text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i].unicode() < 128) {
            QTest::keyClick(widget, text[i].toLatin1());
            continue;
        }
        const qsizetype length = text[i].isHighSurrogate() && i + 1 < text.size() ? 2 : 1;
        QKeyEvent press(QEvent::KeyPress, Qt::Key_unknown, Qt::NoModifier, text.mid(i, length));
        QKeyEvent release(QEvent::KeyRelease, Qt::Key_unknown, Qt::NoModifier, text.mid(i, length));
        QApplication::sendEvent(widget, &press);
        QApplication::sendEvent(widget, &release);
        i += length - 1;
    }
}

} // namespace

class TstRandomWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
    QRandomGenerator m_random;
    int m_saves = 0, m_exports = 0, m_refused = 0;

    template<typename T>
    T *child(const char *name) const
    {
        return test::named<T>(m_window.get(), name);
    }
    DocumentSession *session() const { return m_window->session(); }
    int below(int n) { return n <= 1 ? 0 : int(m_random.bounded(n)); }
    QString number() { return QString::number((below(4001) - 2000) / 1000.0); }

    void type()
    {
        auto *edit = child<QLineEdit>("sentenceEdit");
        edit->setFocus();
        edit->end(false);
        if (below(3) == 0 && !edit->text().isEmpty())
            QTest::keyClick(edit, Qt::Key_Backspace);
        else if (session()->document().tokenCount() < 10)
            typeText(edit, (below(2) ? u" "_qs : QString()) + words[below(int(words.size()))].left(1 + below(4)));
    }

    // The words table with a random cell current, or nullptr while it has no cells.
    ScrubTableView *randomCell()
    {
        auto *table = child<ScrubTableView>("wordsTable");
        const QAbstractItemModel *model = table->model();
        if (model->rowCount() == 0 || model->columnCount() == 0)
            return nullptr;
        table->setCurrentIndex(model->index(below(model->rowCount()), below(model->columnCount())));
        table->setFocus();
        return table;
    }

    void typeIntoACell()
    {
        ScrubTableView *table = randomCell();
        if (!table)
            return;
        QTest::keyClicks(table, number());
        if (QWidget *editor = QApplication::focusWidget(); editor && editor != table)
            QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents(); // the delegate commits on the next turn
    }

    void paste()
    {
        ScrubTableView *table = randomCell();
        if (!table)
            return;
        QString block;
        for (int r = 1 + below(2); r > 0; --r)
            block += number() + u'\t' + number() + u'\n';
        QGuiApplication::clipboard()->setText(block);
        QTest::keySequence(table, QKeySequence::Paste);
    }

    void chooseASetting()
    {
        // Weights mode and projections are left out: a walk of thousands of steps stays in the
        // documents people edit by hand, where every setting round-trips.
        static const char *const combos[] = {"scoring", "normalization", "mask", "positions", "tokenizer", "vectors"};
        const int which = below(9);
        if (which < 6) {
            auto *box = child<QComboBox>(combos[which]);
            if (!box->isEnabled() || box->count() == 0)
                return;
            box->setCurrentIndex(below(box->count()));
            Q_EMIT box->activated(box->currentIndex());
        } else if (which == 6) {
            child<QSpinBox>("heads")->setValue(1 + below(3));
        } else if (which == 7) {
            child<QSpinBox>("dim")->setValue(2 + below(4));
        } else {
            child<QDoubleSpinBox>("temperature")->setValue(0.25 * (1 + below(8)));
        }
    }

    void select()
    {
        const int tokens = session()->document().tokenCount();
        if (below(2) && tokens > 0)
            session()->setSelectedToken(below(tokens));
        else
            child<QSpinBox>("headBox")->setValue(1 + below(session()->document().settings().heads));
    }

    void saveOrExport()
    {
        if (below(2)) {
            QVERIFY(m_window->saveDocument(m_dir.filePath(u"walk.qkv.json"_qs)));
            QVERIFY(session()->undoStack()->isClean());
            ++m_saves;
            return;
        }
        ExportDialog *dialog = m_window->exportDialog();
        const QString path = m_dir.filePath(below(2) ? u"figure.png"_qs : u"numbers.csv"_qs);
        const QString error = path.endsWith(u".png") ? dialog->saveFigure(path) : dialog->saveNumbers(path);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 0);
        ++m_exports;
    }

    void checkInvariants(int step)
    {
        const Document &doc = session()->document();
        const QByteArray saved = serializeDocument(doc);
        const LoadResult back = parseDocument(saved);
        QVERIFY2(back, qPrintable(QStringLiteral("step %1: %2").arg(step).arg(back.error.toString())));
        QCOMPARE(serializeDocument(*back.document), saved);
        session()->waitForResult();
        const Result &r = session()->result();
        QCOMPARE(r.tokens, doc.tokens());
        QCOMPARE(int(r.heads.size()), doc.settings().heads);
        for (const HeadResult &h : r.heads)
            QVERIFY(h.weights.allFinite() && h.output.allFinite());
        QCOMPARE(child<QLineEdit>("sentenceEdit")->text(), doc.sentence());
        QCOMPARE(m_window->isWindowModified(), !session()->undoStack()->isClean());
        QVERIFY(session()->currentHead() < doc.settings().heads);
        QVERIFY(session()->selectedToken() < doc.tokenCount());
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void fiveThousandRandomActions()
    {
        const quint32 seed = qEnvironmentVariableIsSet("QKV_SEED") ? quint32(qEnvironmentVariableIntValue("QKV_SEED"))
                                                                   : QRandomGenerator::global()->generate();
        const int steps = qEnvironmentVariableIsSet("QKV_STEPS") ? qEnvironmentVariableIntValue("QKV_STEPS") : 5000;
        qInfo("seed %u (QKV_SEED=%u repeats it), %d actions", seed, seed, steps);
        m_random.seed(seed);
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(u"example:birds"_qs));
        m_window->resize(1200, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        connect(session(), &DocumentSession::editRefused, this, [this] { ++m_refused; });
        const QByteArray opened = serializeDocument(session()->document());
        auto *undo = child<QAction>("actionUndo");
        auto *redo = child<QAction>("actionRedo");

        for (int step = 0; step < steps; ++step) {
            const int action = below(100);
            if (action < 25)
                type();
            else if (action < 40)
                typeIntoACell();
            else if (action < 48)
                paste();
            else if (action < 58)
                chooseASetting();
            else if (action < 68)
                select();
            else if (action < 82)
                undo->trigger();
            else if (action < 95)
                redo->trigger();
            else if (action < 97)
                saveOrExport();
            else
                QCoreApplication::processEvents(); // a repaint of every view
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("step %1 (action %2)").arg(step).arg(action)));
            checkInvariants(step);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("after step %1 (action %2)").arg(step).arg(action)));
        }
        const QByteArray last = serializeDocument(session()->document());
        QUndoStack *stack = session()->undoStack();
        qInfo("%d undo steps, %d saves, %d exports, %d edits refused", int(stack->count()), m_saves, m_exports,
            m_refused);
        const int lastIndex = stack->index(); // the walk may end with steps undone
        while (stack->canUndo())
            stack->undo();
        QCOMPARE(serializeDocument(session()->document()), opened);
        while (stack->index() < lastIndex)
            stack->redo();
        QCOMPARE(serializeDocument(session()->document()), last);
        stack->setClean(); // nothing to ask about on close
        m_window.reset();
    }

    // A real model in the window: sentences typed, layers and heads chosen in the grid, numbers
    // of the shown head edited in the table (interventions), heads switched off, layers reset,
    // undo and redo. After each action, once the model has run, what the window shows is what a
    // whole forward pass with the same interventions computes: the incremental recompute from
    // the first changed layer never drifts, and the shown layer's table holds that run's numbers.
    // At the end, undoing every step gives back the model's own run of the first sentence, and
    // redoing them the last state.
    void randomActionsOnARealModel()
    {
        const quint32 seed = qEnvironmentVariableIsSet("QKV_SEED") ? quint32(qEnvironmentVariableIntValue("QKV_SEED"))
                                                                   : QRandomGenerator::global()->generate();
        const int steps = qEnvironmentVariableIsSet("QKV_STEPS") ? qEnvironmentVariableIntValue("QKV_STEPS") / 10 : 500;
        qInfo("seed %u (QKV_SEED=%u repeats it), %d actions", seed, seed, steps);
        m_random.seed(seed);
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1200, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QVERIFY(m_window->openDocument(u"example:induction"_qs));
        live::LiveSession *live = m_window->liveSession();
        const auto settle = [&] {
            QTRY_VERIFY_WITH_TIMEOUT(!live->isComputing(), 20000);
            session()->waitForResult();
        };
        settle();
        const QString opened = live->sentence();
        const Eigen::MatrixXf openedLogits = live->run()->forward->logits;
        auto *grid = child<LayersGridView>("grid");
        const TransformerSession *shown = m_window->transformerSession();
        const transformer::Config &config = live->model()->model().config();
        int interventions = 0;
        for (int step = 0; step < steps; ++step) {
            const int action = below(100);
            if (action < 20) {
                type();
            } else if (action < 35) {
                const QPointF tile = grid->tileRect(grid->rect(), below(config.layers), below(config.heads)).center();
                QTest::mouseClick(grid, Qt::LeftButton, {}, tile.toPoint());
            } else if (action < 60) {
                const Document &doc = session()->document();
                if (doc.tokenCount() > 0) {
                    static const Field fields[] = {Field::Query, Field::Key, Field::Value};
                    const ValueRef ref {fields[below(3)], doc.vectorKey(below(doc.tokenCount())),
                        session()->currentHead(), 0, below(doc.settings().dim)};
                    session()->editValue(ref, doc.value(ref) + (below(2001) - 1000) / 100.0);
                }
            } else if (action < 68) {
                child<QAction>("actionAblateHead")->trigger();
            } else if (action < 73) {
                child<QAction>(below(2) ? "actionResetLayer" : "actionResetAll")->trigger();
            } else if (action < 87) {
                child<QAction>("actionUndo")->trigger();
            } else {
                child<QAction>("actionRedo")->trigger();
            }
            settle();
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("step %1 (action %2)").arg(step).arg(action)));
            const std::shared_ptr<const live::LiveRun> run = live->run();
            QVERIFY(run && *run);
            QCOMPARE(run->sentence, child<QLineEdit>("sentenceEdit")->text());
            transformer::ForwardOptions options;
            options.interventions = live->interventions();
            interventions = std::max(interventions, int(options.interventions.size()));
            const transformer::ForwardResult whole = transformer::forward(live->model()->model(), run->ids, options);
            QVERIFY2((run->forward->logits - whole.logits).cwiseAbs().maxCoeff() < 1e-4f,
                qPrintable(QStringLiteral("step %1 (action %2)").arg(step).arg(action)));
            QVERIFY(run->forward->logits.allFinite());
            const int layer = shown->view().layer;
            if (layer >= 0 && usesModelVectors(*shown->model(), shown->view()))
                QVERIFY2(live::sameInterventions(live::interventionsFromDocument(session()->document(), layer, *run),
                             live::layerEdits(options.interventions, layer)),
                    qPrintable(QStringLiteral("step %1 (action %2): the table is not the run").arg(step).arg(action)));
        }
        qInfo("at most %d interventions at once", interventions);
        QUndoStack *history = m_window->history()->activeStack();
        const int lastIndex = history->index();
        const std::vector<transformer::Intervention> last = live->interventions();
        const QString lastSentence = live->sentence();
        qInfo("%d steps in the model's history", int(history->count()));
        while (history->canUndo()) {
            history->undo();
            settle();
        }
        QCOMPARE(live->sentence(), opened);
        QCOMPARE(child<QLineEdit>("sentenceEdit")->text(), opened);
        QVERIFY(live->interventions().empty());
        QVERIFY((live->run()->forward->logits - openedLogits).cwiseAbs().maxCoeff() < 1e-5f);
        while (history->index() < lastIndex) {
            history->redo();
            settle();
        }
        QCOMPARE(live->sentence(), lastSentence);
        QVERIFY(live::sameInterventions(live->interventions(), last));
        history->setClean();
        m_window.reset();
    }
};

QTEST_MAIN(TstRandomWindow)
#include "tst_randomwindow.moc"
