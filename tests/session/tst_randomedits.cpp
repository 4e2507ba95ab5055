// A long random walk (8,000 steps) through the editing model: values typed, scrubbed and pasted through the
// table models, sentences, settings, masks, undo and redo. After every step the invariants hold;
// at the end, undoing everything gives back the original document byte for byte.
// Seeded: the seed is printed, QKV_SEED=N repeats a run, QKV_STEPS=N makes it longer.
#include "document/documentio.h"
#include "document/examples.h"
#include "document/numberblock.h"
#include "session/attentionmodel.h"
#include "session/documentsession.h"
#include "session/embeddingsmodel.h"
#include "session/outputprojectionmodel.h"
#include "session/projectionsmodel.h"
#include "session/wordvectorsmodel.h"

#include <QAbstractItemModelTester>
#include <QRandomGenerator>
#include <QTest>

#include <random>

using namespace qkv;

namespace {

const QStringList vocabulary {u"Birds"_qs, u"sometimes"_qs, u"walk"_qs, u"the"_qs, u"animal"_qs, u"it"_qs, u"tired"_qs,
    u"日本"_qs, u"👩‍💻"_qs, u"שלום"_qs, u"e\u0301"_qs, u"hyper,"_qs, u"dog's"_qs};

class Walk
{
public:
    explicit Walk(quint32 seed)
        : m_rng(seed)
    { }
    int below(int n) { return n <= 1 ? 0 : std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
    bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }
    double value()
    {
        if (chance(0.03))
            return chance(0.5) ? limits::maxAbsValue : -limits::maxAbsValue;
        return std::round(std::uniform_real_distribution<double>(-3, 3)(m_rng) * 1000) / 1000;
    }
    QString sentence()
    {
        QStringList words;
        for (int i = below(9); i >= 0; --i)
            words << vocabulary[below(static_cast<int>(vocabulary.size()))];
        return chance(0.05) ? QString() : words.join(u' ');
    }

private:
    std::mt19937 m_rng;
};

quint32 seedFromEnvironment()
{
    bool ok = false;
    const quint32 seed = qEnvironmentVariable("QKV_SEED").toUInt(&ok);
    return ok ? seed : QRandomGenerator::system()->generate();
}

} // namespace

class TstRandomEdits : public QObject
{
    Q_OBJECT

private:
    DocumentSession m_session;
    std::vector<std::unique_ptr<DocumentTableModel>> m_models;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
    QString m_lastStep;

    DocumentTableModel *anyModel(Walk &walk) { return m_models[static_cast<std::size_t>(walk.below(5))].get(); }

