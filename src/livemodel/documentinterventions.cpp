#include "livemodel/documentinterventions.h"

#include "livemodel/livemodel.h"

#include <algorithm>
#include <iterator>
#include <tuple>

namespace qkv::live {
namespace {

using Kind = transformer::Intervention::Kind;

bool replacesNumbers(const transformer::Intervention &i)
{
    return i.kind == Kind::Query || i.kind == Kind::Key || i.kind == Kind::Value;
}

// The layers of `stack` a run recorded.
const std::vector<transformer::LayerRecord> &layersOf(const transformer::ForwardResult &r, Stack stack)
{
    return stack == Stack::Encoder ? r.layers : stack == Stack::Decoder ? r.decoderLayers : r.crossLayers;
}

} // namespace

Stack interventionStack(AttentionStack stack)
{
    switch (stack) {
    case AttentionStack::Encoder:
        return Stack::Encoder;
    case AttentionStack::Decoder:
        return Stack::Decoder;
    case AttentionStack::Cross:
        break;
    }
    return Stack::Cross;
}

AttentionStack attentionStack(Stack stack)
{
    switch (stack) {
    case Stack::Encoder:
        return AttentionStack::Encoder;
    case Stack::Decoder:
        return AttentionStack::Decoder;
    case Stack::Cross:
        break;
    }
    return AttentionStack::Cross;
}

bool differBefore(const std::vector<transformer::Intervention> &a, const std::vector<transformer::Intervention> &b,
    int layer, Stack stack)
{
    // The order the model computes in: the encoder's layers, then each decoder layer's own
    // attention before its cross-attention.
    const auto place = [](Stack s, int l) {
        return s == Stack::Encoder ? std::tuple {0, l, 0} : std::tuple {1, l, s == Stack::Decoder ? 0 : 1};
    };
    const auto before = [&](const std::vector<transformer::Intervention> &all) {
        std::vector<transformer::Intervention> out;
        std::copy_if(all.begin(), all.end(), std::back_inserter(out),
            [&](const transformer::Intervention &i) { return place(i.stack, i.layer) < place(stack, layer); });
        return out;
    };
    return !sameInterventions(before(a), before(b));
}

std::vector<transformer::Intervention> interventionsFromDocument(
    const Document &doc, int layer, const LiveRun &shown, Stack stack)
{
    std::vector<transformer::Intervention> out;
    if (!shown.forward || layer < 0 || layer >= int(layersOf(*shown.forward, stack).size()))
        return out;
    const std::vector<transformer::HeadRecord> &heads = layersOf(*shown.forward, stack)[std::size_t(layer)].heads;
    const Settings &s = doc.settings();
    // Rows of the queries, and of the keys and values (the source's in cross-attention).
    const int n = doc.tokenCount(), m = doc.keyTokenCount();
    if (heads.empty() || s.mode != Mode::Direct || s.heads != int(heads.size()) || n != int(heads.front().query.rows())
        || m != int(heads.front().key.rows()) || s.dim != int(heads.front().query.cols()))
        return out;
    const std::vector<transformer::Intervention> before = layerEdits(shown.forward->interventions, layer, stack);
    std::vector<WordVectors> queries, keys;
    for (int i = 0; i < n; ++i)
        queries.push_back(doc.wordVectors(doc.vectorKey(i)));
    for (int j = 0; j < m; ++j)
        keys.push_back(doc.isCross() ? doc.wordVectors(doc.keyVectorKey(j)) : queries[std::size_t(j)]);
    for (int h = 0; h < s.heads; ++h) {
        const transformer::HeadRecord &own = heads[std::size_t(h)];
        for (const auto &[role, kind, matrix] : {std::tuple {Role::Query, Kind::Query, &own.query},
                 std::tuple {Role::Key, Kind::Key, &own.key}, std::tuple {Role::Value, Kind::Value, &own.value}}) {
            const std::vector<WordVectors> &rows = role == Role::Query ? queries : keys;
            Eigen::MatrixXf edited(Eigen::Index(rows.size()), s.dim);
            for (std::size_t i = 0; i < rows.size(); ++i)
                edited.row(Eigen::Index(i)) = rows[i][role].row(h).cast<float>();
            if (edited != *matrix) {
                transformer::Intervention change {layer, h, kind, std::move(edited)};
                change.stack = stack;
                out.push_back(std::move(change));
            } else {
                const auto kept = std::find_if(before.begin(), before.end(),
                    [h, k = kind](const transformer::Intervention &i) { return i.head == h && i.kind == k; });
                if (kept != before.end())
                    out.push_back(*kept);
            }
        }
    }
    return out;
}

std::vector<transformer::Intervention> layerEdits(
    const std::vector<transformer::Intervention> &interventions, int layer, Stack stack)
{
    std::vector<transformer::Intervention> out;
    std::copy_if(interventions.begin(), interventions.end(), std::back_inserter(out),
        [&](const transformer::Intervention &i) { return i.stack == stack && i.layer == layer && replacesNumbers(i); });
    return out;
}

std::vector<transformer::Intervention> withLayerEdits(std::vector<transformer::Intervention> current, int layer,
    std::vector<transformer::Intervention> layerEdits, Stack stack)
{
    std::erase_if(current,
        [&](const transformer::Intervention &i) { return i.stack == stack && i.layer == layer && replacesNumbers(i); });
    for (transformer::Intervention &i : layerEdits)
        current.push_back(std::move(i));
    return current;
}

bool isAblated(const std::vector<transformer::Intervention> &interventions, int layer, int head, Stack stack)
{
    return std::any_of(interventions.begin(), interventions.end(), [&](const transformer::Intervention &i) {
        return i.kind == Kind::Ablate && i.stack == stack && i.layer == layer && i.head == head;
    });
}

std::vector<transformer::Intervention> withAblation(
    std::vector<transformer::Intervention> current, int layer, int head, bool ablated, Stack stack)
{
    std::erase_if(current, [&](const transformer::Intervention &i) {
        return i.kind == Kind::Ablate && i.stack == stack && i.layer == layer && i.head == head;
    });
    if (ablated) {
        transformer::Intervention off {layer, head, Kind::Ablate, {}};
        off.stack = stack;
        current.push_back(std::move(off));
    }
    return current;
}

bool sameInterventions(const std::vector<transformer::Intervention> &a, const std::vector<transformer::Intervention> &b)
{
    return a.size() == b.size() && std::all_of(a.begin(), a.end(), [&b](const transformer::Intervention &i) {
        return std::find(b.begin(), b.end(), i) != b.end();
    });
}

std::vector<transformer::Intervention> withoutLayer(
    std::vector<transformer::Intervention> current, int layer, Stack stack)
{
    std::erase_if(current,
        [&](const transformer::Intervention &i) { return layer < 0 || (i.stack == stack && i.layer == layer); });
    return current;
}

} // namespace qkv::live
