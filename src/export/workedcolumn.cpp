#include "export/workedcolumn.h"

#include "export/workednotation.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace qkv {

WorkedColumn workedColumn(const Document &doc, const Result &result, int head, int key, int maxQueries)
{
    WorkedColumn c;
    const int n = static_cast<int>(result.tokens.size());
    if (head < 0 || head >= static_cast<int>(result.heads.size()) || key < 0 || key >= n)
        return c;
    const HeadResult &h = result.heads[static_cast<std::size_t>(head)];
    const Settings &s = doc.settings();
    c.tokens = result.tokens;
    c.settings = s;
    c.head = head;
    c.key = key;
    c.value = h.values.row(key).transpose();
    if (s.mode != Mode::Weights) {
        ComparedVectors compared = comparedVectors(doc, h);
        c.comparedKey = compared.keys.row(key).transpose();
        c.comparedQueries = std::move(compared.queries);
    }
    c.divisor = softmaxDivisor(s, c.comparedKey.size());
    c.queries.resize(static_cast<std::size_t>(n));
    std::vector<int> visible;
    for (int i = 0; i < n; ++i) {
        WorkedKey &e = c.queries[static_cast<std::size_t>(i)].entry;
        e.masked = !result.isVisible(i, key);
        e.score = h.scores(i, key);
        e.weight = h.weights(i, key);
        e.scaled = e.score / c.divisor;
        if (!e.masked)
            visible.push_back(i);
    }
    const auto weight = [&c](int i) { return c.queries[static_cast<std::size_t>(i)].entry.weight; };
    if (!visible.empty())
        c.strongest
            = *std::max_element(visible.begin(), visible.end(), [&](int a, int b) { return weight(a) < weight(b); });
    // As for a query's keys: all of a short sentence, else the heaviest visible ones.
    if (maxQueries <= 0 || n <= maxQueries) {
        c.listed.resize(static_cast<std::size_t>(n));
        std::iota(c.listed.begin(), c.listed.end(), 0);
    } else {
        c.listed = visible;
        const auto cut = c.listed.begin() + std::min<std::ptrdiff_t>(maxQueries, std::ssize(c.listed));
        std::partial_sort(c.listed.begin(), cut, c.listed.end(), [&](int a, int b) {
            return std::abs(weight(a)) != std::abs(weight(b)) ? std::abs(weight(a)) > std::abs(weight(b)) : a < b;
        });
        c.listed.erase(cut, c.listed.end());
        std::sort(c.listed.begin(), c.listed.end());
    }
    // Each listed weight is explained by its own row: that row's shift and sum.
    std::vector<WorkedKey> row;
    for (int i : c.listed) {
        WorkedQuery &q = c.queries[static_cast<std::size_t>(i)];
        if (q.entry.masked)
            continue;
        workRow(result, h, s, i, c.divisor, row, q.shift, q.total);
        q.entry = row[static_cast<std::size_t>(key)];
        q.workedOut = true;
    }
    return c;
}

namespace {

class ColumnWriter : public WorkedNotation
{
public:
    ColumnWriter(const WorkedColumn &c, WorkedSyntax syntax, const WorkedOptions &options)
        : WorkedNotation(c.tokens, syntax, options)
        , m_c(c)
    { }
    std::vector<WorkedBlock> blocks();

private:
    const WorkedKey &entry(int i) const { return m_c.queries[static_cast<std::size_t>(i)].entry; }
    const WorkedQuery &query(int i) const { return m_c.queries[static_cast<std::size_t>(i)]; }
    WorkedRow row(int i, const QString &expression, const QString &result = {}) const
    {
        if (entry(i).masked)
            return {label(i), words(u"masked, cannot see it"_s), {}, {}, true};
        return {label(i), expression, result, {}, false};
    }
    WorkedRow others(const QString &expression) const
    {
        return {QString::number(m_rest.size()) + u" others"_s, expression, {}, {}, false};
    }
    double restWeight() const
    {
        double sum = 0;
        for (int i : m_rest)
            sum += entry(i).weight;
        return sum;
    }
    void introduction();
    void scores();
    void weights();
    void contribution();
    void summary();