    // One random edit, undo or redo; says what it did, for the failure message.
    QString step(Walk &walk)
    {
        QUndoStack *undo = m_session.undoStack();
        DocumentTableModel *model = anyModel(walk);
        const int rows = model->rowCount(), cols = model->columnCount();
        const QModelIndex cell = model->index(walk.below(rows), walk.below(cols));
        switch (walk.below(12)) {
        case 0:
        case 1: {
            if (!cell.isValid())
                return u"no cell to type in"_qs;
            const double x = walk.value();
            const bool editable = cell.isValid() && model->refAt(cell.row(), cell.column()).has_value();
            const int before = undo->count();
            const bool accepted = model->setData(cell, x);
            if (accepted != editable || (!accepted && undo->count() != before))
                return u"FAIL: setData on a read-only or missing cell"_qs;
            return QStringLiteral("%1 set (%2, %3) to %4")
                .arg(QLatin1String(model->metaObject()->className()))
                .arg(cell.row())
                .arg(cell.column())
                .arg(x);
        }
        case 2: {
            // Out of range, not a number, text: refused, and no undo step.
            const int before = undo->count();
            const QVariant bad = QList<QVariant> {1e7, u"NaN"_qs, u"inf"_qs, u"abc"_qs, u""_qs}[walk.below(5)];
            if (cell.isValid() && (model->setData(cell, bad) || undo->count() != before))
                return u"FAIL: accepted "_qs + bad.toString();
            return u"refused "_qs + bad.toString();
        }
        case 3: {
            // A drag: many values, one undo step.
            if (!cell.isValid() || !model->refAt(cell.row(), cell.column()))
                return u"no drag"_qs;
            const int before = undo->count();
            for (int i = walk.below(6); i >= 0; --i)
                model->setData(cell, walk.value(), DocumentTableModel::ScrubRole);
            model->setData(cell, {}, DocumentTableModel::ScrubEndRole);
            if (undo->count() > before + 1)
                return u"FAIL: one drag made several undo steps"_qs;
            return u"dragged a value"_qs;
        }
        case 4: {
            std::vector<std::vector<double>> block(static_cast<std::size_t>(1 + walk.below(3)));
            for (auto &row : block)
                row.assign(static_cast<std::size_t>(1 + walk.below(3)), walk.value());
            const NumberBlock parsed = parseNumberBlock(formatNumberBlock(block));
            if (parsed.rows != block)
                return u"FAIL: copy and paste changed the numbers"_qs;
            const QString error = model->pasteBlock(cell, parsed.rows);
            return u"pasted a block: "_qs + (error.isEmpty() ? u"ok"_qs : error);
        }
        case 5: {
            // One time in four the second sentence of cross-attention, sometimes cleared.
            const QString s = walk.below(8) == 0 ? QString() : walk.sentence();
            if (walk.below(4) == 0) {
                m_session.editCrossSentence(s);
                return u"second sentence \""_qs + s + u'"';
            }
            const QString sentence = s.isEmpty() ? walk.sentence() : s;
            m_session.editSentence(sentence);
            return u"sentence \""_qs + sentence + u'"';
        }
        case 6: {
            Settings s = m_session.document().settings();
            switch (walk.below(10)) {
            case 0:
                s.mode = Mode(walk.below(3));
                break;
            case 1:
                s.scoring = Scoring(walk.below(3));
                break;
            case 2:
                s.normalization = Normalization(walk.below(4));
                break;
            case 3:
                s.temperature = 0.1 + walk.below(50) / 10.0;
                break;
            case 4:
                s.mask = MaskKind(walk.below(2));
                break;
            case 5:
                s.heads = 1 + walk.below(3);
                break;
            case 6:
                s.dim = 1 + walk.below(4);
                break;
            case 7:
                s.dModel = 1 + walk.below(5);
                break;
            case 8:
                s.tokenizer = TokenizerKind(walk.below(2));
                break;
            default:
                s.positions = Positions(walk.below(2));
                break;
            }
            m_session.editSettings(s);
            return u"settings"_qs;
        }
        case 7: {
            const int n = m_session.document().tokenCount();
            m_session.toggleMask({walk.below(n), walk.below(n)});
            return u"mask"_qs;
        }
        case 8:
        case 9: {
            for (int i = walk.below(3); i >= 0; --i)
                undo->undo();
            return u"undo"_qs;
        }
        case 10: {
            // Undo then redo is no change at all.
            if (!undo->canUndo())
                return u"nothing to undo"_qs;
            const QByteArray before = serializeDocument(m_session.document());
            const QString command = undo->undoText();
            undo->undo();
            undo->redo();
            const QByteArray after = serializeDocument(m_session.document());
            if (after != before) {
                const QList<QByteArray> a = before.split('\n'), b = after.split('\n');
                qsizetype line = 0;
                while (line < a.size() && line < b.size() && a[line] == b[line])
                    ++line;
                return QStringLiteral("FAIL: undo + redo of \"%1\" changed the document from line %2: %3 → %4")
                    .arg(command)
                    .arg(line + 1)
                    .arg(QString::fromUtf8(a.value(line)), QString::fromUtf8(b.value(line)));
            }
            return u"undo, redo"_qs;
        }
        default:
            m_session.setCurrentHead(walk.below(4));
            m_session.setSelectedToken(walk.below(m_session.document().tokenCount() + 1));
            for (int i = walk.below(2); i >= 0; --i)
                undo->redo();
            return u"redo"_qs;
        }
    }

