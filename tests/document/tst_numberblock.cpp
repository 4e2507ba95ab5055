#include "document/numberblock.h"

#include <QTest>

using qkv::parseNumberBlock;

using Rows = std::vector<std::vector<double>>;
Q_DECLARE_METATYPE(Rows)

class TstNumberBlock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<Rows>("rows");
        QTest::addColumn<QString>("error");
        QTest::newRow("spreadsheet tabs")
            << QStringLiteral("0.1\t0.2\n-3\t4e-2\n") << Rows {{0.1, 0.2}, {-3, 0.04}} << QString();
        QTest::newRow("comma separated") << QStringLiteral("1, 2, 3\r\n4,5,6") << Rows {{1, 2, 3}, {4, 5, 6}}
                                         << QString();
        QTest::newRow("semicolons") << QStringLiteral("1;2") << Rows {{1, 2}} << QString();
        QTest::newRow("one number") << QStringLiteral(" 7 ") << Rows {{7}} << QString();
        QTest::newRow("a word") << QStringLiteral("1\t2\n3\tdog") << Rows {}
                                << QStringLiteral("row 2, column 2: \"dog\" is not a number");
        QTest::newRow("empty cell") << QStringLiteral("1,,2") << Rows {}
                                    << QStringLiteral("row 1, column 2: \"\" is not a number");
        QTest::newRow("too large") << QStringLiteral("1e308") << Rows {}
                                   << QStringLiteral("row 1, column 1: 1e308 is outside -1e6 … 1e6");
        QTest::newRow("nan") << QStringLiteral("nan") << Rows {}
                             << QStringLiteral("row 1, column 1: nan is outside -1e6 … 1e6");
        QTest::newRow("nothing") << QStringLiteral("\n\n") << Rows {}
                                 << QStringLiteral("there are no numbers to paste");
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(Rows, rows);
        QFETCH(QString, error);
        const qkv::NumberBlock b = parseNumberBlock(text);
        QCOMPARE(b.error, error);
        if (error.isEmpty())
            QCOMPARE(b.rows, rows);
    }

    void roundTrip()
    {
        const Rows rows {{0.1 + 0.2, -1e-7}, {3, 1e5}};
        QCOMPARE(qkv::formatNumberBlock(rows), QStringLiteral("0.30000000000000004\t-1e-07\n3\t100000\n"));
        QCOMPARE(parseNumberBlock(qkv::formatNumberBlock(rows)).rows, rows);
    }
};

QTEST_GUILESS_MAIN(TstNumberBlock)
#include "tst_numberblock.moc"