    const WorkedColumn &m_c;
    std::vector<int> m_rest; // visible queries not worked out
};

std::vector<WorkedBlock> ColumnWriter::blocks()
{
    if (!m_c.isValid()) {
        add(Kind::Note, u"No key to work out: select a key (a column of the heatmap)."_s);
        return std::move(m_blocks);
    }
    const int n = static_cast<int>(m_c.queries.size());
    std::vector<bool> listed(static_cast<std::size_t>(n));
    for (int i : m_c.listed)
        listed[static_cast<std::size_t>(i)] = true;
    for (int i = 0; i < n; ++i)
        if (!listed[static_cast<std::size_t>(i)] && !entry(i).masked)
            m_rest.push_back(i);
    markRepeated(m_c.listed, m_c.key);
    if (m_c.strongest >= 0)
        markRepeated({}, m_c.strongest);
    add(Kind::Title,
        u"Who attends to "_s + quoted(m_c.key)
            + u" (key, token %1 of %2), head %3"_s.arg(m_c.key + 1).arg(n).arg(m_c.head + 1));
    introduction();
    if (m_c.settings.mode != Mode::Weights)
        scores();
    weights();
    contribution();
    summary();
    return std::move(m_blocks);
}

void ColumnWriter::introduction()
{
    const Settings &s = m_c.settings;
    QString text;
    if (s.mode == Mode::Weights) {
        text = u"The weights are given (weights mode): this is the column of "_s + quoted(m_c.key)
            + u" in the attention matrix."_s;
    } else {
        const QString what = s.scoring == Scoring::QueryKey ? u"query with the key of %1"_s
            : s.scoring == Scoring::KeyKey                  ? u"key with the key of %1"_s
            : s.mode == Mode::Projection                    ? u"embedding with the embedding of %1"_s
                                                            : u"value with the value of %1"_s;
        text = u"Each token scores "_s + quoted(m_c.key) + u" by the dot product of its "_s + what.arg(quoted(m_c.key))
            + u". A weight is made within the query's own row, so the weights of a row sum to 1 and those of "
              u"this column need not."_s;
    }
    add(Kind::Text, text);
    QString note = roundingNote();
    if (!m_rest.empty())
        note += u" The %1 queries that attend to it most are worked out; the %2 others are summed up."_s
                    .arg(m_c.listed.size())
                    .arg(m_rest.size());
    add(Kind::Note, note);
}

void ColumnWriter::scores()
{
    const QString theirs = comparedLetter(m_c.settings, true), own = comparedLetter(m_c.settings, false);
    step(u"Scores: "_s + math(theirs + u"(i)"_s + cdot() + named(own, m_c.key)));
    add(Kind::Text, math(named(own, m_c.key) + u" = "_s + vector(m_c.comparedKey, false)));
    std::vector<WorkedRow> r;
    for (int i : m_c.listed)
        r.push_back(entry(i).masked ? row(i, {})
                                    : dot(i, m_c.comparedQueries.row(i).transpose(), m_c.comparedKey, entry(i).score));
    if (!m_rest.empty()) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (int i : m_rest) {
            lo = std::min(lo, entry(i).score);
            hi = std::max(hi, entry(i).score);
        }
        r.push_back(others(words(u"from "_s) + num(lo) + words(u" to "_s) + num(hi)));
    }
    rows(std::move(r));
}

void ColumnWriter::weights()
{
    const Settings &s = m_c.settings;
    std::vector<WorkedRow> r;
    if (s.mode == Mode::Weights || s.normalization == Normalization::None) {
        step(s.mode == Mode::Weights ? u"Weights: the given column of A"_s
                                     : u"Weights: the scores themselves (no normalization)"_s);
        for (int i : m_c.listed)
            r.push_back(row(i, {}, num(entry(i).weight)));
    } else if (usesSoftmax(s)) {
        QString by;
        if (m_c.divisor != 1)
            by = divide() + num(m_c.divisor);
        step(u"Weights: softmax within each query's row"_s);
        add(Kind::Text,
            u"Each weight is "_s + math(power(u"s"_s + by) + divide() + pick(u"Σ"_s, u"\\Sigma"_s)) + u", where "_s
                + math(pick(u"Σ"_s, u"\\Sigma"_s)) + u" sums the exponentials of that query's whole row"_s
                + (m_c.divisor != 1 ? u" (the scores divided by "_s + math(num(m_c.divisor)) + u')' : QString())
                + u'.');
        for (int i : m_c.listed) {
            const WorkedQuery &q = query(i);
            const QString exponent = q.shift != 0 ? signedSum({q.entry.scaled, -q.shift}) : num(q.entry.scaled);
            r.push_back(row(i, power(exponent) + divide() + factor(q.total) + u" = "_s, num(q.entry.weight)));
        }
    } else {
        step(u"Weights: each score divided by the sum of its query's row"_s);
        for (int i : m_c.listed)
            r.push_back(
                row(i, num(entry(i).score) + divide() + factor(query(i).total) + u" = "_s, num(entry(i).weight)));
    }
    if (!m_rest.empty())
        r.push_back(others(words(u"together "_s) + num(restWeight())));
    rows(std::move(r));
}

void ColumnWriter::contribution()
{
    const int j = m_c.key;
    step(u"What it passes on: each query's output takes "_s + math(u"a(i)"_s + times() + named(u"v"_s, j)));
    add(Kind::Text, math(named(u"v"_s, j) + u" = "_s + vector(m_c.value, false)));
    std::vector<WorkedRow> r;
    for (int i : m_c.listed)
        r.push_back(row(i, num(entry(i).weight) + times() + vector(m_c.value, true) + u" = "_s,
            vector(entry(i).weight * m_c.value, true)));
    if (!m_rest.empty())
        r.push_back(others(words(u"together "_s) + vector(restWeight() * m_c.value, true)));
    rows(std::move(r));
}

void ColumnWriter::summary()
{
    if (m_c.strongest < 0) {
        add(Kind::Result, u"No query can see "_s + quoted(m_c.key) + u": every cell of its column is masked."_s);
        return;
    }
    double sum = 0;
    for (const WorkedQuery &q : m_c.queries)
        if (!q.entry.masked)
            sum += q.entry.weight;
    add(Kind::Result,
        quoted(m_c.strongest) + u" attends to "_s + quoted(m_c.key) + u" most, with weight "_s
            + num(entry(m_c.strongest).weight) + u"; the column sums to "_s + num(sum) + u'.');
}

} // namespace

std::vector<WorkedBlock> workedColumnBlocks(const WorkedColumn &c, WorkedSyntax syntax, const WorkedOptions &options)
{
    return ColumnWriter(c, syntax, options).blocks();
}

} // namespace qkv
