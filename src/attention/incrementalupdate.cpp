#include "attention/incrementalupdate.h"

#include "kernels/softmax.h"
#include "platform/cores.h"
#include "platform/vectorstate.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

namespace qkv {
namespace {

// Per head and role, the words whose vectors the edit set.
using EditedWords = std::map<std::pair<int, Field>, std::set<QString>>;

bool editedWords(const Document &doc, const std::vector<ValueRef> &changed, EditedWords &out)
{
    for (const ValueRef &r : changed) {
        if (r.field != Field::Query && r.field != Field::Key && r.field != Field::Value)
            return false;
        if (r.head < 0 || r.head >= doc.settings().heads)
            return false;
        out[{r.head, r.field}].insert(r.word);
    }
    return true;
}

Role roleOf(Field f)
{
    return f == Field::Query ? Role::Query : f == Field::Key ? Role::Key : Role::Value;
}

// Every edit touches at most a few tokens, but a whole head's rows are split over the cores,
// a part of this many cells at least.
constexpr double updateCellsPerPart = 32.0 * 1024;
// How many rows ahead a key's edit fetches the edited cells of a row (each its own cache line).
constexpr int prefetchAhead = 8;

class HeadUpdate
{
public:
    HeadUpdate(HeadResult &head, const SquareMatrix &visible, double divisor)
        : m_head(head)
        , m_visible(visible)
        , m_divisor(divisor)
    { }

    // A new query for each token of `rows`: their scores, weights and outputs anew.
    bool queries(const std::vector<int> &rows, const Eigen::RowVectorXd &q)
    {
        for (int i : rows)
            m_head.queries.row(i) = q;
        bool ok = true;
        for (int i : rows)
            ok = ok && recomputeRow(i);
        return ok;
    }

    // A new key for each token of `cols` (ascending); `change` says how each row moved.
    bool keys(const std::vector<int> &cols, const Eigen::RowVectorXd &k, HeadChange &change)
    {
        const Eigen::Index n = m_head.scores.rows();
        const auto c = static_cast<Eigen::Index>(cols.size());
        const auto cells = static_cast<std::size_t>(n * c);
        const Eigen::VectorXd column = m_head.queries * k.transpose(); // the edited keys' new scores
        for (const int j : cols)
            m_head.keys.row(j) = k;
        change.keys = cols;
        change.factor.assign(static_cast<std::size_t>(n), 0.0);
        change.before.assign(cells, 0.0);
        change.after.assign(cells, 0.0);
        // A row formed anew keeps factor 1 and no edited weights here, so that the outputs' update
        // below leaves the output its softmax gave it.
        std::vector<double> scale(static_cast<std::size_t>(n), 1.0);
        std::atomic<bool> ok = true;
        inParts(partsFor(double(n) * double(n), updateCellsPerPart, int(n)), [&](int part, int parts) {
            clearUpperVectorState();
            const auto [begin, end] = partOf(n, part, parts);
            Scratch scratch {std::vector<double>(cols.size()), std::vector<double>(cols.size())};
            for (auto i = static_cast<int>(begin); i < end; ++i) {
                const auto at = static_cast<std::size_t>(i * c);
                const auto row = static_cast<std::size_t>(i);
                // The edited cells of a row ahead: each is its own cache line.
                if (i + prefetchAhead < end)
                    for (const int j : cols) {
                        __builtin_prefetch(&m_head.scores(i + prefetchAhead, j), 1);
                        __builtin_prefetch(&m_head.weights(i + prefetchAhead, j), 1);
                    }
                const RowMove move
                    = renormalizeRow(i, cols, column(i), scratch, &change.before[at], &change.after[at], scale[row]);
                if (move == RowMove::Failed)
                    ok = false;
                // fl(w·f) can round a positive weight to 0 only when f ≤ 1/2.
                else if (move == RowMove::Rescaled && scale[row] > 0.5)
                    change.factor[row] = scale[row];
            }
        });
        if (!ok)
            return false;
        // Every output at once, O' = (O − A_K·V_K)·f + A'_K·V_K, column by column: the outputs are
        // column-major, and a row of them is n doubles apart (64 cache misses per row, and per term).
        Eigen::MatrixXd valuesOfKeys(c, m_head.values.cols());
        for (Eigen::Index e = 0; e < c; ++e)
            valuesOfKeys.row(e) = m_head.values.row(cols[static_cast<std::size_t>(e)]);
        using Rows = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
        const Eigen::Map<const Rows> before(change.before.data(), n, c), now(change.after.data(), n, c);
        m_head.output.noalias() -= before * valuesOfKeys;
        m_head.output = Eigen::Map<const Eigen::VectorXd>(scale.data(), n).asDiagonal() * m_head.output;
        m_head.output.noalias() += now * valuesOfKeys;
        return true;
    }