    // What must hold after every step; an empty string when it does.
    QString broken() const
    {
        const Document &doc = m_session.document();
        const Result &r = m_session.result();
        const Settings &s = doc.settings();
        const int n = doc.tokenCount(), m = doc.keyTokenCount(); // m ≠ n in cross-attention
        if (r.tokens != doc.tokens() || r.keys() != doc.keyTokens() || static_cast<int>(r.heads.size()) != s.heads)
            return u"the result does not describe the document"_qs;
        if (r.output.rows() != n || !r.output.allFinite())
            return u"output: wrong shape or not finite"_qs;
        const bool softmax
            = s.normalization == Normalization::Softmax || s.normalization == Normalization::ScaledSoftmax;
        for (const HeadResult &h : r.heads) {
            if (h.weights.rows() != n || h.weights.cols() != m || h.keys.rows() != m || !h.weights.allFinite()
                || !h.scores.allFinite() || !h.queries.allFinite() || !h.keys.allFinite() || !h.values.allFinite()
                || !h.output.allFinite())
                return u"a head has a wrong shape or a number that is not finite"_qs;
            for (int i = 0; i < n; ++i) {
                for (int j = 0; j < m; ++j)
                    if (!r.isVisible(i, j) && h.weights(i, j) != 0)
                        return QStringLiteral("masked cell (%1, %2) has weight %3").arg(i).arg(j).arg(h.weights(i, j));
                const bool problem = std::any_of(
                    h.problems.begin(), h.problems.end(), [i](const RowProblem &p) { return p.row == i; });
                if (softmax && s.mode != Mode::Weights && !problem && std::abs(h.weights.row(i).sum() - 1) > 1e-9)
                    return QStringLiteral("row %1 sums to %2").arg(i).arg(h.weights.row(i).sum(), 0, 'g', 17);
            }
        }
        for (const auto &model : m_models) {
            for (int row = 0; row < model->rowCount(); ++row) {
                for (int col = 0; col < model->columnCount(); ++col) {
                    const double shown = model->index(row, col).data(Qt::EditRole).toDouble();
                    const auto ref = model->refAt(row, col);
                    if (!std::isfinite(shown) || (ref && (!doc.isValid(*ref) || doc.value(*ref) != shown)))
                        return QStringLiteral("%1 (%2, %3) shows %4, not the document's number")
                            .arg(QLatin1String(model->metaObject()->className()))
                            .arg(row)
                            .arg(col)
                            .arg(shown);
                }
            }
        }
        if (m_session.selectedToken() >= (m_session.isKeySelected() ? m : n) || m_session.currentHead() >= s.heads)
            return u"the selection points past the document"_qs;
        return {};
    }

private Q_SLOTS:
    void thousandsOfRandomEditsKeepTheInvariants()
    {
        const quint32 seed = seedFromEnvironment();
        const int steps = qEnvironmentVariableIsSet("QKV_STEPS") ? qEnvironmentVariableIntValue("QKV_STEPS") : 8000;
        qInfo("seed %u (QKV_SEED=%u repeats this run), %d steps", seed, seed, steps);
        Walk walk(seed);
        const QStringList examples = exampleNames();
        m_session.resetDocument(*loadDocument(u"example:"_qs + examples[walk.below(int(examples.size()))]).document);
        m_models.push_back(std::make_unique<WordVectorsModel>(&m_session));
        m_models.push_back(std::make_unique<EmbeddingsModel>(&m_session));
        m_models.push_back(std::make_unique<ProjectionsModel>(&m_session));
        m_models.push_back(std::make_unique<AttentionModel>(&m_session));
        m_models.push_back(std::make_unique<OutputProjectionModel>(&m_session));
        for (const auto &m : m_models)
            m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
                m.get(), QAbstractItemModelTester::FailureReportingMode::QtTest));
        const QByteArray original = serializeDocument(m_session.document());

        for (int i = 0; i < steps; ++i) {
            const QString what = step(walk);
            const QString problem = what.startsWith(u"FAIL") ? what : broken();
            QVERIFY2(problem.isEmpty(),
                qPrintable(QStringLiteral("seed %1, step %2 (%3): %4").arg(seed).arg(i).arg(what, problem)));
            if (QTest::currentTestFailed()) // a model tester's complaint
                QFAIL(qPrintable(QStringLiteral("seed %1, step %2 (%3)").arg(seed).arg(i).arg(what)));
        }
        qInfo("%d undo steps at the end", m_session.undoStack()->index());
        while (m_session.undoStack()->canUndo()) {
            m_session.undoStack()->undo();
            QVERIFY2(broken().isEmpty(), qPrintable(broken()));
        }
        QCOMPARE(serializeDocument(m_session.document()), original);
        m_testers.clear();
        m_models.clear();
    }
};

QTEST_GUILESS_MAIN(TstRandomEdits)
#include "tst_randomedits.moc"
