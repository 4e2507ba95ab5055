#include "explorer/goalseek.h"

#include "attention/attention.h"
#include "attention/engine.h"
#include "explorer/seekrow.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <functional>

namespace qkv::explore {

namespace {

// The texts' translation context.
struct SeekText {
    Q_DECLARE_TR_FUNCTIONS(GoalSeek)
};

using Gap = std::function<double(const Eigen::VectorXd &)>;

// Values beyond this are refused by the document (limits::maxAbsValue).
bool withinLimits(const Eigen::VectorXd &z)
{
    return z.size() == 0 || z.cwiseAbs().maxCoeff() <= limits::maxAbsValue;
}

// The point where the gap changes sign between a and b (gap(a) and gap(b) of opposite signs),
// by bisection to the last bit; nullopt where the sign change is a pole, not a root (a sum row
// whose total crosses zero).
std::optional<Eigen::VectorXd> rootBetween(const Gap &gap, Eigen::VectorXd a, Eigen::VectorXd b)
{
    const double ga = gap(a);
    for (int i = 0; i < 200; ++i) {
        const Eigen::VectorXd mid = 0.5 * (a + b);
        if (mid == a || mid == b)
            break;
        const double gm = gap(mid);
        if (std::isnan(gm))
            return std::nullopt;
        if (gm == 0)
            return mid;
        if ((gm < 0) == (ga < 0))
            a = mid;
        else
            b = mid;
    }
    const double gb = gap(b);
    if (!(std::abs(gb) <= 1e-9))
        return std::nullopt;
    return std::abs(gap(a)) < std::abs(gb) ? a : b;
}

// The first root of the gap along p + t·dir for t > 0, looking near t = 1 first; nullopt when the
// gap does not change sign before the values leave the document's limits.
std::optional<Eigen::VectorXd> rootAlong(const Gap &gap, const Eigen::VectorXd &p, const Eigen::VectorXd &dir)
{
    const double g0 = gap(p);
    Eigen::VectorXd last = p;
    const double near[] = {0.125, 0.25, 0.5, 0.75, 1.0};
    for (int k = 0; k < 1000; ++k) {
        const double t = k < 5 ? near[k] : std::ldexp(1.0, k - 4); // then 2, 4, 8, …
        const Eigen::VectorXd z = p + t * dir;
        if (!withinLimits(z))
            return std::nullopt;
        const double g = gap(z);
        if (std::isnan(g))
            return std::nullopt;
        if (g == 0 || (g < 0) != (g0 < 0))
            return g == 0 ? std::optional(z) : rootBetween(gap, last, z);
        last = z;
    }
    return std::nullopt;
}

struct Climb {
    std::optional<Eigen::VectorXd> feasible;
    double best; // the weight nearest the target seen on the way
};

// Follows the gradient towards the target with steps that double while they gain and halve when
// they do not, until the gap changes sign (then the root on that step) or no step gains any more:
// the way to a reachable target when the straight line along the first gradient misses it.
Climb climb(const SeekRow &row, const Gap &gap, const Eigen::VectorXd &p, double target)
{
    const double sign = gap(p) < 0 ? 1 : -1;
    Climb out {std::nullopt, row.weight(p)};
    Eigen::VectorXd z = p;
    double gz = gap(z);
    Eigen::VectorXd g = row.gradient(z);
    double step = g.norm() > 0 ? std::abs(gz) / g.norm() : 1.0;
    for (int i = 0; i < 20000 && g.norm() > 0; ++i) {
        const Eigen::VectorXd next = z + step * sign * g / g.norm();
        const double gn = withinLimits(next) ? gap(next) : std::nan("");
        if (!std::isnan(gn) && (gn == 0 || (gn < 0) != (gz < 0))) {
            out.feasible = gn == 0 ? std::optional(next) : rootBetween(gap, z, next);
            if (out.feasible)
                return out;
        }
        if (!std::isnan(gn) && sign * gn > sign * gz) {
            z = next;
            gz = gn;
            g = row.gradient(z);
            step *= 2;
            const double w = row.weight(z);
            if (std::abs(w - target) < std::abs(out.best - target))
                out.best = w;
        } else {
            step /= 2;
            if (step < 1e-15 * (1 + z.norm()))
                break;
        }
    }
    return out;
}

// From a point z on the target's level set, moves to points of the set ever nearer p: the foot of
// p on the tangent plane at z, brought back onto the set along the ray from p. At the nearest
// point z − p is parallel to the gradient, which is where it stops.
Eigen::VectorXd nearest(const SeekRow &row, const Gap &gap, const Eigen::VectorXd &p, Eigen::VectorXd z)
{
    for (int i = 0; i < 1000; ++i) {
        const Eigen::VectorXd u = z - p;
        const Eigen::VectorXd g = row.gradient(z);
        const double un = u.norm(), gn = g.norm();
        if (un == 0 || gn == 0 || 1 - std::abs(u.dot(g)) / (un * gn) < 1e-15)
            break;
        Eigen::VectorXd foot = p + (g.dot(u) / (gn * gn)) * g;
        bool moved = false;
        for (int damp = 0; damp < 40 && !moved; ++damp) {
            const auto back = rootAlong(gap, p, foot - p);
            if (back && (*back - p).norm() < un * (1 - 1e-15)) {
                z = *back;
                moved = true;
            } else {
                foot = z + 0.5 * (foot - z);
            }
        }
        if (!moved)
            break;
    }
    return z;
}

struct Search {
    std::optional<Eigen::VectorXd> z; // the nearest point found where the weight is the one sought
    double best; // when none: the weight nearest it seen
};

// The nearest point to the row's start where its target weight is `seek`: found first along the
// gradient, or by climbing, then brought nearer (as are the feasible `starts` given); the
// straight line's point is kept when nothing nearer is found, so no answer is ever worse.
Search search(const SeekRow &row, double seek, const std::vector<Eigen::VectorXd> &starts)
{
    const Eigen::VectorXd p = row.start();
    const Gap gap = [&](const Eigen::VectorXd &z) { return row.gap(z, seek); };
    Search out {std::nullopt, row.weight(p)};
    if (std::isnan(gap(p)))
        return out;
    std::vector<Eigen::VectorXd> candidates = starts;
    const Eigen::VectorXd g = row.gradient(p);
    if (g.squaredNorm() > 0) {
        const double sign = gap(p) < 0 ? 1 : -1;
        if (const auto straight = rootAlong(gap, p, (sign * std::abs(gap(p)) / g.squaredNorm()) * g))
            candidates.push_back(*straight);
    }
    if (candidates.empty()) {
        const Climb c = climb(row, gap, p, seek);
        out.best = c.best;
        if (c.feasible)
            candidates.push_back(*c.feasible);
    }
    for (const Eigen::VectorXd &start : candidates) {
        for (const Eigen::VectorXd &z : {start, nearest(row, gap, p, start)})
            if (!out.z || (z - p).norm() < (*out.z - p).norm())
                out.z = z;
    }
    return out;
}

// The weight to offer instead: `best` rounded to six decimals strictly towards `before`, since
// the best seen may be a bound the weight only approaches (½ for a word at two columns).
double offered(double best, double before)
{
    const double scaled = best * 1e6;
    return (best >= before ? std::ceil(scaled) - 1 : std::floor(scaled) + 1) / 1e6;
}

QString changeName(SeekChange change)
{
    switch (change) {
    case SeekChange::Query:
        return SeekText::tr("query");
    case SeekChange::Key:
        return SeekText::tr("key");
    case SeekChange::Both:
        break;
    }
    return SeekText::tr("query and key");
}

QString refusal(const Document &doc, const SeekRequest &r)
{
    const Settings &s = doc.settings();
    if (s.mode != Mode::Direct)
        return SeekText::tr(
            "Goal-seek changes the query and key vectors themselves: switch the document to direct mode");
    if (s.scoring != Scoring::QueryKey)
        return SeekText::tr("Goal-seek works on query·key scores: set the scoring to query · key");
    if (r.head < 0 || r.head >= s.heads)
        return SeekText::tr("There is no head %1: the document has %2").arg(r.head + 1).arg(s.heads);
    // In cross-attention the keys are the second sentence's m tokens.
    const int n = doc.tokenCount(), m = doc.keyTokenCount();
    if (r.query < 0 || r.query >= n || r.key < 0 || r.key >= m)
        return n == m ? SeekText::tr("There is no cell (%1, %2): the sentence has %3 tokens")
                            .arg(r.query + 1)
                            .arg(r.key + 1)
                            .arg(n)
                      : SeekText::tr("There is no cell (%1, %2): the attention has %3 queries and %4 keys")
                            .arg(r.query + 1)
                            .arg(r.key + 1)
                            .arg(n)
                            .arg(m);
    if (!std::isfinite(r.target))
        return SeekText::tr("The target weight must be a number");
    const SquareMatrix visible = visibility(n, m, s.mask, doc.maskedCells());
    if (visible.size() > 0 && visible(r.query, r.key) == 0)
        return SeekText::tr("The cell %1 → %2 is masked: its weight is 0 whatever the vectors")
            .arg(doc.tokens()[r.query], doc.keyTokens()[r.key]);
    return {};
}

} // namespace

QString toString(SeekChange change)
{
    switch (change) {
    case SeekChange::Query:
        return QStringLiteral("query");
    case SeekChange::Key:
        return QStringLiteral("key");
    case SeekChange::Both:
        break;
    }
    return QStringLiteral("both");
}

std::optional<SeekChange> seekChangeFromString(const QString &text)
{
    for (SeekChange c : {SeekChange::Query, SeekChange::Key, SeekChange::Both})
        if (toString(c) == text)
            return c;
    return std::nullopt;
}

SeekResult seekWeight(const Document &doc, const SeekRequest &r)
{
    SeekResult out;
    out.refusal = refusal(doc, r);
    if (!out.refusal.isEmpty())
        return out;

    const Settings &s = doc.settings();
    const int n = doc.tokenCount(), m = doc.keyTokenCount();
    const Result before = compute(doc);
    const HeadResult &head = before.heads[std::size_t(r.head)];
    out.before = head.weights(r.query, r.key);
    out.queryWord = doc.vectorKey(r.query);
    out.keyWord = doc.keyVectorKey(r.key);

    // The row as the search sees it: its visible keys, those sharing the target's key.
    std::vector<int> columns;
    for (int l = 0; l < m; ++l)
        if (before.isVisible(r.query, l))
            columns.push_back(l);
    Eigen::MatrixXd keys(Eigen::Index(columns.size()), s.dim);
    std::vector<bool> shared(columns.size());
    int target = 0;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        keys.row(Eigen::Index(c)) = head.keys.row(columns[c]);
        shared[c] = doc.keyVectorKey(columns[c]) == out.keyWord;
        if (columns[c] == r.key)
            target = int(c);
    }
    double divisor = s.temperature;
    if (s.normalization == Normalization::ScaledSoftmax)
        divisor *= std::sqrt(double(s.dim));
    const bool softmax = s.normalization == Normalization::Softmax || s.normalization == Normalization::ScaledSoftmax;
    const auto rowFor = [&](bool changeQuery, bool changeKey) {
        return SeekRow(head.queries.row(r.query).transpose(), keys, shared, target, s.normalization, divisor,
            changeQuery, changeKey);
    };
    const SeekRow row = rowFor(r.change != SeekChange::Key, r.change != SeekChange::Query);
    const Eigen::VectorXd p = row.start();
    if (!std::isfinite(row.weight(p))) {
        out.refusal = SeekText::tr("Row %1 (%2) cannot be normalized now (its scores sum to 0): change a vector first")
                          .arg(r.query + 1)
                          .arg(doc.tokens()[r.query]);
        return out;
    }

