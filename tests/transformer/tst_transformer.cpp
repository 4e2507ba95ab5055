#include "fixturemodels.h"
#include "transformer/forward.h"

#include <QTest>

#include <mutex>

#include <cmath>
#include <limits>
#include <thread>

Q_DECLARE_METATYPE(std::vector<int>)

using namespace qkv::transformer;

namespace {

float maxDifference(const Eigen::MatrixXf &a, const Eigen::MatrixXf &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return INFINITY;
    return a.size() == 0 ? 0.0f : (a - b).cwiseAbs().maxCoeff();
}

// Every layer's attention of `layers` against the reference's [layer][head][m][n].
void compareLayers(const std::vector<LayerRecord> &layers, const QJsonArray &expected, const char *stack)
{
    QCOMPARE(layers.size(), std::size_t(expected.size()));
    for (int l = 0; l < expected.size(); ++l) {
        const QJsonArray heads = expected[l].toArray();
        QCOMPARE(layers[std::size_t(l)].heads.size(), std::size_t(heads.size()));
        for (int h = 0; h < heads.size(); ++h) {
            const float diff = maxDifference(
                layers[std::size_t(l)].heads[std::size_t(h)].attention, matrixFromJson(heads[h].toArray()));
            if (!(diff <= 1e-4f))
                QFAIL(qPrintable(QStringLiteral("%1layer %2 head %3: attention differs by %4")
                                     .arg(QLatin1StringView(stack))
                                     .arg(l)
                                     .arg(h)
                                     .arg(diff)));
        }
    }
}

// Every layer's attention of `r` (an encoder-decoder's three kinds) against the reference's.
void compareAttention(const ForwardResult &r, const QJsonObject &reference)
{
    compareLayers(r.layers, reference.value(u"attention"_qs).toArray(), "");
    if (!reference.contains(u"decoder_attention"_qs))
        return;
    compareLayers(r.decoderLayers, reference.value(u"decoder_attention"_qs).toArray(), "decoder ");
    compareLayers(r.crossLayers, reference.value(u"cross_attention"_qs).toArray(), "cross-attention ");
}

void comparePredictions(const ForwardResult &r, const QJsonArray &expected)
{
    QCOMPARE(r.predictions.size(), std::size_t(expected.size()));
    for (int i = 0; i < expected.size(); ++i) {
        const QJsonObject e = expected[i].toObject();
        const Prediction &p = r.predictions[std::size_t(i)];
        QCOMPARE(p.position, e.value(u"position"_qs).toInt());
        const std::vector<int> ids = intsFromJson(e.value(u"ids"_qs).toArray());
        const QJsonArray probabilities = e.value(u"probabilities"_qs).toArray();
        QCOMPARE(p.top.size(), ids.size());
        for (std::size_t k = 0; k < ids.size(); ++k) {
            QCOMPARE(p.top[k].id, ids[k]);
            QVERIFY2(std::abs(p.top[k].probability - probabilities[int(k)].toDouble()) <= 1e-4,
                qPrintable(QStringLiteral("prediction %1, rank %2").arg(i).arg(k)));
        }
    }
}

ForwardOptions optionsFor(const QJsonObject &reference)
{
    ForwardOptions o;
    o.predictPositions = intsFromJson(reference.value(u"mask"_qs).toArray());
    o.targetIds = intsFromJson(reference.value(u"target"_qs).toArray());
    o.topK = 5;
    return o;
}

} // namespace

class TestTransformer : public QObject
{
    Q_OBJECT

private:
    FixtureModels m_models;

    std::shared_ptr<const Model> open(const QString &name) const { return m_models.open(name); }

private Q_SLOTS:
    void initTestCase() { m_models.prepare(); }

