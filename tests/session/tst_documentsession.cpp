#include "document/documentio.h"
#include "document/snapshot.h"
#include "session/documentsession.h"

#include <QSignalSpy>
#include <QTest>

using namespace qkv;

namespace {

// 2,048 tokens of 300 words: large enough to be computed in the background.
QStringList manyWords()
{
    QStringList words;
    for (int i = 0; i < 2048; ++i)
        words << QStringLiteral("w%1").arg(i % 300);
    return words;
}

Document documentOf(const QStringList &words)
{
    Document doc;
    doc.setSentence(words.join(QLatin1Char(' ')));
    return doc;
}

} // namespace

class TstDocumentSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void typingIsOneUndoStepAndRestoresEverything()
    {
        DocumentSession session;
        const LoadResult birds = loadDocument(QStringLiteral("example:birds"));
        QVERIFY(birds);
        session.resetDocument(*birds.document);
        const QByteArray original = serializeDocument(session.document());
        QSignalSpy spy(&session, &DocumentSession::resultChanged);

        const QString typed = QStringLiteral("Birds sometimes walk far");
        for (int i = QStringLiteral("Birds sometimes walk").size() + 1; i <= typed.size(); ++i)
            session.editSentence(typed.left(i));
        QCOMPARE(session.document().tokenCount(), 4);
        QCOMPARE(session.result().heads[0].weights.rows(), 4);
        QCOMPARE(spy.count(), 4);
        QCOMPARE(session.undoStack()->count(), 2); // the space, then the new word

        session.undoStack()->undo();
        QCOMPARE(session.document().sentence(), QStringLiteral("Birds sometimes walk "));
        session.undoStack()->undo();
        QCOMPARE(session.document().tokenCount(), 3);
        QCOMPARE(serializeDocument(session.document()), original);
        QCOMPARE(session.result().heads[0].output(2, 0), 0.6 * 0.1 + 0.1 * -0.8 + 0.4 * 0.5);

        session.undoStack()->redo();
        session.undoStack()->redo();
        QCOMPARE(session.document().sentence(), typed);
    }

    void typingIsOneStepPerWordOrBurst()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
        const auto type = [&session](const QString &text) {
            const QString start = session.document().sentence();
            for (int i = 1; i <= text.size(); ++i)
                session.editSentence(start + text.left(i));
        };
        type(QStringLiteral(" and then it slept"));
        QCOMPARE(session.undoStack()->count(), 5); // " ", "and ", "then ", "it ", "slept"
        QCOMPARE(session.undoStack()->undoText(), session.undoStack()->command(4)->text());
        session.undoStack()->undo();
        QVERIFY(session.document().sentence().endsWith(QStringLiteral("then it ")));
        session.undoStack()->redo();
        // Within a word, a pause of a second starts a new step; typing on without one does not.
        type(QStringLiteral("ly"));
        QCOMPARE(session.undoStack()->count(), 5);
        QTest::qWait(1100);
        type(QStringLiteral("er"));
        QCOMPARE(session.undoStack()->count(), 6);
        QVERIFY(session.document().sentence().endsWith(QStringLiteral("it sleptlyer")));
        session.undoStack()->undo();
        QVERIFY(session.document().sentence().endsWith(QStringLiteral("it sleptly")));
    }

    void typingBackToTheStartLeavesNoStep()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
        const QString start = session.document().sentence();
        session.editSentence(start + QStringLiteral(" x"));
        session.editSentence(start);
        QCOMPARE(session.undoStack()->count(), 0);
    }

    void largeDocumentsComputeInTheBackground()
    {
        DocumentSession session;
        const QStringList words = manyWords();
        const Document doc = documentOf(words);
        QVERIFY(DocumentSession::isComputedInBackground(doc));
        QVERIFY(!DocumentSession::isComputedInBackground(*loadDocument(QStringLiteral("example:animal")).document));
        QSignalSpy spy(&session, &DocumentSession::resultChanged);
        session.resetDocument(doc);
        // The edit returns at once; the result follows on the event loop.
        QVERIFY(session.isComputing());
        QCOMPARE(session.result().tokens.size(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(session.result().tokens.size(), 2048, 20000);
        QVERIFY(!session.isComputing());
        QCOMPARE(spy.count(), 1);
        // Edits while a computation runs: the last one always wins.
        session.editSentence(words.mid(0, 1500).join(QLatin1Char(' ')));
        session.editSentence(words.mid(0, 1700).join(QLatin1Char(' ')));
        session.waitForResult();
        QCOMPARE(session.result().tokens.size(), 1700);
        QCOMPARE(session.result().heads[0].weights.rows(), 1700);
        const Result direct = compute(session.document());
        QCOMPARE(session.result().heads[0].weights, direct.heads[0].weights);
    }

    // A small document computed at once while a large one still computes in the background: the
    // large one's late result is never shown over the small one's.
    void aLateResultNeverReplacesANewerOne()
    {
        DocumentSession session;
        session.resetDocument(documentOf(manyWords()));
        QVERIFY(session.isComputing());
        const Document small = *loadDocument(QStringLiteral("example:birds")).document;
        QList<qsizetype> shown;
        connect(&session, &DocumentSession::resultChanged, this, [&] { shown << session.result().tokens.size(); });
        session.resetDocument(small);
        QCOMPARE(session.result().tokens.size(), 3);
        QTRY_VERIFY_WITH_TIMEOUT(!session.isComputing(), 20000);
        QCoreApplication::processEvents();
        QVERIFY(!shown.isEmpty());
        for (qsizetype n : shown)
            QCOMPARE(n, 3);
        QCOMPARE(session.result().tokens.size(), 3);
    }

    // A result computed along with the document (a real model's layer) is shown as given.
    void aComputedResultIsTakenAsItIs()
    {
        DocumentSession session;
        const Document doc = *loadDocument(QStringLiteral("example:animal")).document;
        Result given = compute(doc);
        given.heads[0].weights(0, 0) = 0.125; // marked: not what a recompute would give
        session.resetDocument(doc, given);
        QVERIFY(!session.isComputing());
        QCOMPARE(session.result().heads[0].weights(0, 0), 0.125);
        QCOMPARE(session.undoStack()->count(), 0);
        session.editSentence(doc.sentence() + QStringLiteral(" again")); // an edit computes anew
        session.waitForResult();
        QVERIFY(session.result().heads[0].weights(0, 0) != 0.125);
    }

    // A baseline snapshot of the numbers shown compares with the shown result (a large
    // document is not computed again on the GUI thread); another snapshot is computed.
    void aSnapshotOfTheShownNumbersReusesTheirResult()
    {
        Document doc = *loadDocument(QStringLiteral("example:animal")).document;
        const auto same = std::make_shared<const Document>(snapshotState(doc));
        Document other = snapshotState(doc);
        WordVectors it = other.wordVectors(QStringLiteral("it"));
        it.q(0, 0) += 1;
        other.setWordVectors(QStringLiteral("it"), it);
        doc.setSnapshots(
            {{QStringLiteral("same"), same}, {QStringLiteral("other"), std::make_shared<const Document>(other)}});
        doc.setBaseline(QStringLiteral("same"));
        Result given = compute(doc);
        given.heads[0].weights(0, 0) = 0.125; // marked: not what a compute gives
        DocumentSession session;
        session.resetDocument(doc, given);
        QCOMPARE(session.baselineResult()->heads[0].weights(0, 0), 0.125);
        doc.setBaseline(QStringLiteral("other"));
        session.editDocument(doc, QStringLiteral("Compare"));
        session.waitForResult();
        QVERIFY(session.baselineResult()->heads[0].weights == compute(other).heads[0].weights);
    }

    // Choosing an older snapshot of a large document computes it on the worker: until it arrives
    // the views draw no difference, then resultChanged brings it.
    void aLargeOlderSnapshotIsComputedOnTheWorker()
    {
        Document doc;
        Settings s;
        s.heads = 8;
        doc.setSettings(s);
        QStringList words;
        for (int i = 0; i < 400; ++i)
            words << QStringLiteral("w%1").arg(i % 37);
        doc.setSentence(words.join(u' '));
        QVERIFY(DocumentSession::isComputedInBackground(doc));
        Document older = snapshotState(doc);
        WordVectors w = older.wordVectors(QStringLiteral("w3"));
        w.q(2, 1) += 2;
        older.setWordVectors(QStringLiteral("w3"), w);
        doc.setSnapshots({{QStringLiteral("older"), std::make_shared<const Document>(older)}});
        DocumentSession session;
        session.resetDocument(doc, compute(doc));
        QVERIFY(!session.baselineResult());
        doc.setBaseline(QStringLiteral("older"));
        QSignalSpy changed(&session, &DocumentSession::resultChanged);
        session.editDocument(doc, QStringLiteral("Compare"));
        session.waitForResult();
        changed.clear();
        QVERIFY(!session.baselineResult()); // on its way
        QVERIFY(changed.wait(20000));
        const Result *baseline = session.baselineResult();
        QVERIFY(baseline);
        QVERIFY(baseline->heads[2].weights == compute(older).heads[2].weights);
        QVERIFY(baseline->heads[2].weights != session.result().heads[2].weights);
        // An export waits for it instead.
        doc.setSnapshots({{QStringLiteral("again"), std::make_shared<const Document>(older)}});
        doc.setBaseline(QStringLiteral("again"));
        session.editDocument(doc, QStringLiteral("Compare again"));
        session.waitForResult();
        QVERIFY(session.baselineResult(true));
    }

    // A held result (a figure drawn on a worker) stays as it was: an edit, of a few rows or of
    // the whole, changes a copy. Held by nobody, the shown result changes where it lies, so the
    // views' pointers to it stay good.
    void aHeldResultStaysAsItWas()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
        const Result *shown = &session.result();
        const ValueRef ref {Field::Query, QStringLiteral("it"), 0, 0, 0};
        session.editValue(ref, 0.5);
        QCOMPARE(&session.result(), shown);
        std::shared_ptr<const Result> held = session.sharedResult();
        QCOMPARE(held.get(), shown);
        const Result before = *held;
        session.editValue(ref, 0.75);
        QVERIFY(session.changedRows()); // the few rows' path
        QVERIFY(held->heads[0].weights == before.heads[0].weights);
        QVERIFY(held->heads[0].output == before.heads[0].output);
        QVERIFY(session.result().heads[0].weights != before.heads[0].weights);
        QVERIFY(session.result().heads[0].weights == compute(session.document()).heads[0].weights);
        held = session.sharedResult();
        const QStringList tokens = held->tokens;
        session.editSentence(session.document().sentence() + QStringLiteral(" again"));
        QCOMPARE(held->tokens, tokens);
        QCOMPARE(session.result().tokens.size(), tokens.size() + 1);
    }

    void resetClearsHistory()
    {
        DocumentSession session;
        QSignalSpy reset(&session, &DocumentSession::documentReset);
        session.editSentence(QStringLiteral("a b"));
        QCOMPARE(session.undoStack()->count(), 1);
        session.resetDocument(Document());
        QCOMPARE(session.undoStack()->count(), 0);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(session.result().tokens, QStringList());
    }
};

QTEST_GUILESS_MAIN(TstDocumentSession)
#include "tst_documentsession.moc"