    // A new value for each token of `rows`: every output moves by aᵢⱼ·Δvⱼ.
    void values(const std::vector<int> &rows, const Eigen::RowVectorXd &v)
    {
        for (int j : rows) {
            const Eigen::RowVectorXd delta = v - m_head.values.row(j);
            // The column gathered once: the product reads it once per output column, and a
            // column of the row-major weights is a cache line a row apart.
            const Eigen::VectorXd attention = m_head.weights.col(j);
            m_head.output.noalias() += attention * delta;
            m_head.values.row(j) = v;
        }
    }

private:
    bool visible(Eigen::Index i, Eigen::Index j) const { return m_visible.size() == 0 || m_visible(i, j) > 0; }

    // Row i from its queries, exactly as the full compute forms it.
    bool recomputeRow(Eigen::Index i)
    {
        m_head.scores.row(i).noalias() = m_head.queries.row(i) * m_head.keys.transpose();
        return softmaxRow(i);
    }

    bool softmaxRow(Eigen::Index i)
    {
        const Eigen::Index n = m_head.scores.cols();
        std::vector<double> &largest = m_head.rowLargest;
        const auto status = kernels::softmaxRow(m_head.scores.row(i).data(),
            m_visible.size() ? m_visible.row(i).data() : nullptr, n, m_divisor, m_head.weights.row(i).data(),
            std::ssize(largest) == n ? &largest[static_cast<std::size_t>(i)] : nullptr);
        if (status != kernels::RowStatus::Ok)
            return false;
        m_head.output.row(i).noalias() = m_head.weights.row(i) * m_head.values;
        return true;
    }

    enum class RowMove { Rescaled, Formed, Failed };
    // Room for a row's edited cells: their new unnormalized weights and their old scores.
    struct Scratch {
        std::vector<double> fresh, oldScores;
    };

    // Row i after the scores of `cols` changed to `score`. Every other weight keeps its ratio to
    // the rest, so the row is rescaled by one factor `scale` = 1/T, T = (the unchanged weights) +
    // (the changed cells' new unnormalized weights); the edited cells' old and new weights go to
    // `before` and `after` for the outputs. Where that could lose digits (most of the weight was on
    // the edited keys, or an old weight underflowed) the row is formed anew.
    RowMove renormalizeRow(int i, const std::vector<int> &cols, double score, Scratch &scratch, double *before,
        double *after, double &scale)
    {
        const auto formed = [&] { return softmaxRow(i) ? RowMove::Formed : RowMove::Failed; };
        std::vector<double> &fresh = scratch.fresh, &oldScores = scratch.oldScores;
        for (std::size_t c = 0; c < cols.size(); ++c) { // first, so that a row formed anew has them
            double &cell = m_head.scores(i, cols[c]);
            oldScores[c] = cell;
            cell = score;
        }
        auto w = m_head.weights.row(i);
        const Eigen::Index n = w.size();
        std::fill(fresh.begin(), fresh.end(), 0.0);
        double changedNew = 0;
        double changedOld = 0; // the largest old weight of the edited cells
        double changedOldSum = 0;
        for (std::size_t c = 0; c < cols.size(); ++c) {
            const int j = cols[c];
            if (!visible(i, j))
                continue;
            const double old = w(j);
            changedOld = std::max(changedOld, old);
            changedOldSum += old;
            if (!(old > 1e-250))
                return formed();
            fresh[c] = old * std::exp(score / m_divisor - oldScores[c] / m_divisor);
            changedNew += fresh[c];
        }
        // The unchanged weights: the row sums to 1, less the edited cells' old weights. Not summed
        // again: at 4,096 tokens that pass over the row was a third of a key's edit. Cancellation
        // is ruled out below (at least half of the weight stays).
        const double unchanged = 1.0 - changedOldSum;
        const double total = unchanged + changedNew;
        if (!std::isfinite(total) || !(total > 0) || unchanged < 0.5)
            return formed();

        for (std::size_t c = 0; c < cols.size(); ++c)
            before[c] = visible(i, cols[c]) ? w(cols[c]) : 0.0;
        scale = 1 / total;
        w *= scale;
        double freshLargest = 0;
        for (std::size_t c = 0; c < cols.size(); ++c) {
            w(cols[c]) = after[c] = fresh[c] * scale;
            freshLargest = std::max(freshLargest, after[c]);
        }
        // The row's largest weight, kept for the heatmap's colour range: rescaled with the rest
        // when it was not an edited cell (the same product, to the bit), else looked for.
        if (std::ssize(m_head.rowLargest) == n) {
            double &largest = m_head.rowLargest[static_cast<std::size_t>(i)];
            largest = largest > changedOld ? std::max(largest * scale, freshLargest) : w.maxCoeff();
        }
        return RowMove::Rescaled;
    }

