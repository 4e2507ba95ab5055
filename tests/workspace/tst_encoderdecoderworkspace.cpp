// An encoder-decoder model (T5) at work without a window (issue 50): a source sentence and a
// target so far, the three attentions chosen as the Model dock chooses them, cross-attention as a
// document of target rows and source columns whose dragged keys reach the model, heads switched
// off in any stack, the target typed and undone, and all of it saved as a session.
#include "livemodel/documentinterventions.h"
#include "livemodel/livemodel.h"
#include "livemodel/livesession.h"
#include "livemodel/sessionfile.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "session/transformersession.h"
#include "workspace/modelworkspace.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "workspacefixture.h"

using namespace qkv;
using namespace Qt::StringLiterals;
using Kind = transformer::Intervention::Kind;
using Stack = transformer::Intervention::Stack;

class TstEncoderDecoderWorkspace : public WorkspaceFixture
{
    Q_OBJECT

private:
    void show(AttentionStack stack, int layer)
    {
        ModelView view = m_workspace->transformer()->view();
        view.stack = stack;
        view.layer = layer;
        QVERIFY(m_workspace->transformer()->setView(view).isEmpty());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QKV_PREPARE_CHECKPOINTS(m_fixtures);
        QString why;
        m_model = live::LiveModel::open(m_fixtures.path(u"t5_vocab"_s), &why);
        QVERIFY2(m_model, qPrintable(why));
        QVERIFY(m_model->isEncoderDecoder());
    }
    void init()
    {
        newWorkspace();
        QCOMPARE(m_workspace->open(m_model), u"translate English to German: The cat sat on the mat."_s);
        settle();
        QCOMPARE(live()->target(), u"Die Katze saß auf der"_s);
        QVERIFY(m_workspace->isRunning());
    }
    void cleanup() { closeWorkspace(); }

    // The three attentions, each shown as the model computed it: the encoder's and the decoder's
    // with their position biases (the model's weights, as computed), cross-attention from the
    // model's own queries and keys, target rows × source columns.
    void threeAttentions()
    {
        const std::shared_ptr<const live::LiveRun> run = live()->run();
        const ModelAttention &all = *run->attention;
        QVERIFY(all.isEncoderDecoder());
        const QStringList target = m_model->tokenizer().encode(live()->target(), false).display;
        QCOMPARE(all.decoder->tokens.size(), target.size() + 1); // the decoder's start token first
        QCOMPARE(all.decoder->tokens.mid(1), target);
        QCOMPARE(all.cross->tokens, all.decoder->tokens);
        QCOMPARE(all.cross->keyTokens, all.tokens);
        QCOMPARE(run->predictionTokens(), all.decoder->tokens);
        QCOMPARE(run->predictions.front().position, int(target.size()));
        QCOMPARE(m_session->document().title(), u"t5_vocab · encoder layer 1 of 2"_s);
        QVERIFY(m_session->document().settings().mode == Mode::Weights); // position biases

        show(AttentionStack::Cross, 1);
        const Document &cross = m_session->document();
        QVERIFY(cross.isCross());
        QCOMPARE(cross.tokenCount(), int(all.decoder->tokens.size()));
        QCOMPARE(cross.keyTokenCount(), int(all.tokens.size()));
        QVERIFY(cross.settings().mode == Mode::Direct);
        QVERIFY(m_workspace->transformer()->recomputeError() < 1e-5);
        QCOMPARE(cross.title(), u"t5_vocab · cross-attention layer 2 of 2"_s);
        QVERIFY(m_workspace->showsOneHead());
        // The shown heads' weights are the run's cross-attention of layer 2.
        const Eigen::MatrixXd shown = m_session->result().heads[2].weights;
        QVERIFY((shown - all.cross->weights(1, 2).cast<double>()).cwiseAbs().maxCoeff() < 1e-5);

        show(AttentionStack::Decoder, 0);
        QCOMPARE(m_session->document().tokenCount(), int(all.decoder->tokens.size()));
        QVERIFY(!m_session->document().isCross());
        // Nothing of the decoder looks ahead.
        for (int h = 0; h < all.heads; ++h)
            QCOMPARE(
                all.decoder->weights(0, h).triangularView<Eigen::StrictlyUpper>().toDenseMatrix().cwiseAbs().maxCoeff(),
                0.0f);
    }

