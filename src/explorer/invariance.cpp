#include "explorer/invariance.h"

#include "attention/engine.h"
#include "document/sentencesplit.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <numeric>

namespace qkv::explore {

namespace {

// The texts' translation context.
struct InvarianceText {
    Q_DECLARE_TR_FUNCTIONS(Invariance)
};

QString num(double x)
{
    return QString::number(x, 'g', 3);
}

// The queries and keys of every head changed by `change(query, key)` (each a heads × dim matrix
// in direct mode; W_Q and W_K, d_model × dim, in projection mode).
std::optional<QString> changeQueriesKeys(
    Document &doc, const std::function<void(Eigen::MatrixXd &, Eigen::MatrixXd &)> &change)
{
    switch (doc.settings().mode) {
    case Mode::Weights:
        return InvarianceText::tr("The weights are given in this document: there are no queries or keys to transform");
    case Mode::Projection:
        for (int h = 0; h < doc.settings().heads; ++h) {
            Projection p = doc.projection(h);
            change(p.wq, p.wk);
            doc.setProjection(h, p);
        }
        return std::nullopt;
    case Mode::Direct:
        break;
    }
    // The sentence's vectors and, in cross-attention, the second sentence's too (a word in both
    // has one set of vectors).
    std::set<QString> done;
    const auto changeWord = [&](const QString &key) {
        if (!done.insert(key).second)
            return;
        WordVectors v = doc.wordVectors(key);
        change(v.q, v.k);
        doc.setWordVectors(key, v);
    };
    for (int i = 0; i < doc.tokenCount(); ++i)
        changeWord(doc.vectorKey(i));
    for (int j = 0; j < doc.keyTokenCount(); ++j)
        changeWord(doc.keyVectorKey(j));
    return std::nullopt;
}

std::vector<int> identity(int n)
{
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    return order;
}

std::vector<int> reversedOrder(int n)
{
    std::vector<int> order = identity(n);
    std::reverse(order.begin(), order.end());
    return order;
}

QStringList inOrder(const QStringList &tokens, const std::vector<int> &order)
{
    QStringList out;
    for (const int i : order)
        out << tokens[i];
    return out;
}

// Every sentence's words in reverse order (in cross-attention both sentences, each its own way).
Transformed reversed(const Document &doc)
{
    Transformed out;
    if (doc.settings().mode == Mode::Weights) {
        out.refusal = InvarianceText::tr("The weights are given in this document: they belong to places, not words");
        return out;
    }
    const int n = doc.tokenCount(), m = doc.keyTokenCount();
    out.order = reversedOrder(n);
    out.keyOrder = reversedOrder(m);
    const QStringList tokens = inOrder(doc.tokens(), out.order);
    const QStringList keys = inOrder(doc.keyTokens(), out.keyOrder);
    Document d = doc;
    d.setSentence(tokens.join(QLatin1Char(' ')));
    if (doc.isCross())
        d.setCrossSentence(keys.join(QLatin1Char(' ')));
    if (d.tokens() != tokens || d.keyTokens() != keys) {
        out.refusal = InvarianceText::tr("The words in reverse order do not split into the same tokens again");
        return out;
    }
    // Vectors of a word follow it; per-token vectors are moved to their token's new place.
    if (doc.settings().vectors == VectorScope::PerToken) {
        const auto move = [&](const QString &to, const QString &from) {
            d.setWordVectors(to, doc.wordVectors(from));
            d.setEmbedding(to, doc.embedding(from));
        };
        for (int i = 0; i < n; ++i)
            move(d.vectorKey(i), doc.vectorKey(out.order[std::size_t(i)]));
        if (doc.isCross())
            for (int j = 0; j < m; ++j)
                move(d.keyVectorKey(j), doc.keyVectorKey(out.keyOrder[std::size_t(j)]));
    }
    std::set<Cell> masked;
    for (const Cell &c : doc.maskedCells())
        masked.insert({n - 1 - c.first, m - 1 - c.second});
    d.setMaskedCells(masked);
    out.document = std::move(d);
    return out;
}

bool softmax(const Settings &s)
{
    return s.normalization == Normalization::Softmax || s.normalization == Normalization::ScaledSoftmax;
}

struct Aligned {
    double scores = 0, weights = 0, outputs = 0;
};

// The largest differences between two results, query i of `b` matched with query order[i] of
// `a` and key j with key keyOrder[j].
Aligned differences(const Result &a, const Result &b, const std::vector<int> &order, const std::vector<int> &keyOrder)
{
    Aligned d;
    const auto n = Eigen::Index(order.size()), m = Eigen::Index(keyOrder.size());
    for (std::size_t h = 0; h < a.heads.size() && h < b.heads.size(); ++h)
        for (Eigen::Index i = 0; i < n; ++i) {
            const Eigen::Index oi = order[std::size_t(i)];
            for (Eigen::Index j = 0; j < m; ++j) {
                const Eigen::Index oj = keyOrder[std::size_t(j)];
                d.scores = std::max(d.scores, std::abs(b.heads[h].scores(i, j) - a.heads[h].scores(oi, oj)));
                d.weights = std::max(d.weights, std::abs(b.heads[h].weights(i, j) - a.heads[h].weights(oi, oj)));
            }
        }
    for (Eigen::Index i = 0; i < n; ++i)
        d.outputs = std::max(d.outputs, (b.output.row(i) - a.output.row(order[std::size_t(i)])).cwiseAbs().maxCoeff());
    return d;
}

constexpr double rounding = 1e-9;

QString why(const Document &before, const Document &after, Invariance kind, const Aligned &d)
{
    const Settings &s = before.settings();
    const bool weightsKept = d.weights <= rounding;
    switch (kind) {
    case Invariance::ShiftKeys:
        if (s.scoring != Scoring::QueryKey)
            return InvarianceText::tr(
                "With %1 scores the keys enter every score otherwise than q·k: the weights move by up to %2.")
                .arg(toString(s.scoring), num(d.weights));
        if (softmax(s))
            return InvarianceText::tr(
                "Each row's scores move together, by q·(1, …, 1) (up to %1), and softmax ignores what a "
                "whole row gains: the weights stay (largest change %2).")
                .arg(num(d.scores), num(d.weights));
        return InvarianceText::tr(
            "Each row's scores move together (up to %1), but %2 does not subtract the row's largest score: "
            "the weights move by up to %3.")
            .arg(num(d.scores), toString(s.normalization), num(d.weights));
    case Invariance::ScaleQueriesKeys:
        if (s.scoring == Scoring::QueryKey)
            return InvarianceText::tr(
                "(2q)·(k/2) = q·k: the scores stay (largest change %1), and with them the weights and outputs.")
                .arg(num(d.scores));
        return InvarianceText::tr(
            "With %1 scores the halved keys are not balanced by the doubled queries: the scores move by up to "
            "%2, the weights by up to %3.")
            .arg(toString(s.scoring), num(d.scores), num(d.weights));
    case Invariance::RotateQueriesKeys:
        return InvarianceText::tr(
            "Turning queries and keys by the same rotation keeps every dot product, (qR)·(kR) = q·k: the "
            "scores stay (largest change %1), though the vector plot shows every query and key turned by 30°.")
            .arg(num(d.scores));
    case Invariance::PermuteWords:
        if (weightsKept && before.isCross())
            return InvarianceText::tr(
                "Attention has no sense of order of its own: with both sentences reversed, the rows follow the "
                "first sentence's words and the columns the second's, and every weight is found again (largest "
                "difference %1).")
                .arg(num(d.weights));
        if (weightsKept)
            return InvarianceText::tr(
                "Attention has no sense of order of its own: the reversed sentence gives the same weights, "
                "rows and columns reordered with the words (largest difference %1).")
                .arg(num(d.weights));
        if (s.mode == Mode::Projection && s.positions == Positions::Sinusoidal)
            return InvarianceText::tr(
                "The sinusoidal positions stay with the places, not the words: each word now carries another "
                "place's encoding, and the weights move by up to %1.")
                .arg(num(d.weights));
        if (s.mask == MaskKind::Causal)
            return InvarianceText::tr(
                "The causal mask stays with the places: a word that saw the words before it now sees those "
                "after it, and the weights move by up to %1.")
                .arg(num(d.weights));
        return InvarianceText::tr("The weights move by up to %1.").arg(num(d.weights));
    case Invariance::Temperature: {
        if (!softmax(s))
            return InvarianceText::tr("%1 does not use the temperature: nothing moves.").arg(toString(s.normalization));
        // The same weights come from halving every query at the old temperature.
        Document halved = before;
        changeQueriesKeys(halved, [](Eigen::MatrixXd &q, Eigen::MatrixXd &) { q *= 0.5; });
        const Aligned h = differences(
            compute(halved), compute(after), identity(before.tokenCount()), identity(before.keyTokenCount()));
        return InvarianceText::tr(
            "Doubling the temperature divides every score by 2 inside the softmax: the weights move by up to "
            "%1, exactly as when every query is halved instead (largest difference %2); the raw scores stay, "
            "where halving the queries halves them too.")
            .arg(num(d.weights), num(h.weights));
    }
    }
    return {};
}

} // namespace

QString title(Invariance kind)
{
    switch (kind) {
    case Invariance::ShiftKeys:
        return InvarianceText::tr("Add the same vector to every key");
    case Invariance::ScaleQueriesKeys:
        return InvarianceText::tr("Double the queries, halve the keys");
    case Invariance::RotateQueriesKeys:
        return InvarianceText::tr("Rotate queries and keys by 30°");
    case Invariance::PermuteWords:
        return InvarianceText::tr("Reverse the words");
    case Invariance::Temperature:
        break;
    }
    return InvarianceText::tr("Double the temperature");
}

QString idOf(Invariance kind)
{
    switch (kind) {
    case Invariance::ShiftKeys:
        return QStringLiteral("shift-keys");
    case Invariance::ScaleQueriesKeys:
        return QStringLiteral("scale");
    case Invariance::RotateQueriesKeys:
        return QStringLiteral("rotate");
    case Invariance::PermuteWords:
        return QStringLiteral("reverse");
    case Invariance::Temperature:
        break;
    }
    return QStringLiteral("temperature");
}

Transformed transform(const Document &doc, Invariance kind)
{
    if (kind == Invariance::PermuteWords)
        return reversed(doc);
    Transformed out;
    out.order = identity(doc.tokenCount());
    out.keyOrder = identity(doc.keyTokenCount());
    Document d = doc;
    std::optional<QString> refusal;
    const int dim = doc.settings().dim;
    switch (kind) {
    case Invariance::ShiftKeys:
        if (doc.settings().mode == Mode::Projection)
            refusal = InvarianceText::tr(
                "Projection mode makes each key as x·W_K, with no bias to add to: switch to direct mode");
        else
            refusal = changeQueriesKeys(d, [](Eigen::MatrixXd &, Eigen::MatrixXd &k) { k.array() += 1.0; });
        break;
    case Invariance::ScaleQueriesKeys:
        refusal = changeQueriesKeys(d, [](Eigen::MatrixXd &q, Eigen::MatrixXd &k) {
            q *= 2;
            k *= 0.5;
        });
        break;
    case Invariance::RotateQueriesKeys: {
        if (dim < 2) {
            refusal = InvarianceText::tr("A rotation needs vectors of at least 2 dimensions");
            break;
        }
        Eigen::MatrixXd r = Eigen::MatrixXd::Identity(dim, dim);
        const double a = std::numbers::pi / 6;
        r(0, 0) = r(1, 1) = std::cos(a);
        r(0, 1) = std::sin(a);
        r(1, 0) = -std::sin(a);
        refusal = changeQueriesKeys(d, [&](Eigen::MatrixXd &q, Eigen::MatrixXd &k) {
            q = q * r;
            k = k * r;
        });
        break;
    }
    case Invariance::Temperature: {
        Settings s = d.settings();
        s.temperature *= 2;
        d.setSettings(s);
        break;
    }
    case Invariance::PermuteWords:
        break;
    }
    if (refusal) {
        out.refusal = *refusal;
        return out;
    }
    out.document = std::move(d);
    return out;
}

InvarianceReport compare(const Document &before, const Transformed &after, Invariance kind)
{
    InvarianceReport report;
    if (!after.document)
        return report;
    const Aligned d = differences(compute(before), compute(*after.document), after.order, after.keyOrder);
    report.views = {{QStringLiteral("scores"), d.scores > rounding, d.scores},
        {QStringLiteral("weights"), d.weights > rounding, d.weights},
        {QStringLiteral("outputs"), d.outputs > rounding, d.outputs}};
    report.why = why(before, *after.document, kind, d);
    return report;
}

} // namespace qkv::explore
