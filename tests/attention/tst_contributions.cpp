#include "attention/contributions.h"
#include "document/documentio.h"

#include <QTest>

using namespace qkv;

// Where an output comes from, on the Birds article's numbers.
class TstContributions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // walk attends 0.6, 0.1, 0.4 to Birds, sometimes, walk: the parts 0.6·v(Birds) =
    // (0.06, 0.12, 0.18), 0.1·v(sometimes) = (−0.08, 0.03, −0.01), 0.4·v(walk) = (0.2, −0.04, −0.16)
    // sum to the article's (0.18, 0.11, 0.01). Their shares are their projections on the output
    // over ‖o‖² = 0.0446: 0.0258, −0.0112 and 0.03 over it, summing to 1.
    void birdsWalk()
    {
        const Document doc = *loadDocument(QStringLiteral("example:birds")).document;
        const Result r = compute(doc);
        const Contributions c = contributions(r.heads[0], 2);
        Eigen::MatrixXd parts(3, 3);
        parts << 0.06, 0.12, 0.18, -0.08, 0.03, -0.01, 0.2, -0.04, -0.16;
        QVERIFY((c.parts - parts).cwiseAbs().maxCoeff() < 1e-15);
        QVERIFY((c.output - Eigen::Vector3d(0.18, 0.11, 0.01)).cwiseAbs().maxCoeff() < 1e-15);
        QVERIFY((c.output - r.heads[0].output.row(2).transpose()).cwiseAbs().maxCoeff() < 1e-15);
        QVERIFY(std::abs(c.share(0) - 0.0258 / 0.0446) < 1e-12);
        QVERIFY(std::abs(c.share(1) + 0.0112 / 0.0446) < 1e-12);
        QVERIFY(std::abs(c.share(2) - 0.03 / 0.0446) < 1e-12);
        QVERIFY(std::abs(c.share.sum() - 1) < 1e-12);
        // Birds attends to itself alone: one part, the whole output.
        const Contributions first = contributions(r.heads[0], 0);
        QCOMPARE(first.share(0), 1.0);
        QCOMPARE(first.share(1), 0.0);
    }

    // Through W_O, by hand: two heads of d = 1; token 0 attends (0.25, 0.75) to values (2, 4) in
    // head 1 and (0.5, 0.5) to (1, −1) in head 2; W_O = [[1, 0], [0, 2]] sends head 1 to the first
    // output dimension and head 2, doubled, to the second. Key 0's part: 0.25·2·(1, 0) +
    // 0.5·1·(0, 2) = (0.5, 1); key 1's: 0.75·4·(1, 0) − 0.5·(0, 2) = (3, −1); the output (3.5, 0),
    // the shares 0.5·3.5 and 3·3.5 over 12.25.
    void throughWoByHand()
    {
        Result r;
        r.tokens = {QStringLiteral("a"), QStringLiteral("b")};
        r.heads.resize(2);
        r.heads[0].weights = SquareMatrix::Zero(2, 2);
        r.heads[0].weights.row(0) << 0.25, 0.75;
        r.heads[0].values = Eigen::Vector2d(2, 4);
        r.heads[1].weights = SquareMatrix::Zero(2, 2);
        r.heads[1].weights.row(0) << 0.5, 0.5;
        r.heads[1].values = Eigen::Vector2d(1, -1);
        const Eigen::Matrix2d wo {{1, 0}, {0, 2}};
        const Contributions c = contributionsThroughWo(r, wo, 0);
        QCOMPARE(c.parts, (Eigen::MatrixXd(2, 2) << 0.5, 1, 3, -1).finished());
        QCOMPARE(c.output, Eigen::VectorXd(Eigen::Vector2d(3.5, 0)));
        QVERIFY(std::abs(c.share(0) - 0.5 * 3.5 / 12.25) < 1e-15);
        QVERIFY(std::abs(c.share(1) - 3 * 3.5 / 12.25) < 1e-15);
        QCOMPARE(contributionsThroughWo(r, Eigen::Matrix3d::Identity(), 0).parts.size(), 0); // 3 rows, not 2
    }

    // On a document in projection mode with W_O, every query's parts sum to the engine's output.
    void throughWoSumsToTheModelsOutput()
    {
        Document doc;
        Settings s;
        s.mode = Mode::Projection;
        s.heads = 3;
        s.dim = 2;
        s.dModel = 4;
        doc.setSettings(s);
        doc.setSentence(QStringLiteral("the cat sat on the mat"));
        Eigen::MatrixXd wo(6, 4);
        for (int i = 0; i < wo.size(); ++i)
            wo(i) = std::sin(1.7 * i + 0.3);
        doc.setWo(wo);
        const Result r = compute(doc);
        for (int row = 0; row < doc.tokenCount(); ++row) {
            const Contributions c = contributionsThroughWo(r, wo, row);
            QCOMPARE(c.parts.rows(), doc.tokenCount());
            QVERIFY((c.output - r.output.row(row).transpose()).cwiseAbs().maxCoeff() < 1e-12);
            QVERIFY(std::abs(c.share.sum() - 1) < 1e-12);
        }
    }
};

QTEST_GUILESS_MAIN(TstContributions)
#include "tst_contributions.moc"
