#include "modelfiles/tokengroups.h"

#include <QRandomGenerator>
#include <QTest>

using namespace qkv;

Q_DECLARE_METATYPE(qkv::FloatMatrix)
Q_DECLARE_METATYPE(qkv::SubwordStyle)

namespace {

FloatMatrix matrix(int rows, int cols, std::initializer_list<float> values)
{
    FloatMatrix m(rows, cols);
    auto it = values.begin();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = *it++;
    return m;
}

// [CLS] play ##ing [SEP]; every number is a sum of powers of two, so the results are exact.
const QStringList bertTokens {u"[CLS]"_qs, u"play"_qs, u"##ing"_qs, u"[SEP]"_qs};
const FloatMatrix bertAttention = matrix(4, 4,
    {0.5f, 0.25f, 0.125f, 0.125f, //
        0.25f, 0.25f, 0.25f, 0.25f, //
        0.125f, 0.5f, 0.25f, 0.125f, //
        0.0f, 0.5f, 0.5f, 0.0f});

TokenGroupOptions options(bool hide, SubwordStyle merge)
{
    TokenGroupOptions o;
    o.hideSpecial = hide;
    o.merge = merge;
    return o;
}

QString spell(const TokenGroups &g)
{
    QStringList parts;
    for (std::size_t i = 0; i < g.members.size(); ++i) {
        QStringList members;
        for (int m : g.members[i])
            members << QString::number(m);
        parts << g.labels[qsizetype(i)] + u'{' + members.join(u',') + u'}';
    }
    return parts.join(u' ');
}

// The definition, one cell at a time: mean over the row group of the sum over the column group.
FloatMatrix reference(const FloatMatrix &a, const TokenGroups &g)
{
    const auto n = Eigen::Index(g.members.size());
    FloatMatrix out(n, n);
    for (Eigen::Index i = 0; i < n; ++i) {
        for (Eigen::Index j = 0; j < n; ++j) {
            double sum = 0;
            for (int p : g.members[std::size_t(i)])
                for (int q : g.members[std::size_t(j)])
                    sum += a(p, q);
            out(i, j) = float(sum / double(g.members[std::size_t(i)].size()));
        }
    }
    return out;
}

} // namespace

