#include "document/documentio.h"
#include "platform/memorytuning.h"
#include "sanitizers.h"
#include "session/documentsession.h"

#include <QTest>

#include <malloc.h>

using namespace qkv;

namespace {

// 512 tokens, 12 heads, d = 64, every vector stored (a real model's layer): 9.4 MB of numbers.
Document largeDocument()
{
    Document doc;
    Settings s;
    s.heads = 12;
    s.dim = 64;
    s.vectors = VectorScope::PerToken;
    doc.setSettings(s);
    QStringList words;
    for (int i = 0; i < 512; ++i)
        words << QStringLiteral("w%1").arg(i);
    doc.setSentence(words.join(QLatin1Char(' ')));
    for (int i = 0; i < 512; ++i) {
        const QString key = doc.vectorKey(i);
        WordVectors v = doc.wordVectors(key);
        doc.setWordVectors(key, v);
    }
    return doc;
}

std::size_t heapInUse()
{
    return mallinfo2().uordblks;
}

} // namespace

// Undo of a setting keeps only what it changes; one setting changed again and again is one step.
class TstSettingsCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // As the program does: n × n matrices from the heap from the first compute on, so that the
    // heap in use counts the result before the edits as after them (glibc's adaptive threshold
    // would otherwise move them from mmap to the heap in between).
    void initTestCase()
    {
        const bool tuned = tuneAllocatorForRecompute();
#if defined(QKV_ASAN)
        Q_UNUSED(tuned) // AddressSanitizer's allocator ignores mallopt (and mallinfo2 reads 0)
#else
        QVERIFY(tuned);
#endif
    }

    void hundredTemperatureStepsKeepNoCopies()
    {
        DocumentSession session;
        session.resetDocument(largeDocument());
        session.waitForResult();
        QCOMPARE(session.document().storedWords().size(), std::size_t(512));
        const std::size_t before = heapInUse();
        for (int i = 1; i <= 100; ++i) {
            Settings s = session.document().settings();
            s.temperature = 1.0 + 0.01 * i;
            session.editSettings(s);
        }
        session.waitForResult();
        const double grownMiB = double(heapInUse() - std::min(heapInUse(), before)) / (1 << 20);
        // Each copy of the document would keep 9.4 MB; what remains is the result's reallocations.
        QVERIFY2(grownMiB < 48, qPrintable(QStringLiteral("%1 MiB kept by 100 setting steps").arg(grownMiB)));
        // A spin box held down: one step from the first value to the last.
        QCOMPARE(session.undoStack()->count(), 1);
        QCOMPARE(session.undoStack()->text(0), QStringLiteral("Set temperature to 2"));
        session.undoStack()->undo();
        QCOMPARE(session.document().settings().temperature, 1.0);
        session.undoStack()->redo();
        QCOMPARE(session.document().settings().temperature, 2.0);
    }

    void differentSettingsAreSeparateSteps()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
        Settings s = session.document().settings();
        s.temperature = 0.5;
        session.editSettings(s);
        s.mask = MaskKind::Causal;
        session.editSettings(s);
        s.temperature = 0.25;
        session.editSettings(s);
        QCOMPARE(session.undoStack()->count(), 3);
        QCOMPARE(session.undoStack()->text(2), QStringLiteral("Set temperature to 0.25"));
        s.temperature = 0.125;
        session.editSettings(s);
        QCOMPARE(session.undoStack()->count(), 3);
        QCOMPARE(session.undoStack()->text(2), QStringLiteral("Set temperature to 0.125"));
        // Back where that step started: the merged step is dropped.
        s.temperature = 0.5;
        session.editSettings(s);
        QCOMPARE(session.undoStack()->count(), 2);
        QCOMPARE(session.undoStack()->text(1), QStringLiteral("Set mask to causal"));
        QCOMPARE(session.document().settings().temperature, 0.5);
    }

    void shrinkingHeadsIsUndoneExactly()
    {
        DocumentSession session;
        Document doc = *loadDocument(QStringLiteral("example:animal")).document;
        Settings s = doc.settings();
        s.heads = 3;
        doc.setSettings(s);
        doc.setValue({Field::Query, QStringLiteral("it"), 2, 0, 1}, 0.75);
        session.resetDocument(doc);
        s.heads = 1;
        session.editSettings(s);
        s.dim = 2;
        session.editSettings(s);
        QCOMPARE(session.undoStack()->count(), 2);
        session.undoStack()->undo();
        session.undoStack()->undo();
        QCOMPARE(session.document().settings().heads, 3);
        QCOMPARE(session.document().value({Field::Query, QStringLiteral("it"), 2, 0, 1}), 0.75);
        QCOMPARE(serializeDocument(session.document()), serializeDocument(doc));
    }
};

QTEST_MAIN(TstSettingsCommand)
#include "tst_settingscommand.moc"
