#include "document/sentencesplit.h"

#include <QTest>

using qkv::TokenizerKind;

class TstSentenceSplit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokenize_data()
    {
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QStringList>("tokens");
        const int ws = static_cast<int>(TokenizerKind::Whitespace);
        const int words = static_cast<int>(TokenizerKind::Words);

        const QString riley = QStringLiteral("Evan's dog Riley is so hyper, she never stops moving");
        QTest::newRow("articles keep Evan's and hyper,")
            << riley << ws
            << QStringList {u"Evan's"_qs, u"dog"_qs, u"Riley"_qs, u"is"_qs, u"so"_qs, u"hyper,"_qs, u"she"_qs,
                   u"never"_qs, u"stops"_qs, u"moving"_qs};
        QTest::newRow("words splits punctuation off")
            << riley << words
            << QStringList {u"Evan"_qs, u"'"_qs, u"s"_qs, u"dog"_qs, u"Riley"_qs, u"is"_qs, u"so"_qs, u"hyper"_qs,
                   u","_qs, u"she"_qs, u"never"_qs, u"stops"_qs, u"moving"_qs};
        QTest::newRow("empty") << QString() << ws << QStringList {};
        QTest::newRow("only spaces") << QStringLiteral(" \t\n ") << words << QStringList {};
        QTest::newRow("runs of whitespace") << QStringLiteral("  a \t b\n") << ws << QStringList {u"a"_qs, u"b"_qs};
        QTest::newRow("accents and combining marks") << QStringLiteral(
            "café cafe\u0301 naïve") << words << QStringList {u"café"_qs, QStringLiteral("cafe\u0301"), u"naïve"_qs};
        QTest::newRow("CJK") << QStringLiteral("我爱 猫。") << words << QStringList {u"我爱"_qs, u"猫"_qs, u"。"_qs};
        QTest::newRow("emoji with joiners stay whole")
            << QStringLiteral("hi 👩\u200d👩\u200d👧 🐕!") << words
            << QStringList {u"hi"_qs, QStringLiteral("👩\u200d👩\u200d👧"), u"🐕"_qs, u"!"_qs};
        QTest::newRow("right-to-left") << QStringLiteral("שלום עולם") << ws << QStringList {u"שלום"_qs, u"עולם"_qs};
        QTest::newRow("non-breaking space separates")
            << QStringLiteral("a\u00a0b") << ws << QStringList {u"a"_qs, u"b"_qs};
    }

    void tokenize()
    {
        QFETCH(QString, sentence);
        QFETCH(int, kind);
        QFETCH(QStringList, tokens);
        QCOMPARE(qkv::tokenize(sentence, static_cast<TokenizerKind>(kind)), tokens);
    }

    void tokensJoinBackWithoutLoss()
    {
        const QString s = QStringLiteral("Ünïcødé 😀 text, שלום — 日本語!");
        QCOMPARE(qkv::tokenize(s, TokenizerKind::Words).join(QString()), QString(s).remove(QLatin1Char(' ')));
    }
};

QTEST_GUILESS_MAIN(TstSentenceSplit)
#include "tst_sentencesplit.moc"
