// A number named by its JSON path (what `qkvlab export --animate REF` takes and error messages
// say): every kind of place, read and written back, and a clear refusal of any other.
#include "document/documentio.h"
#include "document/valuepath.h"

#include <QTest>

using namespace qkv;

namespace {

Document animal()
{
    return *loadDocument(u"example:animal"_qs).document;
}

} // namespace

class TstValuePath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pathsNameTheirNumber_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("word");
        QTest::addColumn<int>("head");
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("col");
        QTest::newRow("query") << u"words.it.q[0]"_qs << int(Field::Query) << u"it"_qs << 0 << 0 << 0;
        QTest::newRow("key") << u"words.animal.k[2]"_qs << int(Field::Key) << u"animal"_qs << 0 << 0 << 2;
        QTest::newRow("quoted") << u"words[\"didn't\"].v[1]"_qs << int(Field::Value) << u"didn't"_qs << 0 << 0 << 1;
        QTest::newRow("attention") << u"attention[7][1]"_qs << int(Field::Attention) << QString() << 0 << 7 << 1;
        QTest::newRow("embedding") << u"embeddings.it[3]"_qs << int(Field::Embedding) << u"it"_qs << 0 << 0 << 3;
        QTest::newRow("projection") << u"projections[0].wk[3][2]"_qs << int(Field::Wk) << QString() << 0 << 3 << 2;
        QTest::newRow("wo") << u"wo[2][3]"_qs << int(Field::Wo) << QString() << 0 << 2 << 3;
    }
    void pathsNameTheirNumber()
    {
        QFETCH(QString, path);
        QFETCH(int, field);
        QFETCH(QString, word);
        QFETCH(int, head);
        QFETCH(int, row);
        QFETCH(int, col);
        const Document doc = animal();
        QString why;
        const std::optional<ValueRef> ref = parseValuePath(path, doc, &why);
        QVERIFY2(ref, qPrintable(why));
        QCOMPARE(*ref, (ValueRef {Field(field), word, head, row, col}));
        QCOMPARE(valuePath(*ref, doc), path);
    }

    void severalHeadsNameTheHead()
    {
        Document doc = animal();
        Settings s = doc.settings();
        s.heads = 2;
        doc.setSettings(s);
        QString why;
        QCOMPARE(*parseValuePath(u"words.it.q[1][2]"_qs, doc, &why), (ValueRef {Field::Query, u"it"_qs, 1, 0, 2}));
        QCOMPARE(*parseValuePath(u"attention[1][0][3]"_qs, doc, &why), (ValueRef {Field::Attention, {}, 1, 0, 3}));
        QVERIFY(!parseValuePath(u"words.it.q[2]"_qs, doc, &why));
        QVERIFY(why.contains(u"words.it.q[0][0]"_qs));
        // The value it names is the one the file holds there.
        doc.setValue({Field::Query, u"it"_qs, 1, 0, 2}, 0.25);
        QCOMPARE(doc.value(*parseValuePath(u"words.it.q[1][2]"_qs, doc, &why)), 0.25);
    }

    void refusalsSayWhy_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("why");
        QTest::newRow("no word") << u"words.cat.q[0]"_qs << u"words.cat.q[0]: the sentence has no word “cat”"_qs;
        QTest::newRow("beyond")
            << u"words.it.q[3]"_qs
            << u"words.it.q[3]: beyond the document's shape (1 head(s), d = 3, d_model = 4, 11 token(s))"_qs;
        QTest::newRow("unknown role") << u"words.it.z[0]"_qs
                                      << u"words.it.z[0]: not the path of a number; e.g. words.it.q[0], "
                                         "embeddings.it[0], projections[0].wq[0][0], wo[0][0] or attention[0][1]"_qs;
        QTest::newRow("junk") << u"words.it.q[0"_qs << u"words.it.q[0: cannot read the path at character 11 (“[0”)"_qs;
        QTest::newRow("a vector") << u"words.it.q"_qs
                                  << u"words.it.q: not the path of a number; e.g. words.it.q[0], "
                                     "embeddings.it[0], projections[0].wq[0][0], wo[0][0] or attention[0][1]"_qs;
    }
    void refusalsSayWhy()
    {
        QFETCH(QString, path);
        QFETCH(QString, why);
        QString said;
        QVERIFY(!parseValuePath(path, animal(), &said));
        QCOMPARE(said, why);
    }
};

QTEST_GUILESS_MAIN(TstValuePath)
#include "tst_valuepath.moc"
