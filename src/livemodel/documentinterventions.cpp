#include "livemodel/documentinterventions.h"

#include "livemodel/livemodel.h"

#include <algorithm>
#include <iterator>

namespace qkv::live {
namespace {

using Kind = transformer::Intervention::Kind;

bool replacesNumbers(const transformer::Intervention &i)
{
    return i.kind == Kind::Query || i.kind == Kind::Key || i.kind == Kind::Value;
}

} // namespace

std::vector<transformer::Intervention> interventionsFromDocument(const Document &doc, int layer, const LiveRun &shown)
{
    std::vector<transformer::Intervention> out;
    if (!shown.forward || layer < 0 || layer >= int(shown.forward->layers.size()))
        return out;
    const std::vector<transformer::HeadRecord> &heads = shown.forward->layers[std::size_t(layer)].heads;
    const Settings &s = doc.settings();
    const int n = doc.tokenCount();
    if (heads.empty() || s.mode != Mode::Direct || s.heads != int(heads.size()) || n != int(shown.ids.size())
        || s.dim != int(heads.front().query.cols()))
        return out;
    const std::vector<transformer::Intervention> before = layerEdits(shown.forward->interventions, layer);
    std::vector<WordVectors> tokens;
    tokens.reserve(std::size_t(n));
    for (int i = 0; i < n; ++i)
        tokens.push_back(doc.wordVectors(doc.vectorKey(i)));
    for (int h = 0; h < s.heads; ++h) {
        const transformer::HeadRecord &own = heads[std::size_t(h)];
        for (const auto &[role, kind, matrix] : {std::tuple {Role::Query, Kind::Query, &own.query},
                 std::tuple {Role::Key, Kind::Key, &own.key}, std::tuple {Role::Value, Kind::Value, &own.value}}) {
            Eigen::MatrixXf edited(n, s.dim);
            for (int i = 0; i < n; ++i)
                edited.row(i) = tokens[std::size_t(i)][role].row(h).cast<float>();
            if (edited != *matrix) {
                out.push_back({layer, h, kind, std::move(edited)});
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
    const std::vector<transformer::Intervention> &interventions, int layer)
{
    std::vector<transformer::Intervention> out;
    std::copy_if(interventions.begin(), interventions.end(), std::back_inserter(out),
        [layer](const transformer::Intervention &i) { return i.layer == layer && replacesNumbers(i); });
    return out;
}

std::vector<transformer::Intervention> withLayerEdits(
    std::vector<transformer::Intervention> current, int layer, std::vector<transformer::Intervention> layerEdits)
{
    std::erase_if(
        current, [layer](const transformer::Intervention &i) { return i.layer == layer && replacesNumbers(i); });
    for (transformer::Intervention &i : layerEdits)
        current.push_back(std::move(i));
    return current;
}

bool isAblated(const std::vector<transformer::Intervention> &interventions, int layer, int head)
{
    return std::any_of(interventions.begin(), interventions.end(), [&](const transformer::Intervention &i) {
        return i.kind == Kind::Ablate && i.layer == layer && i.head == head;
    });
}

std::vector<transformer::Intervention> withAblation(
    std::vector<transformer::Intervention> current, int layer, int head, bool ablated)
{
    std::erase_if(current, [&](const transformer::Intervention &i) {
        return i.kind == Kind::Ablate && i.layer == layer && i.head == head;
    });
    if (ablated)
        current.push_back({layer, head, Kind::Ablate, {}});
    return current;
}

bool sameInterventions(const std::vector<transformer::Intervention> &a, const std::vector<transformer::Intervention> &b)
{
    return a.size() == b.size() && std::all_of(a.begin(), a.end(), [&b](const transformer::Intervention &i) {
        return std::find(b.begin(), b.end(), i) != b.end();
    });
}

std::vector<transformer::Intervention> withoutLayer(std::vector<transformer::Intervention> current, int layer)
{
    std::erase_if(current, [layer](const transformer::Intervention &i) { return layer < 0 || i.layer == layer; });
    return current;
}

} // namespace qkv::live