    HeadResult &m_head;
    const SquareMatrix &m_visible;
    double m_divisor;
};

} // namespace

bool updateResult(Result &result, const Document &doc, const std::vector<ValueRef> &changed, ChangedRows *changedRows)
{
    clearUpperVectorState(); // see vectorstate.h
    const Settings &s = doc.settings();
    const int n = doc.tokenCount();
    if (s.mode != Mode::Direct || result.tokens.size() != n || static_cast<int>(result.heads.size()) != s.heads)
        return false;
    if (doc.isCross() || result.isCross()) // a word's query and key sit in different sentences
        return false;
    if (s.normalization != Normalization::ScaledSoftmax && s.normalization != Normalization::Softmax)
        return false;
    if (s.emulated()) // rounded arithmetic is recomputed whole, in its own order
        return false;
    EditedWords edited;
    if (!editedWords(doc, changed, edited))
        return false;
    for (const auto &[key, words] : edited) {
        const HeadResult &head = result.heads[static_cast<std::size_t>(key.first)];
        if (!head.problems.empty() || head.queries.rows() != n || head.queries.cols() != s.dim)
            return false;
        // Key·key scores change rows and columns with a key, embedding scores (values in direct
        // mode) with a value: the full compute does those.
        if (s.scoring != Scoring::QueryKey && key.second != Field::Query)
            return false;
    }

    ChangedRows changes(result.heads.size());
    std::vector<int> weightPasses(result.heads.size(), 0); // updates that moved a head's weights
    const double divisor = s.temperature
        * (s.normalization == Normalization::ScaledSoftmax ? std::sqrt(static_cast<double>(std::max(s.dim, 1))) : 1.0);
    for (const auto &[key, words] : edited) {
        const auto [h, field] = key;
        HeadResult &head = result.heads[static_cast<std::size_t>(h)];
        HeadChange &change = changes[static_cast<std::size_t>(h)];
        HeadUpdate update(head, result.visible, divisor);
        for (const QString &word : words) {
            std::vector<int> tokens;
            for (int i = 0; i < n; ++i)
                if (doc.vectorKey(i) == word)
                    tokens.push_back(i);
            if (tokens.empty())
                continue;
            const Eigen::RowVectorXd vector = doc.wordVectors(word)[roleOf(field)].row(h);
            bool ok = true;
            if (field == Field::Query && s.scoring == Scoring::QueryKey) {
                ok = update.queries(tokens, vector);
                change.rows.insert(change.rows.end(), tokens.begin(), tokens.end());
                ++weightPasses[static_cast<std::size_t>(h)];
            } else if (field == Field::Query) // other scorings do not read the queries
                for (int i : tokens)
                    head.queries.row(i) = vector;
            else if (field == Field::Key) {
                ok = update.keys(tokens, vector, change);
                change.rows.resize(static_cast<std::size_t>(n));
                std::iota(change.rows.begin(), change.rows.end(), 0);
                ++weightPasses[static_cast<std::size_t>(h)];
            } else
                update.values(tokens, vector);
            if (!ok)
                return false;
        }
        // Each row changed keeps its largest weight (from its softmax, or rescaled with it).
        if ((field == Field::Query && s.scoring == Scoring::QueryKey) || field == Field::Key)
            head.largestWeight = n > 0 && std::ssize(head.rowLargest) == n
                ? *std::max_element(head.rowLargest.begin(), head.rowLargest.end())
                : -1;
        joinHeadOutput(result, h, s.dim);
    }
    if (changedRows) {
        for (std::size_t h = 0; h < changes.size(); ++h) {
            HeadChange &c = changes[h];
            std::sort(c.rows.begin(), c.rows.end());
            c.rows.erase(std::unique(c.rows.begin(), c.rows.end()), c.rows.end());
            // Factors of one pass only: a second one moved the weights again.
            if (weightPasses[h] > 1) {
                c.keys.clear();
                c.factor.clear();
                c.before.clear();
                c.after.clear();
            }
        }
        *changedRows = std::move(changes);
    }
    return true;
}

} // namespace qkv
