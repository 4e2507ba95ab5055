// A document's attention gives the same numbers, bit for bit, whatever the number of threads it is
// spread over: its splits depend on the work alone (platform/cores.h). 1, 2, 4 and 8 threads, the
// last two more than this machine may have: a full compute (heads split, and each head's rows split
// when large), an edit's incremental update, and the arrow graph's edge selection.
#include "attention/edgefilter.h"
#include "attention/engine.h"
#include "attention/incrementalupdate.h"
#include "platform/cores.h"
#include "randomdocument.h"

#include <QTest>

#include <cstring>

using namespace qkv;

namespace {

template<class Matrix>
bool sameBits(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols()
        && (a.size() == 0
            || std::memcmp(a.data(), b.data(), std::size_t(a.size()) * sizeof(typename Matrix::Scalar)) == 0);
}

QString difference(const Result &a, const Result &b)
{
    if (a.heads.size() != b.heads.size())
        return QStringLiteral("head counts differ");
    for (std::size_t h = 0; h < a.heads.size(); ++h) {
        const HeadResult &x = a.heads[h], &y = b.heads[h];
        const QString head = QStringLiteral("head %1: ").arg(h);
        if (!sameBits(x.scores, y.scores))
            return head + u"scores"_qs;
        if (!sameBits(x.weights, y.weights))
            return head + u"weights"_qs;
        if (!sameBits(x.output, y.output))
            return head + u"output"_qs;
        if (x.rowLargest != y.rowLargest || x.largestWeight != y.largestWeight)
            return head + u"largest weights"_qs;
    }
    return sameBits(a.output, b.output) ? QString() : u"joined output"_qs;
}

struct ThreadLimit {
    explicit ThreadLimit(int n) { setThreadLimit(n); }
    ~ThreadLimit() { setThreadLimit(0); }
};

} // namespace

class TstDocumentThreads : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameBitsAtEveryThreadCount_data()
    {
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("dim");
        // Heads split among the cores (each head under 64 k cells), and heads whose own rows split.
        QTest::newRow("8 heads of 160 tokens, d = 64") << 160 << 8 << 64;
        QTest::newRow("2 heads of 700 tokens, d = 32") << 700 << 2 << 32;
    }
    void sameBitsAtEveryThreadCount()
    {
        QFETCH(int, tokens);
        QFETCH(int, heads);
        QFETCH(int, dim);
        std::mt19937 rng(17);
        Document doc = test::randomDocument(tokens, tokens / 3, heads, dim, rng);
        Settings s = doc.settings();
        s.mask = MaskKind::Causal;
        doc.setSettings(s);
        // An edited key: every row is rescaled or formed anew, split over the cores.
        const ValueRef key {Field::Key, doc.vectorKey(tokens / 2), 0, 0, 1};
        Document edited = doc;
        edited.setValue(key, doc.value(key) + 0.75);

        Result first, firstUpdated;
        std::vector<Edge> firstEdges;
        qint64 firstConsidered = 0;
        for (int threads : {1, 2, 4, 8}) {
            const ThreadLimit limit(threads);
            const Result r = compute(doc);
            Result updated = r;
            QVERIFY(updateResult(updated, edited, {key}));
            qint64 considered = 0;
            const std::vector<Edge> edges
                = selectEdges(updated.heads[0].weights, updated.visible, EdgeFilter {0.01, 0, 1.0}, &considered);
            if (threads == 1) {
                first = r;
                firstUpdated = updated;
                firstEdges = edges;
                firstConsidered = considered;
                continue;
            }
            const QString what = QStringLiteral("%1 threads against 1: ").arg(threads);
            QString d = difference(first, r);
            QVERIFY2(d.isEmpty(), qPrintable(what + u"compute: "_qs + d));
            d = difference(firstUpdated, updated);
            QVERIFY2(d.isEmpty(), qPrintable(what + u"update: "_qs + d));
            QVERIFY2(edges == firstEdges && considered == firstConsidered, qPrintable(what + u"edges"_qs));
        }
    }
};

QTEST_GUILESS_MAIN(TstDocumentThreads)
#include "tst_documentthreads.moc"
