#include "livemodel/documentinterventions.h"
#include "livemodel/livemodel.h"
#include "modelfiles/modeldocument.h"

#include <QTest>

#include "checkpointfixtures.h"

using namespace qkv;
using namespace qkv::live;
using namespace Qt::StringLiterals;
using Kind = transformer::Intervention::Kind;

// Edits of a real model's layer become interventions on exactly the heads and roles edited,
// with the edited numbers; ablations and resets keep everything else.
class TstDocumentInterventions : public QObject
{
    Q_OBJECT

private:
    CheckpointFixtures m_fixtures;
    std::shared_ptr<const LiveModel> m_gpt2;

    static Document layerDocument(const LiveRun &run, int layer)
    {
        ModelView view;
        view.layer = layer;
        QString why;
        std::optional<ModelDocument> md = modelDocument(*run.attention, view, u"gpt2"_s, &why);
        if (!md)
            qFatal("%s", qPrintable(why));
        return md->document;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QKV_PREPARE_CHECKPOINTS(m_fixtures);
        QString why;
        m_gpt2 = LiveModel::open(m_fixtures.path(u"gpt2"_s), &why);
        QVERIFY2(m_gpt2, qPrintable(why));
    }

    void anUneditedLayerAsksForNothing()
    {
        const LiveRun run = live::run(*m_gpt2, u"the cat sat on the mat"_s);
        for (int layer = 0; layer < 2; ++layer)
            QVERIFY(interventionsFromDocument(layerDocument(run, layer), layer, run).empty());
    }

    void anEditedKeyBecomesThatHeadsKey()
    {
        const LiveRun run = live::run(*m_gpt2, u"the cat sat on the mat"_s);
        Document doc = layerDocument(run, 1);
        WordVectors w = doc.wordVectors(doc.vectorKey(2));
        w.k(3, 5) += 0.5;
        doc.setWordVectors(doc.vectorKey(2), w);
        const std::vector<transformer::Intervention> edits = interventionsFromDocument(doc, 1, run);
        QCOMPARE(edits.size(), std::size_t(1));
        QCOMPARE(edits[0].layer, 1);
        QCOMPARE(edits[0].head, 3);
        QCOMPARE(edits[0].kind, Kind::Key);
        Eigen::MatrixXf expected = run.forward->layers[1].heads[3].key;
        expected(2, 5) += 0.5f;
        QVERIFY((edits[0].values - expected).cwiseAbs().maxCoeff() < 1e-6f);
        // A run of another token count: nothing.
        const LiveRun shorter = live::run(*m_gpt2, u"the cat"_s);
        QVERIFY(interventionsFromDocument(doc, 1, shorter).empty());
    }

    // A layer shown after an earlier layer changed: its numbers differ from the model's own
    // everywhere, yet an edit replaces only the matrix edited, and replacements the shown run
    // already had stay.
    void anEditAfterAnEarlierChangeReplacesOnlyWhatWasEdited()
    {
        const LiveRun own = live::run(*m_gpt2, u"the cat sat on the mat"_s);
        RunOptions options;
        options.interventions = {{0, 1, Kind::Ablate, {}}, {1, 0, Kind::Query, own.forward->layers[1].heads[0].query}};
        options.interventions.back().values(0, 0) += 1.0f;
        const LiveRun changed = live::run(*m_gpt2, u"the cat sat on the mat"_s, options);
        QVERIFY(changed.forward->layers[1].heads[2].value != own.forward->layers[1].heads[2].value);
        Document doc = layerDocument(changed, 1);
        const std::vector<transformer::Intervention> unedited = interventionsFromDocument(doc, 1, changed);
        QCOMPARE(unedited.size(), std::size_t(1)); // the query replaced before
        QVERIFY(unedited.front() == options.interventions.back());
        QVERIFY(layerEdits(options.interventions, 1).front() == options.interventions.back());
        QVERIFY(layerEdits(options.interventions, 0).empty()); // an ablation replaces no numbers

        WordVectors w = doc.wordVectors(doc.vectorKey(4));
        w.v(2, 1) -= 0.25;
        doc.setWordVectors(doc.vectorKey(4), w);
        const std::vector<transformer::Intervention> edits = interventionsFromDocument(doc, 1, changed);
        QCOMPARE(edits.size(), std::size_t(2));
        const auto value
            = std::find_if(edits.begin(), edits.end(), [](const auto &i) { return i.kind == Kind::Value; });
        QVERIFY(value != edits.end());
        QCOMPARE(value->head, 2);
        Eigen::MatrixXf expected = changed.forward->layers[1].heads[2].value;
        expected(4, 1) -= 0.25f;
        QVERIFY((value->values - expected).cwiseAbs().maxCoeff() < 1e-6f);
    }

    void editsAblationsAndResetsCombine()
    {
        const LiveRun run = live::run(*m_gpt2, u"the cat sat"_s);
        const Eigen::MatrixXf q = run.forward->layers[0].heads[0].query;
        std::vector<transformer::Intervention> all = withAblation({}, 1, 2, true);
        all = withLayerEdits(all, 0, {{0, 0, Kind::Query, q}, {0, 1, Kind::Value, q}});
        QCOMPARE(all.size(), std::size_t(3));
        QVERIFY(isAblated(all, 1, 2));
        QVERIFY(!isAblated(all, 1, 1));
        all = withLayerEdits(all, 0, {{0, 1, Kind::Key, q}}); // the layer's edits are replaced
        QCOMPARE(all.size(), std::size_t(2));
        QCOMPARE(all.back().kind, Kind::Key);
        all = withAblation(all, 0, 1, true);
        QCOMPARE(withoutLayer(all, 0).size(), std::size_t(1));
        QVERIFY(withoutLayer(all, -1).empty());
        all = withAblation(all, 1, 2, false);
        QVERIFY(!isAblated(all, 1, 2));
        QCOMPARE(all.size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TstDocumentInterventions)
#include "tst_documentinterventions.moc"
