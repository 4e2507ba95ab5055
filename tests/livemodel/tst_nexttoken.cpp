// What a causal model would write after any token of a run (live::nextTokenAfter): the same
// distribution as the model run on the text up to that token, with or without a head switched
// off; the token the text goes on with; a token's rank in the whole vocabulary.
#include "livemodel/nexttoken.h"

#include <QTest>

using namespace qkv;
using namespace qkv::live;
using namespace Qt::StringLiterals;

class TstNextToken : public QObject
{
    Q_OBJECT

    std::shared_ptr<const LiveModel> m_model;

    // Every position of `r` against the model run on the text up to it.
    void checkEveryPosition(const LiveRun &r, const std::vector<transformer::Intervention> &interventions)
    {
        for (int p = 0; p < int(r.ids.size()); ++p) {
            const NextToken next = nextTokenAfter(*m_model, r, p, 5);
            QVERIFY(next);
            QCOMPARE(next.position, p);
            QCOMPARE(next.written, p + 1 < int(r.ids.size()) ? r.ids[std::size_t(p) + 1] : -1);
            transformer::ForwardOptions o;
            o.interventions = interventions;
            const std::vector<int> prefix(r.ids.begin(), r.ids.begin() + p + 1);
            const transformer::ForwardResult alone = transformer::forward(m_model->model(), prefix, o);
            QVERIFY2(alone.done(), qPrintable(alone.error));
            const Eigen::VectorXd expected = softmax(alone.logits.row(0).transpose());
            QCOMPARE(next.probabilities.size(), expected.size());
            QVERIFY2((next.probabilities - expected).cwiseAbs().maxCoeff() < 1e-5, qPrintable(u"position %1"_s.arg(p)));
            QCOMPARE(next.top.size(), std::size_t(5));
            QCOMPARE(next.top.front().id, alone.predictions.front().top.front().id);
            for (std::size_t k = 0; k < next.top.size(); ++k) {
                QCOMPARE(rankOf(next.probabilities, next.top[k].id), int(k) + 1);
                QCOMPARE(next.top[k].probability, next.probabilities[next.top[k].id]);
            }
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_model = LiveModel::open(u"example:induction"_s, &error);
        QVERIFY2(m_model, qPrintable(error));
    }

    void everyTokenPredictsAsItsPrefixWould()
    {
        const LiveRun r = run(*m_model, u"the cat sat on the mat . the cat sat"_s);
        QVERIFY2(r, qPrintable(r.error));
        checkEveryPosition(r, {});
        // The last token's is the run's own prediction.
        const NextToken last = nextTokenAfter(*m_model, r, int(r.ids.size()) - 1, 5);
        QCOMPARE(last.top.front().id, r.predictions.front().top.front().id);
        QCOMPARE(last.probabilities, probabilities(r, 0));
    }

    // The run brings its last token's distribution with it, as nextTokenAfter gives it, so that the
    // window shows it without a softmax over the vocabulary; with an intervention too.
    void aRunCarriesItsLastTokensDistribution()
    {
        RunOptions o;
        for (const bool switchedOff : {false, true}) {
            if (switchedOff)
                o.interventions = {{1, 2, transformer::Intervention::Kind::Ablate, {}}};
            const LiveRun r = run(*m_model, u"the cat sat on the mat . the cat"_s, o);
            QVERIFY2(r, qPrintable(r.error));
            QVERIFY(r.lastNext);
            const int last = int(r.ids.size()) - 1;
            const NextToken expected = nextTokenAfter(*m_model, r, last, nextTokenTop);
            QCOMPARE(r.lastNext->position, last);
            QCOMPARE(r.lastNext->written, -1);
            QCOMPARE(r.lastNext->probabilities, expected.probabilities);
            QCOMPARE(r.lastNext->top.size(), std::size_t(nextTokenTop));
            for (std::size_t k = 0; k < expected.top.size(); ++k) {
                QCOMPARE(r.lastNext->top[k].id, expected.top[k].id);
                QCOMPARE(r.lastNext->top[k].token, expected.top[k].token);
            }
        }
        QVERIFY(!run(*m_model, QString()).lastNext); // no token, nothing after it
    }

    void aHeadSwitchedOffCountsAtEveryToken()
    {
        RunOptions o;
        o.interventions = {{1, 2, transformer::Intervention::Kind::Ablate, {}}};
        const LiveRun r = run(*m_model, u"the cat sat on the mat . the cat sat"_s, o);
        QVERIFY2(r, qPrintable(r.error));
        checkEveryPosition(r, o.interventions);
    }

    void outsideTheRunNothing()
    {
        const LiveRun r = run(*m_model, u"the cat sat"_s);
        QVERIFY(!nextTokenAfter(*m_model, r, -1, 5));
        QVERIFY(!nextTokenAfter(*m_model, r, int(r.ids.size()), 5));
        QVERIFY(!nextTokenAfter(*m_model, LiveRun {}, 0, 5));
    }

    void ranksCountTheLikelierTokens()
    {
        const Eigen::VectorXd p = (Eigen::VectorXd(5) << 0.1, 0.4, 0.1, 0.3, 0.1).finished();
        QCOMPARE(rankOf(p, 1), 1);
        QCOMPARE(rankOf(p, 3), 2);
        // Ties by id, as the top list orders them.
        QCOMPARE(rankOf(p, 0), 3);
        QCOMPARE(rankOf(p, 2), 4);
        QCOMPARE(rankOf(p, 4), 5);
        QCOMPARE(rankOf(p, 5), 0);
    }
};

QTEST_GUILESS_MAIN(TstNextToken)
#include "tst_nexttoken.moc"
