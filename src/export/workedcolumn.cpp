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
    if (head < 0 || head >= static_cast<int>(result.heads.size()) || key < 0 || key >= result.keys().size())
        return c;
    const HeadResult &h = result.heads[static_cast<std::size_t>(head)];
    const Settings &s = doc.settings();
    c.tokens = result.tokens;
    c.keyNames = result.keyTokens;
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
    Q_DECLARE_TR_FUNCTIONS(WorkedSteps)

public:
    ColumnWriter(const WorkedColumn &c, WorkedSyntax syntax, const WorkedOptions &options)
        : WorkedNotation(c.tokens, c.keyTokens(), syntax, options)
        , m_c(c)
    { }
    std::vector<WorkedBlock> blocks();

private:
    const WorkedKey &entry(int i) const { return m_c.queries[static_cast<std::size_t>(i)].entry; }
    const WorkedQuery &query(int i) const { return m_c.queries[static_cast<std::size_t>(i)]; }
    WorkedRow row(int i, const QString &expression, const QString &result = {}) const
    {
        if (entry(i).masked)
            return {label(i), words(prose(tr("masked, cannot see it"))), {}, {}, true, i};
        return {label(i), expression, result, {}, false, i};
    }
    WorkedRow others(const QString &expression) const
    {
        return {prose(tr("%n others", nullptr, static_cast<int>(m_rest.size()))), expression, {}, {}, false};
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
        add(Kind::Note, prose(tr("No key to work out: select a key (a column of the heatmap).")));
        return std::move(m_blocks);
    }
    const int n = static_cast<int>(m_c.queries.size());
    std::vector<bool> listed(static_cast<std::size_t>(n));
    for (int i : m_c.listed)
        listed[static_cast<std::size_t>(i)] = true;
    for (int i = 0; i < n; ++i)
        if (!listed[static_cast<std::size_t>(i)] && !entry(i).masked)
            m_rest.push_back(i);
    std::vector<int> named = m_c.listed;
    named.push_back(m_c.strongest);
    markRepeated(named, m_c.key);
    add(Kind::Title,
        prose(tr("Who attends to %1 (key, token %2 of %3), head %4"))
            .arg(focusQuoted(m_c.key), QString::number(m_c.key + 1), QString::number(m_c.keyTokens().size()),
                QString::number(m_c.head + 1)));
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
    const QString key = focusQuoted(m_c.key);
    QString text;
    if (s.mode == Mode::Weights) {
        text = prose(tr("The weights are given (weights mode): this is the column of %1 in the attention matrix."))
                   .arg(key);
    } else {
        const QString what
            = byScoring(s, tr("Each token scores %1 by the dot product of its query with the key of %1."),
                tr("Each token scores %1 by the dot product of its key with the key of %1."),
                tr("Each token scores %1 by the dot product of its embedding with the embedding of %1."),
                tr("Each token scores %1 by the dot product of its value with the value of %1."));
        text = prose(what).arg(key) + u' '
            + prose(tr("A weight is made within the query's own row, so the weights of a row sum to 1 and those of "
                       "this column need not."));
    }
    add(Kind::Text, text);
    QString note = roundingNote();
    if (!m_rest.empty())
        note += u' '
            + prose(tr("The %1 queries that attend to it most are worked out; the %n others are summed up.", nullptr,
                        static_cast<int>(m_rest.size())))
                  .arg(m_c.listed.size());
    add(Kind::Note, note);
}

void ColumnWriter::scores()
{
    const QString theirs = comparedLetter(m_c.settings, true), own = comparedLetter(m_c.settings, false);
    step(prose(tr("Scores: %1")).arg(math(theirs + u"(i)"_s + cdot() + focusNamed(own, m_c.key))));
    add(Kind::Text, math(focusNamed(own, m_c.key) + u" = "_s + vector(m_c.comparedKey, false)));
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
        r.push_back(others(words(prose(tr("from %1 to %2")).arg(textNumber(lo), textNumber(hi)))));
    }
    rows(std::move(r));
}

void ColumnWriter::weights()
{
    const Settings &s = m_c.settings;
    std::vector<WorkedRow> r;
    if (s.mode == Mode::Weights || s.normalization == Normalization::None) {
        step(prose(s.mode == Mode::Weights ? tr("Weights: the given column of A")
                                           : tr("Weights: the scores themselves (no normalization)")));
        for (int i : m_c.listed)
            r.push_back(row(i, {}, num(entry(i).weight)));
    } else if (usesSoftmax(s)) {
        QString by;
        if (m_c.divisor != 1)
            by = divide() + num(m_c.divisor);
        step(prose(tr("Weights: softmax within each query's row")));
        const QString weight = math(power(u"s"_s + by) + divide() + pick(u"Σ"_s, u"\\Sigma"_s)),
                      sum = math(pick(u"Σ"_s, u"\\Sigma"_s));
        add(Kind::Text,
            m_c.divisor != 1
                ? prose(tr("Each weight is %1, where %2 sums the exponentials of that query's whole row (the scores "
                           "divided by %3)."))
                      .arg(weight, sum, math(num(m_c.divisor)))
                : prose(tr("Each weight is %1, where %2 sums the exponentials of that query's whole row."))
                      .arg(weight, sum));
        for (int i : m_c.listed) {
            const WorkedQuery &q = query(i);
            const QString exponent = q.shift != 0 ? signedSum({q.entry.scaled, -q.shift}) : num(q.entry.scaled);
            r.push_back(row(i, power(exponent) + divide() + factor(q.total) + u" = "_s, num(q.entry.weight)));
        }
    } else {
        step(prose(tr("Weights: each score divided by the sum of its query's row")));
        for (int i : m_c.listed)
            r.push_back(
                row(i, num(entry(i).score) + divide() + factor(query(i).total) + u" = "_s, num(entry(i).weight)));
    }
    if (!m_rest.empty())
        r.push_back(others(together(num(restWeight()))));
    rows(std::move(r));
}

void ColumnWriter::contribution()
{
    const int j = m_c.key;
    step(prose(tr("What it passes on: each query's output takes %1"))
             .arg(math(u"a(i)"_s + times() + focusNamed(u"v"_s, j))));
    add(Kind::Text, math(focusNamed(u"v"_s, j) + u" = "_s + vector(m_c.value, false)));
    std::vector<WorkedRow> r;
    for (int i : m_c.listed)
        r.push_back(row(i, num(entry(i).weight) + times() + vector(m_c.value, true) + u" = "_s,
            vector(entry(i).weight * m_c.value, true)));
    if (!m_rest.empty())
        r.push_back(others(together(vector(restWeight() * m_c.value, true))));
    rows(std::move(r));
}

void ColumnWriter::summary()
{
    if (m_c.strongest < 0) {
        add(Kind::Result,
            prose(tr("No query can see %1: every cell of its column is masked.")).arg(focusQuoted(m_c.key)));
        return;
    }
    double sum = 0;
    for (const WorkedQuery &q : m_c.queries)
        if (!q.entry.masked)
            sum += q.entry.weight;
    add(Kind::Result,
        prose(tr("%1 attends to %2 most, with weight %3; the column sums to %4."))
            .arg(
                quoted(m_c.strongest), focusQuoted(m_c.key), textNumber(entry(m_c.strongest).weight), textNumber(sum)));
}

} // namespace

std::vector<WorkedBlock> workedColumnBlocks(const WorkedColumn &c, WorkedSyntax syntax, const WorkedOptions &options)
{
    return ColumnWriter(c, syntax, options).blocks();
}

} // namespace qkv