class TstTokenGroups : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void groups_data()
    {
        QTest::addColumn<QStringList>("tokens");
        QTest::addColumn<bool>("hide");
        QTest::addColumn<SubwordStyle>("merge");
        QTest::addColumn<QString>("groups");
        QTest::newRow("nothing asked") << bertTokens << false << SubwordStyle::None
                                       << u"[CLS]{0} play{1} ##ing{2} [SEP]{3}"_qs;
        QTest::newRow("hide") << bertTokens << true << SubwordStyle::None << u"play{1} ##ing{2}"_qs;
        QTest::newRow("merge") << bertTokens << false << SubwordStyle::WordPiece
                               << u"[CLS]{0} playing{1,2} [SEP]{3}"_qs;
        QTest::newRow("hide and merge") << bertTokens << true << SubwordStyle::Auto << u"playing{1,2}"_qs;
        QTest::newRow("WordPiece, three pieces, special in between")
            << QStringList {u"[CLS]"_qs, u"un"_qs, u"##aff"_qs, u"##able"_qs, u"[SEP]"_qs, u"##x"_qs} << false
            << SubwordStyle::WordPiece << u"[CLS]{0} unaffable{1,2,3} [SEP]{4} x{5}"_qs;
        QTest::newRow("a hidden token ends the word")
            << QStringList {u"a"_qs, u"[SEP]"_qs, u"##b"_qs} << true << SubwordStyle::WordPiece << u"a{0} b{2}"_qs;
        QTest::newRow("GPT-2") << QStringList {u"The"_qs, u"Ġcat"_qs, u"s"_qs, u","_qs, u"Ġsat"_qs, u"<|endoftext|>"_qs}
                               << false << SubwordStyle::Auto << u"The{0} cats,{1,2,3} sat{4} <|endoftext|>{5}"_qs;
        QTest::newRow("GPT-2, a piece after a special token starts a word") << QStringList {u"<|endoftext|>"_qs,
            u"Hello"_qs, u"Ġworld"_qs} << false << SubwordStyle::Bpe << u"<|endoftext|>{0} Hello{1} world{2}"_qs;
        QTest::newRow("SentencePiece") << QStringList {u"▁Hel"_qs, u"lo"_qs, u"▁world"_qs, u"</s>"_qs} << true
                                       << SubwordStyle::Auto << u"Hello{0,1} world{2}"_qs;
        QTest::newRow("plain words are left alone") << QStringList {u"Birds"_qs, u"sometimes"_qs, u"walk"_qs} << true
                                                    << SubwordStyle::Auto << u"Birds{0} sometimes{1} walk{2}"_qs;
        QTest::newRow("everything hidden")
            << QStringList {u"<s>"_qs, u"</s>"_qs, u"<pad>"_qs, u"[PAD]"_qs} << true << SubwordStyle::Auto << QString();
    }
    void groups()
    {
        QFETCH(QStringList, tokens);
        QFETCH(bool, hide);
        QFETCH(SubwordStyle, merge);
        QFETCH(QString, groups);
        QCOMPARE(spell(groupTokens(tokens, options(hide, merge))), groups);
    }

    void specialTokensAreConfigurable()
    {
        TokenGroupOptions options;
        options.hideSpecial = true;
        options.specialTokens = {u"<bos>"_qs};
        QCOMPARE(spell(groupTokens({u"<bos>"_qs, u"[CLS]"_qs, u"x"_qs}, options)), u"[CLS]{1} x{2}"_qs);
    }

    void detect_data()
    {
        QTest::addColumn<QStringList>("tokens");
        QTest::addColumn<SubwordStyle>("style");
        QTest::newRow("WordPiece") << bertTokens << SubwordStyle::WordPiece;
        QTest::newRow("BPE") << QStringList {u"a"_qs, u"Ġb"_qs} << SubwordStyle::Bpe;
        QTest::newRow("SentencePiece") << QStringList {u"▁a"_qs} << SubwordStyle::SentencePiece;
        QTest::newRow("none") << QStringList {u"a"_qs, u"#b"_qs, u"##"_qs} << SubwordStyle::None;
    }
    void detect()
    {
        QFETCH(QStringList, tokens);
        QFETCH(SubwordStyle, style);
        QCOMPARE(detectSubwordStyle(tokens), style);
    }

    void regroupKnownMatrix_data()
    {
        QTest::addColumn<bool>("hide");
        QTest::addColumn<SubwordStyle>("merge");
        QTest::addColumn<FloatMatrix>("expected");
        QTest::newRow("unchanged") << false << SubwordStyle::None << bertAttention;
        // playing receives play's column plus ##ing's, and gives the mean of their two rows.
        QTest::newRow("merge") << false << SubwordStyle::WordPiece
                               << matrix(3, 3,
                                      {0.5f, 0.375f, 0.125f, //
                                          0.1875f, 0.625f, 0.1875f, //
                                          0.0f, 1.0f, 0.0f});
        QTest::newRow("hide: rows and columns removed")
            << true << SubwordStyle::None << matrix(2, 2, {0.25f, 0.25f, 0.5f, 0.25f});
        QTest::newRow("hide and merge") << true << SubwordStyle::WordPiece << matrix(1, 1, {0.625f});
    }
    void regroupKnownMatrix()
    {
        QFETCH(bool, hide);
        QFETCH(SubwordStyle, merge);
        QFETCH(FloatMatrix, expected);
        const FloatMatrix got = regroup(bertAttention, groupTokens(bertTokens, options(hide, merge)));
        QCOMPARE(got.rows(), expected.rows());
        QCOMPARE(got.cols(), expected.cols());
        QVERIFY2(got == expected, qPrintable(u"different from the hand-computed matrix"_qs));
    }

    // On random row-stochastic matrices and random word boundaries, merged rows still sum to 1
    // and every cell is the definition's.
    void mergedRowsStillSumToOne()
    {
        QRandomGenerator rng(7);
        for (int round = 0; round < 50; ++round) {
            const int n = 2 + int(rng.bounded(30));
            FloatMatrix a(n, n);
            for (int r = 0; r < n; ++r) {
                for (int c = 0; c < n; ++c)
                    a(r, c) = float(rng.generateDouble());
                a.row(r) /= a.row(r).sum();
            }
            QStringList tokens;
            for (int i = 0; i < n; ++i)
                tokens << (i > 0 && rng.bounded(2) ? u"##p"_qs : u"w"_qs);
            const TokenGroups g = groupTokens(tokens, options(false, SubwordStyle::WordPiece));
            const FloatMatrix merged = regroup(a, g);
            for (Eigen::Index r = 0; r < merged.rows(); ++r)
                QVERIFY(std::abs(merged.row(r).sum() - 1.0f) < 1e-5f);
            QVERIFY((merged - reference(a, g)).cwiseAbs().maxCoeff() < 1e-6f);
        }
    }

    void vectorsAreAveraged()
    {
        const FloatMatrix q = matrix(4, 2, {9, 9, 1, 2, 3, -4, 9, 9});
        const TokenGroups playing = groupTokens(bertTokens, options(true, SubwordStyle::WordPiece));
        QVERIFY(regroupVectors(q, playing) == matrix(1, 2, {2, -1}));
    }
};

QTEST_GUILESS_MAIN(TstTokenGroups)
#include "tst_tokengroups.moc"
