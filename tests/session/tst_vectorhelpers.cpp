#include "document/documentio.h"
#include "examples.h"
#include "session/attentionmodel.h"
#include "session/documentsession.h"
#include "session/outputsmodel.h"
#include "session/vectoredits.h"
#include "session/wordvectorsmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace qkv;
using test::example;

namespace {

// Opens 2,048 tokens of 300 words, normalized as given, in `session` and waits for their result;
// false unless a document that large is computed in the background.
bool openLargeDocument(DocumentSession &session, Normalization normalization)
{
    QStringList words;
    for (int i = 0; i < 2048; ++i)
        words << QStringLiteral("w%1").arg(i % 300);
    Document doc;
    Settings s = doc.settings();
    s.normalization = normalization;
    doc.setSettings(s);
    doc.setSentence(words.join(QLatin1Char(' ')));
    session.resetDocument(doc);
    session.waitForResult();
    return DocumentSession::isComputedInBackground(doc);
}

std::vector<double> vectorOf(const Document &doc, Field field, const QString &word, int head = 0)
{
    std::vector<double> v;
    for (int c = 0; c < doc.settings().dim; ++c)
        v.push_back(doc.value({field, word, head, 0, c}));
    return v;
}

} // namespace

// The whole-vector helpers of the tables' and the vector plot's menus, the Outputs table, and
// tables that show computed numbers following every result.
class TstVectorHelpers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scaleToUnitIsOneNamedStep()
    {
        DocumentSession session;
        session.resetDocument(example(QStringLiteral("animal")));
        const std::vector<double> before = vectorOf(session.document(), Field::Query, QStringLiteral("it"));
        const double length = std::hypot(before[0], before[1], before[2]);
        QVERIFY(length > 0 && std::abs(length - 1) > 1e-3);
        QCOMPARE(vectoredits::scaleToUnit(session, {Field::Query, QStringLiteral("it"), 0}), QString());
        QCOMPARE(session.undoStack()->count(), 1);
        QCOMPARE(session.undoStack()->text(0), QStringLiteral("Scale query of ‘it’ to length 1"));
        const std::vector<double> after = vectorOf(session.document(), Field::Query, QStringLiteral("it"));
        for (std::size_t i = 0; i < 3; ++i)
            QCOMPARE(after[i], before[i] / length);
        // The weights follow: "it"'s row is computed from the new query.
        session.waitForResult();
        QCOMPARE(session.result().heads[0].queries(7, 2), before[2] / length);
        session.undoStack()->undo();
        QCOMPARE(vectorOf(session.document(), Field::Query, QStringLiteral("it")), before);
    }

    void aZeroVectorCannotBeScaled()
    {
        DocumentSession session;
        session.resetDocument(example(QStringLiteral("animal")));
        QCOMPARE(vectoredits::setToZero(session, {Field::Key, QStringLiteral("street"), 0}), QString());
        QCOMPARE(session.undoStack()->text(0), QStringLiteral("Set key of ‘street’ to zero"));
        QCOMPARE(vectorOf(session.document(), Field::Key, QStringLiteral("street")), std::vector<double>(3, 0.0));
        QVERIFY(vectoredits::scaleToUnit(session, {Field::Key, QStringLiteral("street"), 0}).contains(u"zero vector"));
        QCOMPARE(session.undoStack()->count(), 1);
    }

    void copyTakesTheSameRoleOfAnotherWord()
    {
        DocumentSession session;
        session.resetDocument(example(QStringLiteral("animal")));
        const std::vector<double> animal = vectorOf(session.document(), Field::Value, QStringLiteral("animal"));
        QCOMPARE(vectoredits::copyFrom(session, {Field::Value, QStringLiteral("it"), 0}, QStringLiteral("animal")),
            QString());
        QCOMPARE(vectorOf(session.document(), Field::Value, QStringLiteral("it")), animal);
        QCOMPARE(session.undoStack()->text(0), QStringLiteral("Copy the value of ‘animal’ to ‘it’"));
        // Its query and key are untouched.
        QCOMPARE(vectorOf(session.document(), Field::Query, QStringLiteral("it")),
            vectorOf(example(QStringLiteral("animal")), Field::Query, QStringLiteral("it")));
    }

    void resetBringsBackTheOpenedVectors()
    {
        DocumentSession session;
        const Document opened = example(QStringLiteral("animal"));
        session.resetDocument(opened);
        session.editValue({Field::Query, QStringLiteral("it"), 0, 0, 1}, 0.5);
        session.editValue({Field::Value, QStringLiteral("it"), 0, 0, 2}, -0.25);
        vectoredits::setToZero(session, {Field::Key, QStringLiteral("it"), 0});
        QCOMPARE(vectoredits::resetWord(session, QStringLiteral("it")), QString());
        QCOMPARE(session.undoStack()->count(), 4);
        QCOMPARE(session.undoStack()->text(3), QStringLiteral("Reset ‘it’ to its starting vectors"));
        for (Field f : {Field::Query, Field::Key, Field::Value})
            QCOMPARE(vectorOf(session.document(), f, QStringLiteral("it")), vectorOf(opened, f, QStringLiteral("it")));
        // A word typed since the document was opened goes back to its default vectors.
        session.editSentence(QStringLiteral("it was zebra"));
        const Document fresh = session.document();
        session.editValue({Field::Query, QStringLiteral("zebra"), 0, 0, 0}, 0.75);
        QCOMPARE(vectoredits::resetWord(session, QStringLiteral("zebra")), QString());
        QCOMPARE(vectorOf(session.document(), Field::Query, QStringLiteral("zebra")),
            vectorOf(fresh, Field::Query, QStringLiteral("zebra")));
    }

    void helpersRefuseComputedVectors()
    {
        DocumentSession session;
        Document doc = example(QStringLiteral("animal"));
        Settings s = doc.settings();
        s.mode = Mode::Projection;
        doc.setSettings(s);
        session.resetDocument(doc);
        QVERIFY(!vectoredits::setToZero(session, {Field::Query, QStringLiteral("it"), 0}).isEmpty());
        QCOMPARE(session.undoStack()->count(), 0);
        // The embedding is the word's own vector there.
        QCOMPARE(vectoredits::setToZero(session, {Field::Embedding, QStringLiteral("it"), 0}), QString());
        QCOMPARE(session.undoStack()->text(0), QStringLiteral("Set embedding of ‘it’ to zero"));
    }

    void outputsAreTheHeadsWeightedValues()
    {
        DocumentSession session;
        session.resetDocument(example(QStringLiteral("birds")));
        OutputsModel outputs(&session);
        QAbstractItemModelTester tester(&outputs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(outputs.rowCount(), 3);
        QCOMPARE(outputs.columnCount(), 3);
        // The article: walk → [0.18, 0.11, 0.01].
        QCOMPARE(QString::number(outputs.index(2, 0).data(Qt::EditRole).toDouble(), 'f', 2), QStringLiteral("0.18"));
        QCOMPARE(QString::number(outputs.index(2, 1).data(Qt::EditRole).toDouble(), 'f', 2), QStringLiteral("0.11"));
        QCOMPARE(QString::number(outputs.index(2, 2).data(Qt::EditRole).toDouble(), 'f', 2), QStringLiteral("0.01"));
        QVERIFY(!(outputs.flags(outputs.index(0, 0)) & Qt::ItemIsEditable));
        QVERIFY(!outputs.setData(outputs.index(0, 0), 1.0));
        QCOMPARE(outputs.headerData(2, Qt::Vertical).toString(), QStringLiteral("walk"));
        QCOMPARE(outputs.headerData(0, Qt::Horizontal).toString(), QStringLiteral("o1"));
    }

    void outputsFollowTheHeadAndEdits()
    {
        DocumentSession session;
        Document doc = example(QStringLiteral("animal"));
        Settings s = doc.settings();
        s.heads = 2;
        doc.setSettings(s);
        session.resetDocument(doc);
        OutputsModel outputs(&session);
        QAbstractItemModelTester tester(&outputs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(&outputs, &QAbstractItemModel::dataChanged);
        session.setCurrentHead(1);
        QVERIFY(!changed.isEmpty());
        QCOMPARE(outputs.index(4, 1).data(Qt::EditRole).toDouble(), session.result().heads[1].output(4, 1));
        QVERIFY(outputs.headerData(0, Qt::Horizontal, DocumentTableModel::GroupRole).toString().contains(u"head 2"));
        changed.clear();
        session.editValue({Field::Value, QStringLiteral("animal"), 1, 0, 0}, 0.9);
        session.waitForResult();
        QVERIFY(!changed.isEmpty());
        QCOMPARE(outputs.index(4, 0).data(Qt::EditRole).toDouble(), session.result().heads[1].output(4, 0));
    }

    // A background result arrives after the edit that caused it: every table showing computed
    // numbers must announce it, or its cells keep the old weights.
    void computedTablesFollowABackgroundResult()
    {
        // Normalized by the row sum, an edit takes the full compute, in the background here
        // (softmax's edits are incremental and shown at once: see the next test).
        DocumentSession session;
        QVERIFY(openLargeDocument(session, Normalization::Sum));
        AttentionModel attention(&session);
        QSignalSpy changed(&attention, &QAbstractItemModel::dataChanged);
        const double before = attention.index(0, 1).data(Qt::EditRole).toDouble();
        session.editValue({Field::Key, QStringLiteral("w1"), 0, 0, 0}, 5.0);
        changed.clear(); // what the edit itself announced; the result comes later
        QTRY_VERIFY_WITH_TIMEOUT(!session.isComputing(), 20000);
        QVERIFY(!changed.isEmpty());
        const double after = attention.index(0, 1).data(Qt::EditRole).toDouble();
        QCOMPARE(after, session.result().heads[0].weights(0, 1));
        QVERIFY(after != before);
    }

    // A scrubbed key of a large document is shown with the edit itself: no background compute,
    // the same numbers as a full one, and the tables told.
    void largeSoftmaxEditsAreIncrementalAndAtOnce()
    {
        DocumentSession session;
        QVERIFY(openLargeDocument(session, Normalization::ScaledSoftmax));
        const Document doc = session.document();
        AttentionModel attention(&session);
        QSignalSpy changed(&attention, &QAbstractItemModel::dataChanged);
        const int drag = session.newDragId();
        for (const Field f : {Field::Key, Field::Query, Field::Value}) {
            changed.clear();
            session.editValue({f, QStringLiteral("w1"), 0, 0, 0}, 2.5, drag);
            QVERIFY(!session.isComputing());
            QVERIFY(!changed.isEmpty());
            // Only a value leaves the scores and weights, which views of attention then keep.
            QCOMPARE(session.attentionKept(), f == Field::Value);
            const Result full = compute(session.document());
            QVERIFY((session.result().heads[0].weights - full.heads[0].weights).cwiseAbs().maxCoeff() < 1e-12);
            QVERIFY((session.result().output - full.output).cwiseAbs().maxCoeff() < 1e-12);
        }
        QCOMPARE(session.undoStack()->count(), 3);
        while (session.undoStack()->canUndo()) {
            session.undoStack()->undo();
            QVERIFY(!session.isComputing());
        }
        const Result opened = compute(doc);
        QVERIFY((session.result().heads[0].weights - opened.heads[0].weights).cwiseAbs().maxCoeff() < 1e-12);
    }

    void unusedColumnsAreGreyedAndExplained()
    {
        DocumentSession session;
        Document doc = example(QStringLiteral("animal"));
        session.resetDocument(doc);
        WordVectorsModel words(&session);
        QVERIFY(!words.index(0, 0).data(Qt::ForegroundRole).isValid());
        Settings s = doc.settings();
        s.scoring = Scoring::KeyKey;
        session.editSettings(s);
        // Query columns (0–2) greyed with the reason; key columns (3–5) as usual.
        QVERIFY(words.index(0, 0).data(Qt::ForegroundRole).isValid());
        QVERIFY(words.index(0, 1).data(Qt::ToolTipRole).toString().startsWith(u"Queries are not used"));
        QVERIFY(words.headerData(2, Qt::Horizontal, Qt::ToolTipRole).toString().contains(u"not used"));
        QVERIFY(!words.index(0, 3).data(Qt::ForegroundRole).isValid());
        s.scoring = Scoring::Embedding;
        session.editSettings(s);
        QVERIFY(words.index(0, 4).data(Qt::ForegroundRole).isValid());
        QVERIFY(!words.index(0, 7).data(Qt::ForegroundRole).isValid()); // values are always used
    }
};

QTEST_MAIN(TstVectorHelpers)
#include "tst_vectorhelpers.moc"