    if (std::abs(out.before - r.target) <= 1e-12) {
        out.reached = true;
        out.weight = out.before;
    } else {
        // A softmax weight lies strictly between 0 and 1 while another key is visible: seek the
        // nearest value that is not out of reach, then say so.
        double seek = r.target;
        if (softmax && (seek <= 0 || seek >= 1))
            seek = seek <= 0 ? 1e-6 : 1 - 1e-6;
        Search found = search(row, seek, {});
        if (r.change == SeekChange::Both && found.z) {
            // Changing both is not convex: descending from either one-vector answer may end
            // nearer than from the point found along the joint gradient.
            std::vector<Eigen::VectorXd> starts;
            for (bool query : {true, false}) {
                if (const auto z = search(rowFor(query, !query), seek, {}).z) {
                    Eigen::VectorXd joint = p;
                    (query ? joint.head(s.dim) : joint.tail(s.dim)) = *z;
                    starts.push_back(joint);
                }
            }
            found = search(row, seek, starts);
        }
        if (found.z && seek == r.target) {
            out.reached = true;
        } else {
            out.closest = found.z ? seek : offered(found.best, out.before);
            if (columns.size() == 1 && s.normalization != Normalization::None)
                out.unreachable = SeekText::tr("The row sees only this key: its weight is always 1");
            else if (softmax && (r.target >= 1 || r.target <= 0))
                out.unreachable = r.target >= 1
                    ? SeekText::tr("A softmax weight stays below 1 while the row sees another key")
                    : SeekText::tr("A softmax weight stays above 0 whatever the vectors");
            else
                out.unreachable = SeekText::tr("No change of the %1 within ±%2 reaches %3")
                                      .arg(changeName(r.change))
                                      .arg(limits::maxAbsValue, 0, 'g')
                                      .arg(r.target);
            const int copies = int(std::count(shared.begin(), shared.end(), true));
            if (softmax && copies > 1 && r.change != SeekChange::Query)
                out.unreachable += SeekText::tr(
                    " (\"%1\" is at %2 visible columns of this row, which share its key and its weight: "
                    "at most 1/%2 each)")
                                       .arg(out.keyWord)
                                       .arg(copies);
            // Through the query a softmax weight nears 1/m, m the visible columns with this very key,
            // when the key is a corner of the keys' convex hull; inside it, some other key always
            // scores as high, and the largest weight is found at finite vectors, below 1/m.
            if (softmax && r.change == SeekChange::Query && r.target > out.before) {
                int equal = 0;
                for (Eigen::Index c = 0; c < keys.rows(); ++c)
                    equal += keys.row(c) == keys.row(target) ? 1 : 0;
                if (found.best < 1.0 / equal - 1e-9)
                    out.unreachable
                        += SeekText::tr(" (the key of \"%1\" lies within the convex hull of the row's other keys, so "
                                        "every query scores some other key as high: change the key instead)")
                               .arg(out.keyWord);
                else if (equal > 1)
                    out.unreachable
                        += SeekText::tr(" (%1 visible columns of this row have this very key, and so one weight: at "
                                        "most 1/%1 each)")
                               .arg(equal);
            }
            out.unreachable += SeekText::tr(": the closest weight reachable is %1").arg(out.closest, 0, 'g', 6);
            return out;
        }
        if (row.changesQuery()) {
            out.newQuery = row.queryAt(*found.z);
            out.queryChange = out.newQuery - head.queries.row(r.query).transpose();
        }
        if (row.changesKey()) {
            out.newKey = row.keyAt(*found.z);
            out.keyChange = out.newKey - head.keys.row(r.key).transpose();
        }
        out.changeNorm = (*found.z - p).norm();
    }

