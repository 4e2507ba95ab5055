// The one JSON path reader: what each typed read accepts, and that every refusal names its place
// and what was found there.
#include "platform/jsonpath.h"

#include <QTest>

#include <limits>

using namespace qkv;

namespace {

// The message of the problem `read` throws, placed as "path: message"; empty when none.
template<class Read>
QString refusal(Read &&read)
{
    try {
        read();
    } catch (const json::Invalid &e) {
        return e.path + u": "_qs + e.message;
    }
    return {};
}

} // namespace

class TstJsonPath : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void paths()
    {
        QCOMPARE(json::child(QString(), u"words"_qs), u"words"_qs);
        QCOMPARE(json::child(u"words"_qs, u"animal"_qs), u"words.animal"_qs);
        QCOMPARE(json::child(u"words"_qs, u"two words"_qs), u"words[\"two words\"]"_qs);
        QCOMPARE(json::child(u"words"_qs, u"say \"hi\""_qs), u"words[\"say \\\"hi\\\"\"]"_qs);
        QCOMPARE(json::child(u"steps"_qs, 3), u"steps[3]"_qs);
    }

    void valuesDescribed()
    {
        QCOMPARE(describeValue(QJsonValue()), u"null"_qs);
        QCOMPARE(describeValue(true), u"a boolean"_qs);
        QCOMPARE(describeValue(2.5), u"the number 2.5"_qs);
        QCOMPARE(describeValue(u"x"_qs), u"a string"_qs);
        QCOMPARE(describeValue(QJsonArray {}), u"a list"_qs);
        QCOMPARE(describeValue(QJsonObject {}), u"an object"_qs);
        QCOMPARE(describeValue(QJsonValue(QJsonValue::Undefined)), u"nothing"_qs);
    }

    void readsAndRefusals()
    {
        QCOMPARE(json::integer(7, u"n"_qs, 0, 7), 7);
        QCOMPARE(refusal([] { json::integer(8, u"n"_qs, 0, 7); }),
            u"n: expected a whole number from 0 to 7, got the number 8"_qs);
        QCOMPARE(refusal([] { json::integer(1.5, u"n"_qs, 0, 7); }),
            u"n: expected a whole number from 0 to 7, got the number 1.5"_qs);
        QCOMPARE(json::number(-3.25, u"x"_qs, 10), -3.25);
        QCOMPARE(refusal([] { json::number(11, u"x"_qs, 10); }), u"x: expected a number between -10 and 10, got 11"_qs);
        QCOMPARE(refusal([] { json::number(u"1"_qs, u"x"_qs, 10); }), u"x: expected a finite number, got a string"_qs);
        QCOMPARE(json::string(u"s"_qs, u"s"_qs), u"s"_qs);
        QCOMPARE(refusal([] { json::string(3, u"a.b"_qs); }), u"a.b: expected a string, got the number 3"_qs);
        QCOMPARE(refusal([] { json::boolean(QJsonValue(), u"f"_qs); }), u"f: expected true or false, got null"_qs);
        QCOMPARE(refusal([] { json::object(QJsonArray {}, u"o"_qs); }), u"o: expected an object, got a list"_qs);
        QCOMPARE(json::array(QJsonArray {1, 2}, u"a"_qs, 2, u"numbers"_qs).size(), 2);
        QCOMPARE(refusal([] { json::array(QJsonArray {1}, u"a"_qs, 2, u"numbers"_qs); }),
            u"a: expected 2 numbers, got 1"_qs);
        QCOMPARE(refusal([] { json::array(1, u"a"_qs, -1, u"rows"_qs); }),
            u"a: expected a list of rows, got the number 1"_qs);
        const QJsonObject o {{u"k"_qs, 1}};
        QCOMPARE(json::field(o, u"top"_qs, u"k"_qs).toInt(), 1);
        QCOMPARE(refusal([&] { json::field(o, u"top"_qs, u"m"_qs); }), u"top: \"m\" is missing"_qs);
    }
};

QTEST_GUILESS_MAIN(TstJsonPath)
#include "tst_jsonpath.moc"
