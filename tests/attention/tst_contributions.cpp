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
};

QTEST_GUILESS_MAIN(TstContributions)
#include "tst_contributions.moc"
