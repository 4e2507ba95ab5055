#include "document/documentio.h"
#include "session/commandtext.h"
#include "session/documentsession.h"

#include <QTest>

using namespace qkv;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(std::vector<ValueRef>)
Q_DECLARE_METATYPE(std::vector<double>)

class TstCommandText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void valuesSayWhatChanged_data()
    {
        QTest::addColumn<int>("heads");
        QTest::addColumn<std::vector<ValueRef>>("refs");
        QTest::addColumn<std::vector<double>>("values");
        QTest::addColumn<bool>("dragged");
        QTest::addColumn<QString>("text");
        const ValueRef q1 {Field::Query, u"it"_s, 0, 0, 0};
        ValueRef q2 = q1, k1 = q1, head2 = q1;
        q2.col = 1;
        k1.field = Field::Key;
        head2.head = 1;
        QTest::newRow("typed") << 1 << std::vector {q1} << std::vector {0.5} << false
                               << u"Set query q1 of ‘it’ to 0.5"_s;
        QTest::newRow("scrubbed") << 1 << std::vector {k1} << std::vector {-1.25} << true
                                  << u"Drag key k1 of ‘it’ to -1.25"_s;
        QTest::newRow("point dragged") << 1 << std::vector {q1, q2} << std::vector {1.0, 2.0} << true
                                       << u"Drag query of ‘it’"_s;
        QTest::newRow("first of two heads")
            << 2 << std::vector {q1} << std::vector {3.0} << false << u"Set query q1 of ‘it’ in head 1 to 3"_s;
        QTest::newRow("second head") << 2 << std::vector {head2} << std::vector {3.0} << false
                                     << u"Set query q1 of ‘it’ in head 2 to 3"_s;
        QTest::newRow("pasted into one vector")
            << 1 << std::vector {q1, q2} << std::vector {1.0, 2.0} << false << u"Set 2 values of query of ‘it’"_s;
        QTest::newRow("pasted across vectors")
            << 1 << std::vector {q1, k1} << std::vector {1.0, 2.0} << false << u"Set 2 values"_s;
        QTest::newRow("weights") << 1 << std::vector {ValueRef {Field::Attention, {}, 0, 1, 2}} << std::vector {0.25}
                                 << false << u"Set A[2, 3], head 1 to 0.25"_s;
    }
    void valuesSayWhatChanged()
    {
        QFETCH(int, heads);
        QFETCH(std::vector<ValueRef>, refs);
        QFETCH(std::vector<double>, values);
        QFETCH(bool, dragged);
        QFETCH(QString, text);
        Document doc;
        Settings s;
        s.heads = heads;
        doc.setSettings(s);
        doc.setSentence(u"it was it"_s);
        QCOMPARE(valuesText(doc, refs, values, dragged), text);
    }

    // A real model's vectors are the token's own, keyed by place ("#3"): the history names the
    // token's text, with its place when the text repeats, and the head of every edit.
    void perTokenVectorsAreNamedByTheirText()
    {
        Document doc;
        Settings s;
        s.heads = 4;
        s.vectors = VectorScope::PerToken;
        doc.setSettings(s);
        doc.setSentence(u"the teacher said she the"_s);
        const ValueRef she {Field::Key, u"#4"_s, 2, 0, 1};
        QCOMPARE(valuesText(doc, {she}, {2.41}, true), u"Drag key k2 of ‘she’ in head 3 to 2.41"_s);
        const ValueRef the {Field::Query, u"#5"_s, 0, 0, 0};
        QCOMPARE(valuesText(doc, {the}, {1.0}, false), u"Set query q1 of ‘the’ (token 5) in head 1 to 1"_s);
        ValueRef theAgain = the;
        theAgain.col = 1;
        QCOMPARE(valuesText(doc, {the, theAgain}, {1.0, 2.0}, true), u"Drag query of ‘the’ (token 5) in head 1"_s);
    }

    void settingsSayWhatChanged()
    {
        Settings a, b;
        b.temperature = 0.5;
        QCOMPARE(settingsText(a, b), u"Set temperature to 0.5"_s);
        b.mask = MaskKind::Causal;
        QCOMPARE(settingsText(a, b), u"Set temperature to 0.5, mask to causal"_s);
        Settings c;
        c.heads = 2;
        QCOMPARE(settingsText(a, c), u"Set heads to 2"_s);
        QCOMPARE(settingsText(a, a), u"Change settings"_s);
    }

    // The undo stack (Edit menu, History dock) names each step so.
    void commandsAreNamedOnTheStack()
    {
        DocumentSession session;
        session.resetDocument(*loadDocument(u"example:animal"_s).document);
        QUndoStack *stack = session.undoStack();
        Settings s = session.document().settings();
        s.temperature = 0.5;
        session.editSettings(s);
        QCOMPARE(stack->undoText(), u"Set temperature to 0.5"_s);
        session.toggleMask({7, 1});
        QCOMPARE(stack->undoText(), u"Mask ‘it’ → ‘animal’"_s);
        session.toggleMask({7, 1});
        QCOMPARE(stack->undoText(), u"Unmask ‘it’ → ‘animal’"_s);
        const int drag = session.newDragId();
        const ValueRef q1 {Field::Query, u"it"_s, 0, 0, 0};
        ValueRef q2 = q1;
        q2.col = 1;
        session.editValues({q1, q2}, {0.1, 0.2}, drag);
        session.editValues({q1, q2}, {0.3, 0.4}, drag);
        QCOMPARE(stack->count(), 4);
        QCOMPARE(stack->undoText(), u"Drag query of ‘it’"_s);
        const int scrub = session.newDragId();
        session.editValue(q1, 0.7, scrub);
        session.editValue(q1, 0.9, scrub);
        QCOMPARE(stack->undoText(), u"Drag query q1 of ‘it’ to 0.9"_s); // follows the merged drag
        session.editSentence(u"The animal slept"_s);
        session.editSentence(u"The animal slept well"_s);
        QCOMPARE(stack->undoText(), u"Replace “didn't cross the street because it was …” with “slept well”"_s);
        // Named by what was typed or deleted: the steps of a long sentence do not all read alike.
        const QString end(60, u'!');
        QCOMPARE(sentenceText(u"The animal"_s + end, u"The animal slept"_s + end), u"Type “slept”"_s);
        QCOMPARE(sentenceText(u"The animal slept"_s, u"The animal"_s), u"Delete “slept”"_s);
        QCOMPARE(sentenceText(u"The"_s, u"The"_s + end), u"Type “!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!…”"_s);
        QCOMPARE(sentenceText(u"The dog"_s + end, u"The cat"_s + end), u"Replace “dog” with “cat”"_s);
        QCOMPARE(sentenceText(u"a b"_s, u"a  b"_s), u"Type “a  b”"_s); // a space alone
    }
};

QTEST_MAIN(TstCommandText)
#include "tst_commandtext.moc"
