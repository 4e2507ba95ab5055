#include "attention/engine.h"
#include "document/documentio.h"
#include "export/numbertables.h"

#include <QRegularExpression>
#include <QTest>

using namespace qkv;

namespace {

// Reads the numbers back out of a CSV or Markdown table (skipping labels and rules).
Eigen::MatrixXd parseBack(const QString &text, TableFormat format)
{
    QStringList lines = text.split(u'\n', Qt::SkipEmptyParts);
    lines.removeFirst(); // header
    if (format == TableFormat::Markdown)
        lines.removeFirst(); // |---|
    std::vector<std::vector<double>> rows;
    for (const QString &line : lines) {
        QStringList cells = format == TableFormat::Csv ? line.split(u',') : line.split(u'|', Qt::SkipEmptyParts);
        cells.removeFirst(); // the row label
        std::vector<double> row;
        for (const QString &c : cells)
            row.push_back(c.trimmed().toDouble());
        rows.push_back(row);
    }
    Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.front().size()));
    for (std::size_t r = 0; r < rows.size(); ++r)
        for (std::size_t c = 0; c < rows[r].size(); ++c)
            m(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = rows[r][c];
    return m;
}

} // namespace

class TstNumberTables : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void csvAndMarkdownReadBackToSixDigits_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("csv") << static_cast<int>(TableFormat::Csv) << 0.0;
        QTest::newRow("markdown") << static_cast<int>(TableFormat::Markdown) << 5e-7;
    }
    void csvAndMarkdownReadBackToSixDigits()
    {
        QFETCH(int, format);
        QFETCH(double, tolerance);
        const Result r = compute(*loadDocument(QStringLiteral("example:animal")).document);
        const Eigen::MatrixXd w = r.heads[0].weights;
        const QString text = formatTable(w, r.tokens, r.tokens, static_cast<TableFormat>(format));
        const Eigen::MatrixXd back = parseBack(text, static_cast<TableFormat>(format));
        QCOMPARE(back.rows(), w.rows());
        QVERIFY((back - w).cwiseAbs().maxCoeff() <= tolerance);
    }

    void csvQuotesLabels()
    {
        const QString text = formatTable(
            Eigen::MatrixXd::Identity(2, 2), {u"hyper,"_qs, u"say \"hi\""_qs}, {u"a"_qs, u"b"_qs}, TableFormat::Csv);
        QCOMPARE(text, QStringLiteral(",a,b\n\"hyper,\",1,0\n\"say \"\"hi\"\"\",0,1\n"));
    }

    void markdownLayout()
    {
        Eigen::MatrixXd m(1, 2);
        m << 0.123456789, -0.00000001;
        QCOMPARE(formatTable(m, {u"it"_qs}, {u"The"_qs, u"a|b"_qs}, TableFormat::Markdown, 4),
            QStringLiteral("|  | The | a\\|b |\n|---|---:|---:|\n| it | 0.1235 | 0.0000 |\n"));
    }

    void latexIsStructurallyValid_data()
    {
        QTest::addColumn<int>("format");
        QTest::newRow("tabular") << static_cast<int>(TableFormat::LatexTabular);
        QTest::newRow("bmatrix") << static_cast<int>(TableFormat::LatexBmatrix);
    }
    void latexIsStructurallyValid()
    {
        QFETCH(int, format);
        const Result r = compute(*loadDocument(QStringLiteral("example:riley")).document);
        const QString tex = formatTable(r.heads[0].weights, r.tokens, r.tokens, static_cast<TableFormat>(format));
        QCOMPARE(tex.count(u'{'), tex.count(u'}'));
        QCOMPARE(tex.count(QStringLiteral("\\begin{")), tex.count(QStringLiteral("\\end{")));
        // Every row has as many cells as the matrix has columns (plus the label in a tabular).
        const int cells
            = static_cast<int>(r.tokens.size()) + (format == static_cast<int>(TableFormat::LatexTabular) ? 1 : 0);
        for (const QString &line : tex.split(u'\n'))
            if (line.endsWith(QStringLiteral("\\\\")) && !line.startsWith(u'&'))
                QCOMPARE(line.count(QStringLiteral(" & ")) + 1, cells);
        if (format == static_cast<int>(TableFormat::LatexTabular))
            QVERIFY(tex.contains(QStringLiteral("Evan's & ")));
    }

    void latexEscapesSpecials()
    {
        QCOMPARE(latexEscape(QStringLiteral("50% of $x_1 & {y} #2 ~ ^ \\")),
            QStringLiteral("50\\% of \\$x\\_1 \\& \\{y\\} \\#2 \\textasciitilde{} \\textasciicircum{} "
                           "\\textbackslash{}"));
    }
};

QTEST_GUILESS_MAIN(TstNumberTables)
#include "tst_numbertables.moc"
