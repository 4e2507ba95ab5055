// VectorCloud: the vector plot's points as data, checked against planes and coordinates worked
// out by hand, with no widget and no application.
#include "figures/vectorcloud.h"

#include <QTest>

using namespace qkv;
using namespace Qt::StringLiterals;

namespace {

// Two words with d = 3: queries ±x, keys ±2y, values zero. The cloud of all six vectors has its
// mean at the origin and variance 2 along x and 8 along y: PC1 is y (80 %), PC2 is x (20 %).
Result twoWords()
{
    Result r;
    r.tokens = {u"a"_s, u"b"_s};
    HeadResult h;
    h.queries = Eigen::MatrixXd(2, 3);
    h.queries << 1, 0, 0, -1, 0, 0;
    h.keys = Eigen::MatrixXd(2, 3);
    h.keys << 0, 2, 0, 0, -2, 0;
    h.values = Eigen::MatrixXd::Zero(2, 3);
    h.output = Eigen::MatrixXd::Zero(2, 3);
    r.heads.push_back(h);
    return r;
}

VectorCloud::Options dimensions(int x, int y)
{
    VectorCloud::Options o;
    o.principal = false;
    o.dimX = x;
    o.dimY = y;
    return o;
}

} // namespace

class TestVectorCloud : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void principalPlaneOfTheDrawnVectors()
    {
        VectorCloud cloud;
        cloud.update(nullptr, twoWords(), 0, {});
        QVERIFY(cloud.isPrincipal());
        QCOMPARE(cloud.dim(), 3);
        QCOMPARE(cloud.axisTitle(Qt::Horizontal), u"PC1 (80% of variance)"_s);
        QCOMPARE(cloud.axisTitle(Qt::Vertical), u"PC2 (20% of variance)"_s);
        // k(a) = 2y lies on PC1; q(a) = x on PC2; signs are those of the axes' largest components.
        QCOMPARE(cloud.points(Role::Key).value(0), QPointF(2, 0));
        QCOMPARE(cloud.points(Role::Query).value(0), QPointF(0, 1));
        QCOMPARE(cloud.points(Role::Query).value(1), QPointF(0, -1));
        QCOMPARE(cloud.outputs().size(), 2);

        // Fitted to the queries alone, the plane's first axis is x, with all the variance.
        VectorCloud::Options queriesOnly;
        queriesOnly.drawn = {true, false, false};
        cloud.update(nullptr, twoWords(), 0, queriesOnly);
        QCOMPARE(cloud.axisTitle(Qt::Horizontal), u"PC1 (100% of variance)"_s);
        QCOMPARE(cloud.points(Role::Query).value(0), QPointF(1, 0));
    }

    // An edited value keeps the plane (a dragged point must stay where it was let go); the shares
    // of variance follow the points. Asked to, or with other words, the plane is fitted anew.
    void planeKeptWhileValuesChange()
    {
        VectorCloud cloud;
        cloud.update(nullptr, twoWords(), 0, {});
        Result edited = twoWords();
        edited.heads[0].queries << 5, 0, 0, -5, 0, 0; // x's variance 50 now beats y's 8
        cloud.update(nullptr, edited, 0, {});
        QCOMPARE(cloud.points(Role::Query).value(0), QPointF(0, 5)); // still on PC2 = x
        QCOMPARE(cloud.axisTitle(Qt::Horizontal), u"PC1 (14% of variance)"_s); // 8 / 58
        cloud.update(nullptr, edited, 0, {}, true);
        QCOMPARE(cloud.points(Role::Query).value(0), QPointF(5, 0));
        QCOMPARE(cloud.axisTitle(Qt::Horizontal), u"PC1 (86% of variance)"_s); // 50 / 58

        cloud.update(nullptr, twoWords(), 0, {}); // back to the first values: the plane stays
        QCOMPARE(cloud.points(Role::Key).value(0), QPointF(0, 2));
        Result renamed = twoWords();
        renamed.tokens[1] = u"c"_s;
        cloud.update(nullptr, renamed, 0, {}); // other words: fitted anew
        QCOMPARE(cloud.points(Role::Key).value(0), QPointF(2, 0));
    }

    void twoChosenDimensions()
    {
        VectorCloud cloud;
        cloud.update(nullptr, twoWords(), 0, dimensions(1, 0));
        QVERIFY(!cloud.isPrincipal());
        QCOMPARE(cloud.points(Role::Key).value(1), QPointF(-2, 0));
        QCOMPARE(cloud.points(Role::Query).value(1), QPointF(0, -1));
        QCOMPARE(cloud.axisTitle(Qt::Horizontal), u"dimension 2"_s);
        QCOMPARE(cloud.axisTitle(Qt::Vertical), u"dimension 1"_s);
        // A dimension past d: every point on y = 0, and the title says why.
        cloud.update(nullptr, twoWords(), 0, dimensions(1, 4));
        QCOMPARE(cloud.points(Role::Key).value(0), QPointF(2, 0));
        QCOMPARE(cloud.axisTitle(Qt::Vertical), u"(no dimension 5: d = 3)"_s);
    }

    // Any vector lands where a point with its numbers would (the chain of an output's parts
    // ends on the output), on the plane and on two dimensions; a vector of another d nowhere.
    void anyVectorIsPlacedAsThePoints()
    {
        const Result r = twoWords();
        for (const VectorCloud::Options &options : {VectorCloud::Options {}, dimensions(1, 0)}) {
            VectorCloud cloud;
            cloud.update(nullptr, r, 0, options);
            const QList<QPointF> placed = cloud.place(r.heads[0].keys);
            QCOMPARE(placed.size(), 2);
            for (int i = 0; i < 2; ++i) {
                QVERIFY(std::abs(placed[i].x() - cloud.points(Role::Key)[i].x()) < 1e-12);
                QVERIFY(std::abs(placed[i].y() - cloud.points(Role::Key)[i].y()) < 1e-12);
            }
            QVERIFY(cloud.place(Eigen::MatrixXd::Zero(1, 7)).isEmpty());
        }
    }

    // A repeated word with the same vectors is one point; the same text with other vectors is two.
    void repeatedWordsAreOnePoint()
    {
        Result r = twoWords();
        r.tokens = {u"the"_s, u"the"_s, u"cat"_s};
        HeadResult &h = r.heads[0];
        h.queries = Eigen::MatrixXd(3, 3);
        h.queries << 1, 0, 0, 1, 0, 0, 0, 1, 0;
        h.keys = h.queries;
        h.values = h.queries;
        h.output = h.queries;
        VectorCloud cloud;
        cloud.update(nullptr, r, 0, dimensions(0, 1));
        QCOMPARE(cloud.groups().size(), 2);
        QCOMPARE(cloud.groups()[0].tokens, (QList<int> {0, 1}));
        QCOMPARE(cloud.groupOf(1), 0);
        QCOMPARE(cloud.groupOf(2), 1);
        QCOMPARE(cloud.groupOf(3), -1);
        QCOMPARE(VectorCloud::labelText(cloud.groups()[0]), u"the ×2"_s);
        QCOMPARE(VectorCloud::labelText(cloud.groups()[1]), u"cat"_s);
        QCOMPARE(cloud.points(Role::Value).size(), 2);

        h.values(1, 2) = 0.5; // the second "the" now has a value of its own
        cloud.update(nullptr, r, 0, dimensions(0, 1));
        QCOMPARE(cloud.groups().size(), 3);
        QCOMPARE(VectorCloud::labelText(cloud.groups()[0]), u"the"_s);
    }

    // The box always holds the origin; outputs count only when asked.
    void extentHoldsTheOrigin()
    {
        Result r = twoWords();
        r.heads[0].keys << 1, 3, 0, 2, 4, 0;
        r.heads[0].output << 0, 0, 0, 9, -1, 0;
        VectorCloud cloud;
        cloud.update(nullptr, r, 0, dimensions(0, 1));
        const QRectF keys = cloud.extent({false, true, false}, false);
        QCOMPARE(keys, QRectF(QPointF(0, 0), QPointF(2, 4)));
        const QRectF all = cloud.extent({true, true, true}, true);
        QCOMPARE(all, QRectF(QPointF(-1, -1), QPointF(9, 4)));
    }

    // A head that is not there, or vectors that do not match the tokens, give no points.
    void incompleteResultsGiveNothing()
    {
        VectorCloud cloud;
        cloud.update(nullptr, twoWords(), 3, {});
        QVERIFY(cloud.groups().isEmpty());
        QVERIFY(cloud.points(Role::Query).isEmpty());
        QCOMPARE(cloud.axisTitle(Qt::Horizontal), u"PC1 (0.0% of variance)"_s);
        Result r = twoWords();
        r.heads[0].keys = Eigen::MatrixXd::Zero(1, 3);
        cloud.update(nullptr, r, 0, dimensions(0, 1));
        QVERIFY(cloud.groups().isEmpty());
        QCOMPARE(cloud.axisTitle(Qt::Horizontal), QString());
    }
};

QTEST_GUILESS_MAIN(TestVectorCloud)
#include "tst_vectorcloud.moc"