    // A source token's key dragged in cross-attention is an intervention on that stack; heads
    // switched off in the decoder and the encoder are too. Each state's prediction is a whole
    // forward pass's with the same changes, and undo gives back each.
    void interventionsOnEveryStack()
    {
        const Eigen::MatrixXf own = live()->run()->forward->logits;
        show(AttentionStack::Cross, 0);
        m_session->setCurrentHead(1);
        const ValueRef ref {Field::Key, m_session->document().keyVectorKey(3), 1, 0, 2};
        const double edited = m_session->document().value(ref) + 9;
        m_session->editValue(ref, edited);
        settle();
        const std::vector<transformer::Intervention> keyed = live()->interventions();
        QCOMPARE(keyed.size(), std::size_t(1));
        QVERIFY(keyed.front().stack == Stack::Cross);
        QVERIFY(keyed.front().kind == Kind::Key);
        QCOMPARE(keyed.front().values.rows(), Eigen::Index(live()->run()->ids.size())); // a row per source token
        QVERIFY((live()->run()->forward->logits - logitsOf(keyed)).cwiseAbs().maxCoeff() < 1e-5f);
        QVERIFY((live()->run()->forward->logits - own).cwiseAbs().maxCoeff() > 1e-4f);
        // The cross document is still the one edited: the run computed what it shows.
        QCOMPARE(m_session->document().value(ref), edited);

        m_workspace->switchShownHead(2, true); // cross-attention's head 3 of layer 1
        settle();
        QVERIFY(m_workspace->isHeadOff(2));
        QCOMPARE(m_workspace->switchedOffHeads(), (std::vector<std::pair<int, int>> {{0, 2}}));
        show(AttentionStack::Decoder, 1);
        QVERIFY(!m_workspace->isHeadOff(2)); // another stack's head 3
        QVERIFY(m_workspace->switchedOffHeads().empty());
        m_workspace->switchShownHead(0, true);
        settle();
        show(AttentionStack::Encoder, 0);
        m_workspace->switchShownHead(3, true);
        settle();
        const std::vector<transformer::Intervention> all = live()->interventions();
        QCOMPARE(all.size(), std::size_t(4));
        for (const auto &[stack, layer, head] :
            {std::tuple {Stack::Cross, 0, 2}, std::tuple {Stack::Decoder, 1, 0}, std::tuple {Stack::Encoder, 0, 3}})
            QVERIFY(live::isAblated(all, layer, head, stack));
        QVERIFY((live()->run()->forward->logits - logitsOf(all)).cwiseAbs().maxCoeff() < 1e-5f);
        QCOMPARE(live()->run()->attention->cross->switchedOff, (std::set<std::pair<int, int>> {{0, 2}}));
        QCOMPARE(live()->run()->attention->decoder->switchedOff, (std::set<std::pair<int, int>> {{1, 0}}));
        QCOMPARE(live()->run()->attention->switchedOff, (std::set<std::pair<int, int>> {{0, 3}}));
        // Reset the encoder's layers: the decoder's and the cross-attention's changes stay.
        m_workspace->resetLayer(0);
        settle();
        QCOMPARE(live()->interventions().size(), std::size_t(3));
        QCOMPARE(history()->count(), 5);
        for (int i = 0; i < 5; ++i)
            history()->undo();
        settle();
        QVERIFY(live()->interventions().empty());
        QVERIFY((live()->run()->forward->logits - own).cwiseAbs().maxCoeff() < 1e-6f);
    }

    // The target typed is a step of the history; undo puts the old one back in the box.
    void theTargetIsTyped()
    {
        QSignalSpy restored(m_workspace->history(), &LiveHistory::targetRestored);
        const int before = int(live()->run()->attention->decoder->n);
        m_workspace->history()->typeTarget(u"Die Katze saß auf der Matte"_s);
        settle();
        QCOMPARE(live()->run()->target, u"Die Katze saß auf der Matte"_s);
        QVERIFY(live()->run()->attention->decoder->n > before);
        QCOMPARE(history()->count(), 1);
        QVERIFY(history()->text(0).startsWith(u"Target"_s));
        QVERIFY((live()->run()->forward->logits - logitsOf({})).cwiseAbs().maxCoeff() < 1e-5f);
        history()->undo();
        settle();
        QCOMPARE(restored.count(), 1);
        QCOMPARE(restored.first().first().toString(), u"Die Katze saß auf der"_s);
        QCOMPARE(int(live()->run()->attention->decoder->n), before);
        // An empty target: the decoder's start token alone predicts the first word.
        m_workspace->history()->typeTarget({});
        settle();
        QCOMPARE(live()->run()->attention->decoder->n, 1);
        QCOMPARE(live()->run()->predictions.front().position, 0);
    }

    // Saved and read back: the target, the attention shown and each intervention's stack.
    void aSessionKeepsTheTargetAndStacks()
    {
        show(AttentionStack::Cross, 1);
        m_workspace->switchShownHead(1, true);
        settle();
        const live::SessionFile saved = m_workspace->sessionFile();
        QCOMPARE(saved.target, u"Die Katze saß auf der"_s);
        QVERIFY(saved.stack == Stack::Cross);
        const QByteArray json = live::serializeSession(saved, u"/tmp/x.qkvmodel.json"_s);
        QVERIFY(json.contains("\"stack\": \"cross\""));
        const live::SessionLoad read = live::parseSession(json, u"x.qkvmodel.json"_s);
        QVERIFY2(read, qPrintable(read.error.toString()));
        QCOMPARE(read.session->target, saved.target);
        QVERIFY(read.session->stack == Stack::Cross);
        QVERIFY(live::sameInterventions(read.session->interventions, saved.interventions));
        // Restored on a workspace of its own: the same target, look and change.
        DocumentSession session;
        ModelWorkspace other(&session);
        other.open(m_model, read.session->sentence, read.session->target);
        other.restoreOnFirstRun(*read.session);
        QTRY_VERIFY_WITH_TIMEOUT(other.isRunning() && !other.live()->isComputing(), 10000);
        QTRY_VERIFY(other.live()->interventions().size() == 1 && !other.live()->isComputing());
        QVERIFY(other.transformer()->view().stack == AttentionStack::Cross);
        QCOMPARE(other.transformer()->view().layer, 1);
        QVERIFY(other.isHeadOff(1));
        // A stack no model has is refused by name.
        QByteArray bad = json;
        bad.replace("\"stack\": \"cross\"", "\"stack\": \"middle\"");
        const live::SessionLoad refused = live::parseSession(bad, u"x.qkvmodel.json"_s);
        QVERIFY(!refused);
        QVERIFY2(refused.error.toString().contains(u"stack"_s) && refused.error.toString().contains(u"middle"_s),
            qPrintable(refused.error.toString()));
    }
};

QTEST_MAIN(TstEncoderDecoderWorkspace)
#include "tst_encoderdecoderworkspace.moc"