    void matchesReference_data()
    {
        QTest::addColumn<QString>("model");
        for (const char *name : {"gpt2", "gpt2_f16_shards", "bert", "bert_bf16_bare", "distilbert", "llama_gqa_bf16",
                 "qwen2_bias_tied", "mistral_f16_bare", "gpt2_f32_unaligned", "qwen2_long", "qwen3_qk_norm",
                 "phi3_fused", "phi3_partial_rotary", "phi3_longrope_short", "phi3_longrope_long", "gpt_neox",
                 "gpt_neox_sequential_bf16", "olmo2", "gemma2_window_caps", "gemma3_text_bf16", "gemma3_vision_f16",
                 "roberta", "t5", "flan_t5_bf16",
                 // The same models from GGUF files as llama.cpp writes them (F32: the same numbers),
                 // and quantized to Q8_0 and to llama.cpp's Q4_K_M mix of Q4_K and Q6_K (each reference
                 // computed by numpy from the values its blocks hold, read from the layout there).
                 "gpt2_gguf", "llama_gqa_bf16_gguf", "qwen2_bias_tied_gguf", "mistral_f16_bare_gguf",
                 "llama_gqa_bf16_q8_0_gguf", "llama_kquants", "llama_kquants_q4_k_m_gguf", "llama_kquants_mixed_gguf",
                 "qwen3_qk_norm_gguf", "phi3_fused_gguf", "gemma2_window_caps_gguf", "gemma3_text_bf16_gguf",
                 "phi3_longrope_long_gguf", "phi3_longrope_short_gguf"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    // Every layer's attention, the first layer's Q, K, V and the predictions, against numpy.
    void matchesReference()
    {
        QKV_NEEDS_FIXTURES(m_models);
        QFETCH(QString, model);
        const auto m = open(model);
        QVERIFY(m);
        const QJsonObject ref = m_models.fixtures().reference(model);
        const ForwardResult r = forward(*m, intsFromJson(ref.value(u"ids"_qs).toArray()), optionsFor(ref));
        QVERIFY2(r.done(), qPrintable(r.error));
        compareAttention(r, ref);
        for (const char *part : {"query", "key", "value"}) {
            const QJsonArray layers = ref.value(QString::fromLatin1(part)).toArray();
            for (int l = 0; l < layers.size(); ++l) {
                const QJsonArray heads = layers[l].toArray();
                for (int h = 0; h < heads.size(); ++h) {
                    const HeadRecord &head = r.layers[std::size_t(l)].heads[std::size_t(h)];
                    const Eigen::MatrixXf &mine = part[0] == 'q' ? head.query : part[0] == 'k' ? head.key : head.value;
                    // Relative to the largest entry: vectors are not bounded as attention is.
                    const Eigen::MatrixXf expected = matrixFromJson(heads[h].toArray());
                    const float diff = maxDifference(mine, expected), scale = expected.cwiseAbs().maxCoeff();
                    QVERIFY2(diff <= 1e-4f * std::max(1.0f, scale),
                        qPrintable(QStringLiteral("%1, layer %2 head %3: differs by %4 (largest %5)")
                                       .arg(QLatin1String(part))
                                       .arg(l)
                                       .arg(h)
                                       .arg(diff)
                                       .arg(scale)));
                }
            }
        }
        comparePredictions(r, ref.value(u"predictions"_qs).toArray());
        // The kept Q and K reproduce the attention: softmax(QKᵀ/√d) under the mask and window (Gemma
        // 2's scores capped first); T5's cross-attention is softmax(QKᵀ/√d) itself (T5's unscaled
        // q·k: the kept query carries √d), its self-attention adds position biases not kept.
        const Config &c = m->config();
        const int last = int(r.layers.size()) - 1;
        const HeadRecord &head
            = c.family == Family::T5 ? r.crossLayers.back().heads.back() : r.layers.back().heads.front();
        Eigen::ArrayXXf s = (head.query * head.key.transpose() / std::sqrt(float(head.query.cols()))).array();
        if (c.attentionSoftcap > 0)
            s = (s / c.attentionSoftcap).tanh() * c.attentionSoftcap;
        for (Eigen::Index i = 0; i < s.rows() && c.causal(); ++i)
            for (Eigen::Index j = 0; j < s.cols(); ++j)
                if (j > i || (c.windowAt(last) > 0 && j <= i - c.windowAt(last)))
                    s(i, j) = -std::numeric_limits<float>::infinity();
        const Eigen::ArrayXXf e = (s.colwise() - s.rowwise().maxCoeff()).exp();
        QVERIFY(maxDifference((e.colwise() / e.rowwise().sum()).matrix(), head.attention) <= 1e-5f);
        QVERIFY(maxDifference(head.output, head.attention * head.value) <= 1e-5f);
    }

    void ablationMatchesReference_data() { matchesReference_data(); }

    void ablationMatchesReference()
    {
        QKV_NEEDS_FIXTURES(m_models);
        QFETCH(QString, model);
        const auto m = open(model);
        QVERIFY(m);
        const QJsonObject ref = m_models.fixtures().reference(model);
        const QJsonObject ablated = ref.value(u"ablated"_qs).toObject();
        ForwardOptions o = optionsFor(ref);
        o.interventions.push_back(
            {ablated.value(u"layer"_qs).toInt(), ablated.value(u"head"_qs).toInt(), Intervention::Kind::Ablate, {}});
        const ForwardResult r = forward(*m, intsFromJson(ref.value(u"ids"_qs).toArray()), o);
        QVERIFY2(r.done(), qPrintable(r.error));
        compareAttention(r, ablated);
        comparePredictions(r, ablated.value(u"predictions"_qs).toArray());
        // The same from the kept stream: recompute from the ablated layer.
        const ForwardResult plain = forward(*m, r.ids, optionsFor(ref));
        const ForwardResult again = recompute(*m, plain, o.interventions.front().layer, o);
        QVERIFY2(again.done(), qPrintable(again.error));
        compareAttention(again, ablated);
        comparePredictions(again, ablated.value(u"predictions"_qs).toArray());
    }
    // F32 is used where it lies in the mapped file; the matrices of other types stay as stored
    // (their rows widened by the products), only vectors and GPT-2's Conv1D matrices are widened.
    void weightsInPlace()
    {
        QKV_NEEDS_FIXTURES(m_models);
        const auto aligned = open(u"gpt2"_qs), unaligned = open(u"gpt2_f32_unaligned"_qs),
                   bf16 = open(u"llama_gqa_bf16"_qs), q8 = open(u"llama_gqa_bf16_q8_0_gguf"_qs);
        QVERIFY(aligned && unaligned && bf16 && q8);
        QCOMPARE(aligned->ownedBytes(), 0);
        QVERIFY(aligned->weightBytes() > 0);
        // Misaligned: the Conv1D matrices and vectors copied, the embeddings read in place.
        QVERIFY(unaligned->ownedBytes() > 0 && unaligned->ownedBytes() < unaligned->weightBytes());
        // BF16: only the norms (5 vectors of 32) are widened; GGUF's are F32 in place, its matrices
        // Q8_0 and F16 as stored. Either way the weights take no more than the file.
        QCOMPARE(bf16->ownedBytes(), 5 * 32 * 4);
        QCOMPARE(q8->ownedBytes(), 0);
        for (const auto &m : {bf16, q8})
            QVERIFY2(m->weightBytes() <= m->fileBytes(), qPrintable(QString::number(m->weightBytes())));
    }

    // Opening tells how much of the weights is ready, up to all of them, and stops when told to.
    void openingTellsItsProgressAndStops_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("float32 in place") << u"gpt2"_qs;
        QTest::newRow("bfloat16 widened") << u"llama_gqa_bf16"_qs;
    }
    void openingTellsItsProgressAndStops()
    {
        QKV_NEEDS_FIXTURES(m_models);
        QFETCH(QString, name);
        std::mutex heard;
        std::vector<std::pair<qint64, qint64>> told;
        const OpenResult whole = Model::open(m_models.fixtures().path(name), [&](qint64 done, qint64 total) {
            const std::lock_guard lock(heard);
            told.emplace_back(done, total);
            return true;
        });
        QVERIFY2(whole.model, qPrintable(whole.error));
        QVERIFY(told.size() > 2);
        const qint64 total = whole.model->weightBytes();
        qint64 last = 0;
        for (const auto &[done, of] : told) {
            QCOMPARE(of, total);
            QVERIFY(done > last && done <= total);
            last = done;
        }
        QCOMPARE(last, total);
        // Stopped at the second tensor: no model, and the error says so.
        int calls = 0;
        const OpenResult stopped = Model::open(m_models.fixtures().path(name), [&](qint64, qint64) {
            const std::lock_guard lock(heard);
            return ++calls < 2;
        });
        QVERIFY(!stopped.model);
        QVERIFY2(stopped.error.contains(u"opening was stopped"_qs), qPrintable(stopped.error));
        QCOMPARE(calls, 2);
    }

    // One model, two threads computing at once: each gets what it alone would.
    void sharedAcrossThreads()
    {
        QKV_NEEDS_FIXTURES(m_models);
        const auto m = open(u"qwen2_long"_qs);
        QVERIFY(m);
        std::vector<int> a(200), b(150);
        for (std::size_t i = 0; i < a.size(); ++i)
            a[i] = int(i * 7 % 59);
        for (std::size_t i = 0; i < b.size(); ++i)
            b[i] = int(i * 13 % 59);
        const ForwardResult aloneA = forward(*m, a), aloneB = forward(*m, b);
        ForwardResult togetherA, togetherB;
        std::thread other([&] { togetherB = forward(*m, b); });
        togetherA = forward(*m, a);
        other.join();
        QVERIFY(togetherA.done() && togetherB.done());
        QCOMPARE(maxDifference(togetherA.logits, aloneA.logits), 0.0f);
        QCOMPARE(maxDifference(togetherB.logits, aloneB.logits), 0.0f);
    }

    // Q set to its own Q, K to its own K: nothing changes.
    void identityInterventionChangesNothing()
    {
        QKV_NEEDS_FIXTURES(m_models);
        const auto m = open(u"llama_gqa_bf16"_qs);
        QVERIFY(m);
        const std::vector<int> ids {3, 14, 15, 9, 26, 5};
        const ForwardResult plain = forward(*m, ids);
        QVERIFY(plain.done());
        ForwardOptions o;
        o.interventions.push_back({1, 3, Intervention::Kind::Query, plain.layers[1].heads[3].query});
        o.interventions.push_back({0, 2, Intervention::Kind::Key, plain.layers[0].heads[2].key});
        o.interventions.push_back({0, 1, Intervention::Kind::Value, plain.layers[0].heads[1].value});
        const ForwardResult same = forward(*m, ids, o);
        QVERIFY2(same.done(), qPrintable(same.error));
        for (std::size_t l = 0; l < plain.layers.size(); ++l)
            QCOMPARE(maxDifference(same.layers[l].residual, plain.layers[l].residual), 0.0f);
        QCOMPARE(maxDifference(same.logits, plain.logits), 0.0f);
    }

    // Recomputing from layer L gives what a full forward pass with the same intervention gives,
    // and copies the layers before L.
    // T5's three attentions take interventions of their own shapes: given back their own values
    // they change nothing, a uniform cross-attention is what its head then uses and moves the
    // prediction, a wrong shape is refused naming the stack.
    void encoderDecoderInterventionsByStack()
    {
        QKV_NEEDS_FIXTURES(m_models);
        const auto m = open(u"t5"_qs);
        QVERIFY(m);
        using Kind = Intervention::Kind;
        using Stack = Intervention::Stack;
        const std::vector<int> ids {3, 14, 15, 9, 26, 5, 35, 8, 9, 7, 9};
        ForwardOptions o;
        o.targetIds = {5, 9, 2, 30};
        const ForwardResult plain = forward(*m, ids, o);
        QVERIFY2(plain.done(), qPrintable(plain.error));
        QVERIFY(forwardBatch(*m, {ids}).front().error.contains(u"one sequence at a time"_qs));
        QCOMPARE(plain.decoderIds, std::vector<int>({0, 5, 9, 2, 30}));
        QCOMPARE(plain.crossLayers[0].heads[0].attention.rows(), 5);
        QCOMPARE(plain.crossLayers[0].heads[0].attention.cols(), 11);
        QCOMPARE(headWeights(m->config(), plain, 0, 0).size(), 0); // its biases are not kept: never recomputed
        ForwardOptions same = o;
        same.interventions = {{1, 2, Kind::Query, plain.decoderLayers[1].heads[2].query, Stack::Decoder},
            {0, 1, Kind::Key, plain.crossLayers[0].heads[1].key, Stack::Cross},
            {0, 3, Kind::Value, plain.layers[0].heads[3].value, Stack::Encoder}};
        const ForwardResult again = forward(*m, ids, same);
        QVERIFY2(again.done(), qPrintable(again.error));
        QCOMPARE(maxDifference(again.logits, plain.logits), 0.0f);
        ForwardOptions uniform = o;
        const Eigen::MatrixXf flat = Eigen::MatrixXf::Constant(5, 11, 1.0f / 11);
        uniform.interventions = {{1, 0, Kind::Attention, flat, Stack::Cross}};
        const ForwardResult moved = forward(*m, ids, uniform);
        QVERIFY2(moved.done(), qPrintable(moved.error));
        QCOMPARE(moved.crossLayers[1].heads[0].attention, flat);
        QCOMPARE(maxDifference(moved.layers.back().residual, plain.layers.back().residual), 0.0f);
        QVERIFY(maxDifference(moved.logits, plain.logits) > 1e-4f);
        uniform.interventions = {{1, 0, Kind::Attention, Eigen::MatrixXf::Constant(5, 5, 0.2f), Stack::Cross}};
        const ForwardResult wrong = forward(*m, ids, uniform);
        QVERIFY(!wrong.done());
        QVERIFY2(
            wrong.error.contains(u"cross-attention"_qs) && wrong.error.contains(u"5 × 11"_qs), qPrintable(wrong.error));
        const auto gpt2 = open(u"gpt2"_qs);
        ForwardOptions decoder;
        decoder.interventions = {{0, 0, Kind::Ablate, {}, Stack::Decoder}};
        QVERIFY(forward(*gpt2, {1, 2}, decoder).error.contains(u"no decoder"_qs));
        decoder.interventions.clear();
        decoder.targetIds = {1};
        QVERIFY(forward(*gpt2, {1, 2}, decoder).error.contains(u"encoder-decoder"_qs));
    }

    void recomputeEqualsFullForward_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("layer");
        QTest::newRow("gpt2") << u"gpt2"_qs << 1;
        QTest::newRow("gpt2 layer 0") << u"gpt2"_qs << 0;
        QTest::newRow("bert") << u"bert"_qs << 1;
        QTest::newRow("qwen2") << u"qwen2_bias_tied"_qs << 2;
        QTest::newRow("qwen3") << u"qwen3_qk_norm"_qs << 1;
        QTest::newRow("phi3") << u"phi3_fused"_qs << 1;
        QTest::newRow("gpt_neox") << u"gpt_neox"_qs << 1;
        QTest::newRow("gpt_neox sequential") << u"gpt_neox_sequential_bf16"_qs << 2;
        QTest::newRow("olmo2") << u"olmo2"_qs << 1;
        QTest::newRow("roberta") << u"roberta"_qs << 1;
        QTest::newRow("gemma2") << u"gemma2_window_caps"_qs << 1;
        QTest::newRow("gemma3") << u"gemma3_text_bf16"_qs << 2;
    }

    void recomputeEqualsFullForward()
    {
        QKV_NEEDS_FIXTURES(m_models);
        QFETCH(QString, model);
        QFETCH(int, layer);
        const auto m = open(model);
        QVERIFY(m);
        const std::vector<int> ids {1, 4, 1, 5, 9, 2, 6};
        const auto n = Eigen::Index(ids.size());
        ForwardOptions o;
        if (!m->config().causal())
            o.predictPositions = {2, 4};
        const ForwardResult plain = forward(*m, ids, o);
        QVERIFY(plain.done());
        // Uniform attention over the keys, and a doubled value matrix.
        o.interventions.push_back({layer, 0, Intervention::Kind::Attention, Eigen::MatrixXf::Constant(n, n, 1.0f / n)});
        o.interventions.push_back({layer, 1, Intervention::Kind::Value, 2 * plain.layers[layer].heads[1].value});
        QCOMPARE(firstChangedLayer(plain, o), layer);
        const ForwardResult full = forward(*m, ids, o);
        const ForwardResult again = recompute(*m, plain, layer, o);
        QVERIFY2(full.done() && again.done(), qPrintable(full.error + again.error));
        QVERIFY(maxDifference(full.layers.back().residual, plain.layers.back().residual) > 1e-3f);
        for (std::size_t l = 0; l < full.layers.size(); ++l) {
            QCOMPARE(maxDifference(again.layers[l].residual, full.layers[l].residual), 0.0f);
            for (std::size_t h = 0; h < full.layers[l].heads.size(); ++h)
                QCOMPARE(maxDifference(again.layers[l].heads[h].attention, full.layers[l].heads[h].attention), 0.0f);
        }
        QCOMPARE(maxDifference(again.logits, full.logits), 0.0f);
        QCOMPARE(again.predictions.front().top.front().id, full.predictions.front().top.front().id);
        QCOMPARE(full.layers[layer].heads[0].attention, o.interventions[0].values);
        // Every head's weights computed again from its kept query and key are the forward pass's
        // bits: sliding windows, soft-capping and the replaced head included.
        for (int l = 0; l < int(full.layers.size()); ++l)
            for (int h = 0; h < m->config().heads; ++h) {
                const Eigen::MatrixXf w = headWeights(m->config(), full, l, h);
                QCOMPARE(w.rows(), n);
                QVERIFY2(w == full.layers[std::size_t(l)].heads[std::size_t(h)].attention,
                    qPrintable(u"layer %1 head %2"_qs.arg(l).arg(h)));
            }
        QCOMPARE(headWeights(m->config(), full, int(full.layers.size()), 0).size(), 0);
        // Starting after the changed layer would skip it: refused.
        if (layer + 1 < m->config().layers) {
            const ForwardResult late = recompute(*m, plain, layer + 1, o);
            QCOMPARE(late.status, ForwardResult::Status::Refused);
            QVERIFY2(late.error.contains(QString::number(layer)), qPrintable(late.error));
        }
    }

    void cancellation()
    {
        QKV_NEEDS_FIXTURES(m_models);
        const auto m = open(u"gpt2"_qs);
        QVERIFY(m);
        std::atomic<bool> cancel {true};
        ForwardOptions o;
        o.cancel = &cancel;
        const ForwardResult r = forward(*m, {1, 2, 3}, o);
        QCOMPARE(r.status, ForwardResult::Status::Cancelled);
        QVERIFY(r.layers.empty() && r.predictions.empty());
        cancel = false;
        const ForwardResult whole = forward(*m, {1, 2, 3}, o);
        QVERIFY(whole.done());
        // A cancelled pass resumes where it stopped.
        QCOMPARE(firstChangedLayer(r, o), 0);
        const ForwardResult resumed = recompute(*m, r, firstChangedLayer(r, o), o);
        QVERIFY2(resumed.done(), qPrintable(resumed.error));
        QCOMPARE(maxDifference(resumed.logits, whole.logits), 0.0f);
    }

    void batchEqualsOneAtATime_data() { recomputeEqualsFullForward_data(); }

    // Sequences of several lengths through one stack of products (more rows than the few-row
    // kernel takes): each sequence's attention and residual stream as when it runs alone.
    void batchEqualsOneAtATime()
    {
        QKV_NEEDS_FIXTURES(m_models);
        QFETCH(QString, model);
        const auto m = open(model);
        QVERIFY(m);
        std::vector<std::vector<int>> sequences;
        for (const int length : {7, 3, 16, 1, 12, 9, 14, 10}) {
            std::vector<int> ids;
            for (int i = 0; i < std::min<int>(length, int(m->config().positionLimit())); ++i)
                ids.push_back((i * 7 + length * 3) % 50 + 1);
            sequences.push_back(ids);
        }
        const std::vector<ForwardResult> batch = forwardBatch(*m, sequences);
        QCOMPARE(batch.size(), sequences.size());
        for (std::size_t s = 0; s < sequences.size(); ++s) {
            const ForwardResult alone = forward(*m, sequences[s]);
            QVERIFY2(alone.done() && batch[s].done(), qPrintable(alone.error + batch[s].error));
            QCOMPARE(batch[s].ids, sequences[s]);
            QVERIFY(batch[s].predictions.empty());
            QCOMPARE(batch[s].layers.size(), alone.layers.size());
            for (std::size_t l = 0; l < alone.layers.size(); ++l) {
                QVERIFY(maxDifference(batch[s].layers[l].residual, alone.layers[l].residual) <= 1e-4f);
                for (std::size_t h = 0; h < alone.layers[l].heads.size(); ++h) {
                    const HeadRecord &a = alone.layers[l].heads[h], &b = batch[s].layers[l].heads[h];
                    QVERIFY2(maxDifference(b.attention, a.attention) <= 1e-5f
                            && maxDifference(b.query, a.query) <= 1e-4f && maxDifference(b.key, a.key) <= 1e-4f,
                        qPrintable(QStringLiteral("sequence %1, layer %2, head %3").arg(s).arg(l).arg(h)));
                }
            }
        }
        // A sequence forward refuses is named by its place, in every result.
        sequences[2][1] = m->config().vocab;
        const std::vector<ForwardResult> refused = forwardBatch(*m, sequences);
        for (const ForwardResult &r : refused) {
            QCOMPARE(r.status, ForwardResult::Status::Refused);
            QVERIFY2(r.error.startsWith(u"sequence 3: token 1"_qs), qPrintable(r.error));
        }
        std::atomic<bool> cancel {true};
        QCOMPARE(forwardBatch(*m, {{1, 2}}, &cancel).front().status, ForwardResult::Status::Cancelled);
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<std::vector<int>>("ids");
        QTest::addColumn<int>("kind"); // 0 none, 1 bad Q shape, 2 bad head, 3 NaN attention, 4 bad mask, 5 overflow
        QTest::addColumn<QString>("expected");
        QTest::newRow("no tokens") << u"gpt2"_qs << std::vector<int> {} << 0 << u"no tokens"_qs;
        QTest::newRow("id past vocab") << u"gpt2"_qs << std::vector<int> {1, 61} << 0 << u"id 61"_qs;
        QTest::newRow("negative id") << u"bert"_qs << std::vector<int> {-1} << 0 << u"id -1"_qs;
        QTest::newRow("too many for GPT-2") << u"gpt2"_qs << std::vector<int>(17, 1) << 0 << u"16 positions"_qs;
        QTest::newRow("too many for BERT") << u"bert"_qs << std::vector<int>(21, 1) << 0 << u"20 positions"_qs;
        QTest::newRow("too many for Llama")
            << u"llama_gqa_bf16"_qs << std::vector<int>(65, 1) << 0 << u"64 positions"_qs;
        QTest::newRow("query shape") << u"gpt2"_qs << std::vector<int> {1, 2} << 1 << u"2 × 8"_qs;
        QTest::newRow("head") << u"gpt2"_qs << std::vector<int> {1, 2} << 2 << u"head 4"_qs;
        QTest::newRow("NaN attention") << u"gpt2"_qs << std::vector<int> {1, 2} << 3 << u"NaN"_qs;
        QTest::newRow("mask position") << u"bert"_qs << std::vector<int> {1, 2} << 4 << u"position 2"_qs;
        QTest::newRow("overflow") << u"gpt2"_qs << std::vector<int> {1, 2} << 5 << u"layer 0"_qs;
    }

    void refusals()
    {
        QKV_NEEDS_FIXTURES(m_models);
        QFETCH(QString, model);
        QFETCH(std::vector<int>, ids);
        QFETCH(int, kind);
        QFETCH(QString, expected);
        const auto m = open(model);
        QVERIFY(m);
        ForwardOptions o;
        const auto n = Eigen::Index(ids.size());
        if (kind == 1)
            o.interventions.push_back({0, 0, Intervention::Kind::Query, Eigen::MatrixXf::Zero(n, 7)});
        if (kind == 2)
            o.interventions.push_back({0, 4, Intervention::Kind::Ablate, {}});
        if (kind == 3)
            o.interventions.push_back({1, 0, Intervention::Kind::Attention, Eigen::MatrixXf::Constant(n, n, NAN)});
        if (kind == 4)
            o.predictPositions = {2};
        if (kind == 5)
            o.interventions.push_back({0, 0, Intervention::Kind::Value, Eigen::MatrixXf::Constant(n, 8, 3e38f)});
        const ForwardResult r = forward(*m, ids, o);
        QCOMPARE(r.status, ForwardResult::Status::Refused);
        QVERIFY2(r.error.contains(expected), qPrintable(r.error));
    }
};

QTEST_GUILESS_MAIN(TestTransformer)
#include "tst_transformer.moc"