    for (int c = 0; c < s.dim; ++c) {
        if (out.newQuery.size() > 0) {
            out.refs.push_back({Field::Query, out.queryWord, r.head, 0, c});
            out.values.push_back(out.newQuery(c));
        }
        if (out.newKey.size() > 0) {
            out.refs.push_back({Field::Key, out.keyWord, r.head, 0, c});
            out.values.push_back(out.newKey(c));
        }
    }
    if (out.refs.empty())
        return out;
    // The engine has the last word on the weight reached, and on which other rows moved.
    const Result after = compute(withChange(doc, out));
    const SquareMatrix &weights = after.heads[std::size_t(r.head)].weights;
    out.weight = weights(r.query, r.key);
    out.reached = std::abs(out.weight - r.target) <= 1e-6;
    if (!out.reached) {
        out.closest = out.weight;
        out.unreachable = SeekText::tr("The search ended at %1, not at %2").arg(out.weight, 0, 'g', 6).arg(r.target);
    }
    for (int i = 0; i < n; ++i)
        if (i != r.query && (weights.row(i) - head.weights.row(i)).cwiseAbs().maxCoeff() > 1e-12)
            out.alsoMoved.push_back(i);
    return out;
}

Document withChange(const Document &doc, const SeekResult &result)
{
    Document changed = doc;
    for (std::size_t i = 0; i < result.refs.size(); ++i)
        changed.setValue(result.refs[i], result.values[i]);
    return changed;
}

} // namespace qkv::explore
