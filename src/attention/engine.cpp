#include "attention/engine.h"

#include "attention/headproducts.h"
#include "attention/precision.h"
#include "attention/softmaxrows.h"
#include "platform/cores.h"
#include "platform/texthash.h"
#include "platform/vectorstate.h"

#include <optional>
#include <unordered_map>

namespace qkv {
namespace {

// Rows of the per-word matrices gathered into n × d matrices, one per head and role.
struct Gathered {
    std::vector<Eigen::MatrixXd> q, k, v;
};

// In cross-attention the queries come from the sentence's tokens, the keys and values from the
// second sentence's.
Gathered gatherWords(const Document &doc)
{
    const Settings &s = doc.settings();
    const int n = doc.tokenCount(), m = doc.keyTokenCount();
    Gathered g;
    g.q.assign(static_cast<std::size_t>(s.heads), Eigen::MatrixXd(n, s.dim));
    for (auto *list : {&g.k, &g.v})
        list->assign(static_cast<std::size_t>(s.heads), Eigen::MatrixXd(m, s.dim));
    std::unordered_map<QString, WordVectors, TokenHash> cache;
    const auto vectorsOf = [&](const QString &word) -> const WordVectors & {
        auto it = cache.find(word);
        if (it == cache.end())
            it = cache.emplace(word, doc.wordVectors(word)).first;
        return it->second;
    };
    const auto keysAndValues = [&](int j, const WordVectors &w) {
        for (int h = 0; h < s.heads; ++h) {
            const auto hh = static_cast<std::size_t>(h);
            g.k[hh].row(j) = w.k.row(h);
            g.v[hh].row(j) = w.v.row(h);
        }
    };
    // Self-attention's keys are its tokens: each token's vectors looked up once for all three.
    const bool selfAttention = !doc.isCross();
    for (int i = 0; i < n; ++i) {
        const WordVectors &w = vectorsOf(doc.vectorKey(i));
        for (int h = 0; h < s.heads; ++h)
            g.q[static_cast<std::size_t>(h)].row(i) = w.q.row(h);
        if (selfAttention)
            keysAndValues(i, w);
    }
    for (int j = 0; !selfAttention && j < m; ++j)
        keysAndValues(j, vectorsOf(doc.keyVectorKey(j)));
    return g;
}

QString issueText(RowIssue issue)
{
    switch (issue) {
    case RowIssue::AllMasked:
        return QStringLiteral("every key is masked, so the row has no weights (set to 0)");
    case RowIssue::ZeroSum:
        return QStringLiteral("the scores sum to 0, so dividing by their sum is undefined (weights set to 0)");
    case RowIssue::NegativeSum:
        return QStringLiteral("the scores sum to a negative number, so every weight has its sign flipped");
    case RowIssue::NonFinite:
        return QStringLiteral("a score or weight is not a finite number (overflow), so the row is set to 0");
    case RowIssue::Saturated:
        return QStringLiteral("the softmax saturated to one-hot: one weight is 1 and every other rounds to 0 in this "
                              "precision");
    }
    return {};
}

// Everything that follows once the weights are known, whichever mode produced them.
void finishHead(HeadResult &r)
{
    outputProduct(r.weights, r.values, r.output);
}

} // namespace

HeadResult computeHead(Eigen::MatrixXd q, Eigen::MatrixXd k, Eigen::MatrixXd v, const Eigen::MatrixXd *x,
    const Settings &settings, const SquareMatrix &visible)
{
    clearUpperVectorState(); // see vectorstate.h: the SSE code below may follow Qt's AVX painting
    if (settings.emulated())
        return computeHeadRounded(q, k, v, x, settings, visible);
    HeadResult r;
    r.queries = std::move(q);
    r.keys = std::move(k);
    r.values = std::move(v);
    int width = settings.dim;
    // The scores compare the rows of `left` with those of `right`.
    const Eigen::MatrixXd *left = &r.queries, *right = &r.keys;
    switch (settings.scoring) {
    case Scoring::QueryKey:
        break;
    case Scoring::KeyKey:
        left = &r.keys;
        break;
    case Scoring::Embedding:
        left = right = x ? x : &r.values;
        if (x)
            width = static_cast<int>(x->cols());
        break;
    }
    const double divisor = softmaxDivisor(settings.normalization, settings.temperature, width);
    std::vector<kernels::RowStatus> status;
    std::vector<double> largest;
    if (divisor != 0.0
        && fusedSoftmaxHead(
            *left, *right, r.values, visible, divisor, r.scores, r.weights, r.output, status, largest)) {
        softmaxProblems(status, std::move(largest), r.problems, &r.largestWeight, &r.rowLargest);
        return r;
    }
    scoresProduct(*left, *right, r.scores);
    r.weights = normalizeRows(r.scores, visible, settings.normalization, settings.temperature, width, r.problems,
        &r.largestWeight, &r.rowLargest);
    finishHead(r);
    return r;
}

std::vector<HeadResult> computeHeads(
    std::vector<HeadInput> inputs, const Eigen::MatrixXd *x, const Settings &settings, const SquareMatrix &visible)
{
    std::vector<HeadResult> heads(inputs.size());
    const double n = inputs.empty() ? 0.0 : double(inputs.front().q.rows());
    // A head of fewer than 64 k cells runs on one core (see headproducts.cpp and softmaxRows);
    // from about two million cell-operations in all the second core pays for itself. Below, a
    // split that has to start the helper costs more than it saves: 8 heads of 64 tokens at d = 3
    // took 103 µs on two threads and 71 µs on one, 48 tokens at d = 64 were even. Recomputed
    // back to back (the helper kept), 8 heads of 64 tokens at d = 64 took 150 µs, 185 on one core
    // and 300 with a new thread each time (Intel Xeon).
    const bool shared = inputs.size() > 1 && n * n < 64 * 1024
        && double(inputs.size()) * n * n * (settings.dim + 8) >= 2 * 1024 * 1024;
    const int headParts
        = shared ? partsFor(double(inputs.size()) * n * n * (settings.dim + 8), 1024 * 1024, int(inputs.size())) : 1;
    inParts(headParts, [&](int part, int parts) {
        const auto [begin, end] = partOf(static_cast<long long>(inputs.size()), part, parts);
        for (auto h = static_cast<std::size_t>(begin); h < static_cast<std::size_t>(end); ++h)
            heads[h] = computeHead(
                std::move(inputs[h].q), std::move(inputs[h].k), std::move(inputs[h].v), x, settings, visible);
    });
    return heads;
}

Result compute(const Document &doc)
{
    Settings s = doc.settings();
    // Cross-attention scores queries against the other sentence's keys; the program never lets a
    // cross document choose key·key or embedding scoring (crossRefusal), one built in code gets q·k.
    if (doc.isCross())
        s.scoring = Scoring::QueryKey;
    const int n = doc.tokenCount();
    Result result;
    result.tokens = doc.tokens();
    if (doc.isCross())
        result.keyTokens = doc.keyTokens();
    result.visible = visibility(n, doc.keyTokenCount(), s.mask, doc.maskedCells());

    std::optional<Eigen::MatrixXd> x;
    Gathered g;
    if (s.mode == Mode::Projection) {
        x = embeddingMatrix(doc);
        // Cross-attention's keys and values project the second sentence's embeddings.
        const Eigen::MatrixXd xKeys = doc.isCross() ? embeddingMatrix(doc, true) : Eigen::MatrixXd();
        const Eigen::MatrixXd &xk = doc.isCross() ? xKeys : *x;
        for (int h = 0; h < s.heads; ++h) {
            const Projection p = doc.projection(h);
            if (s.emulated()) { // X·W in the format too, from X and W rounded to it
                const Eigen::MatrixXd xr = roundedMatrix(*x, s.precision), xkr = roundedMatrix(xk, s.precision);
                g.q.push_back(roundedProduct(xr, roundedMatrix(p.wq, s.precision), s.precision));
                g.k.push_back(roundedProduct(xkr, roundedMatrix(p.wk, s.precision), s.precision));
                g.v.push_back(roundedProduct(xkr, roundedMatrix(p.wv, s.precision), s.precision));
                continue;
            }
            g.q.push_back(*x * p.wq);
            g.k.push_back(xk * p.wk);
            g.v.push_back(xk * p.wv);
        }
    } else {
        g = gatherWords(doc);
    }

    result.output.resize(n, Eigen::Index(s.heads) * s.dim);
    if (s.mode == Mode::Weights) {
        for (int h = 0; h < s.heads; ++h) {
            const auto hh = static_cast<std::size_t>(h);
            // The weights are given; they are also what the views call the scores.
            HeadResult head;
            head.queries = std::move(g.q[hh]);
            head.keys = std::move(g.k[hh]);
            head.values = std::move(g.v[hh]);
            head.scores = doc.attention(h);
            head.weights = head.scores;
            if (result.visible.size())
                head.weights = head.weights.cwiseProduct(result.visible);
            finishHead(head);
            result.heads.push_back(std::move(head));
        }
    } else {
        std::vector<HeadInput> inputs;
        for (int h = 0; h < s.heads; ++h) {
            const auto hh = static_cast<std::size_t>(h);
            inputs.push_back({std::move(g.q[hh]), std::move(g.k[hh]), std::move(g.v[hh])});
        }
        result.heads = computeHeads(std::move(inputs), x ? &*x : nullptr, s, result.visible);
    }
    for (int h = 0; h < s.heads; ++h) {
        HeadResult &head = result.heads[static_cast<std::size_t>(h)];
        head.switchedOff = doc.isSwitchedOff(h);
        joinHeadOutput(result, h, s.dim);
        for (const RowProblem &p : head.problems)
            result.warnings.push_back({h, p.row, p.issue});
    }
    if (s.mode == Mode::Projection && doc.wo())
        result.output
            = s.emulated() ? roundedProduct(result.output, *doc.wo(), s.precision) : result.output * *doc.wo();
    return result;
}

void joinHeadOutput(Result &result, int head, int dim)
{
    const HeadResult &h = result.heads[static_cast<std::size_t>(head)];
    auto columns = result.output.middleCols(Eigen::Index(head) * dim, dim);
    if (h.switchedOff)
        columns.setZero();
    else
        columns = h.output;
}

Eigen::VectorXd similarityBefore(const HeadResult &head, int row)
{
    return head.values * head.values.row(row).transpose();
}

Eigen::VectorXd similarityAfter(const HeadResult &head, int row)
{
    return head.values * head.output.row(row).transpose();
}

QString describe(const RowWarning &w, const QStringList &tokens)
{
    const QString token = w.row < tokens.size() ? tokens[w.row] : QString();
    return QStringLiteral("head %1, row %2 (%3): %4").arg(w.head + 1).arg(w.row + 1).arg(token, issueText(w.issue));
}

Eigen::MatrixXd embeddingMatrix(const Document &doc, bool keys)
{
    const Settings &s = doc.settings();
    const int n = keys ? doc.keyTokenCount() : doc.tokenCount();
    Eigen::MatrixXd x(n, s.dModel);
    std::unordered_map<QString, Eigen::VectorXd, TokenHash> cache;
    for (int i = 0; i < n; ++i) {
        const QString word = keys ? doc.keyVectorKey(i) : doc.vectorKey(i);
        auto it = cache.find(word);
        if (it == cache.end())
            it = cache.emplace(word, doc.embedding(word)).first;
        x.row(i) = it->second.transpose();
    }
    if (s.positions == Positions::Sinusoidal)
        x += sinusoidalPositions(n, s.dModel);
    return x;
}

} // namespace qkv
