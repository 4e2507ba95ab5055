// The worked steps of one query's row (workedBlocks).
#include "export/workednotation.h"

#include <limits>

namespace qkv {
namespace {

class Writer : public WorkedNotation
{
    Q_DECLARE_TR_FUNCTIONS(WorkedSteps)

public:
    Writer(const WorkedComputation &w, WorkedSyntax syntax, const WorkedOptions &options)
        : WorkedNotation(w.keyTokens(), w.tokens, syntax, options)
        , m_w(w)
    { }
    std::vector<WorkedBlock> blocks();

private:
    const WorkedKey &key(int j) const { return m_w.keys[static_cast<std::size_t>(j)]; }
    QString range(double WorkedKey::*field) const;
    // One row per listed key: `expression` (and its bold `result`) for visible keys.
    WorkedRow row(int j, const QString &expression, const QString &result = {}) const
    {
        if (key(j).masked)
            return {label(j), words(prose(tr("masked, left out"))), {}, {}, true, j};
        return {label(j), expression, result, {}, false, j};
    }
    // The snapshot's name, quoted as the syntax quotes.
    QString snapshot() const
    {
        const QString name = escape(m_w.then->name);
        return tex() ? u"``"_s + name + u"''"_s : prose(tr("“%1”")).arg(name);
    }
    // Against a snapshot: "(was x)" after a number that reads differently there.
    void was(WorkedRow &row, double now, const std::vector<double> &then, int j) const
    {
        if (row.masked || then.size() != m_w.keys.size() || num(now) == num(then[static_cast<std::size_t>(j)]))
            return;
        row.note
            = pick(u"  "_s, u"\\quad "_s) + prose(tr("(was %1)")).arg(textNumber(then[static_cast<std::size_t>(j)]));
    }
    WorkedRow others(const QString &expression) const
    {
        return {prose(tr("%n others", nullptr, static_cast<int>(m_rest.size()))), expression, {}, {}, false};
    }
    void introduction();
    void scores();
    void givenWeights();
    void softmax();
    void normalization();
    void divideBy(double WorkedKey::*numerator, double total);
    void weightedSum();
    void similarity();

    const WorkedComputation &m_w;
    std::vector<int> m_listed, m_rest; // keys worked out term by term, and the visible others
};

QString Writer::range(double WorkedKey::*field) const
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int j : m_rest) {
        lo = std::min(lo, key(j).*field);
        hi = std::max(hi, key(j).*field);
    }
    return words(prose(tr("from %1 to %2")).arg(textNumber(lo), textNumber(hi)));
}

std::vector<WorkedBlock> Writer::blocks()
{
    if (!m_w.isValid()) {
        add(Kind::Note, prose(tr("No token to work out: select a token.")));
        return std::move(m_blocks);
    }
    const int n = static_cast<int>(m_w.keys.size());
    m_listed = workedListedKeys(m_w, m_options.maxKeys);
    std::vector<bool> listed(static_cast<std::size_t>(n));
    for (int j : m_listed)
        listed[static_cast<std::size_t>(j)] = true;
    for (int j = 0; j < n; ++j)
        if (!listed[static_cast<std::size_t>(j)] && !key(j).masked)
            m_rest.push_back(j);
    markRepeated(m_listed, m_w.query);
    add(Kind::Title,
        prose(tr("Worked computation for %1 (token %2 of %3), head %4"))
            .arg(focusQuoted(m_w.query), QString::number(m_w.query + 1), QString::number(m_w.tokens.size()),
                QString::number(m_w.head + 1)));
    introduction();
    if (m_w.settings.mode == Mode::Weights) {
        givenWeights();
    } else {
        scores();
        normalization();
    }
    if (!m_w.warning.isEmpty())
        add(Kind::Warning, escape(m_w.warning));
    weightedSum();
    if (m_w.before.size()) // cross-attention: the query's token has no value among the keys'
        similarity();
    return std::move(m_blocks);
}

void Writer::introduction()
{
    const Settings &s = m_w.settings;
    const QString who = focusQuoted(m_w.query);
    // Whole sentences, one after another, so that each translates as a whole.
    QStringList text;
    if (s.mode == Mode::Weights) {
        text << prose(tr("The attention weights are given (weights mode): there are no scores to compute."));
    } else {
        const QString of = m_w.keyNames.isEmpty()
            ? byScoring(s, tr("Scores are the dot products of the query of %1 with the key of every token."),
                tr("Scores are the dot products of the key of %1 with the key of every token (symmetric)."),
                tr("Scores are the dot products of the embedding of %1 with the embedding of every token."),
                tr("Scores are the dot products of the value of %1 with the value of every token."))
            : tr("Cross-attention: scores are the dot products of the query of %1 with the key of every token of the "
                 "second sentence, whose values the output mixes.");
        text << prose(of).arg(who);
        switch (s.normalization) {
        case Normalization::ScaledSoftmax:
            text << prose(tr("Softmax makes them weights after dividing by %1."))
                        .arg(math(pick(u"√d × T"_s, u"\\sqrt{d} \\times T"_s)));
            break;
        case Normalization::Softmax:
            text << prose(s.temperature == 1 ? tr("Softmax makes them weights.")
                                             : tr("Softmax makes them weights after dividing by the temperature T."));
            break;
        case Normalization::Sum:
            text << prose(tr("Each is divided by their sum to make the weights."));
            break;
        case Normalization::None:
            text << prose(tr("The weights are the scores themselves (no normalization)."));
            break;
        }
    }
    if (s.emulated())
        text << prose(tr("Computed in %1: every product, sum, division and exponential is rounded to it, as the "
                         "hardware would, and each number shown is the rounded one."))
                    .arg(toString(s.precision));
    if (s.mode != Mode::Weights && s.softmax == SoftmaxForm::Naive
        && (s.normalization == Normalization::Softmax || s.normalization == Normalization::ScaledSoftmax))
        text << prose(tr("The softmax is naive: no largest score is subtracted before the exponentials."));
    if (const int masked = m_w.maskedCount())
        text << prose(tr("%n masked keys are left out.", nullptr, masked));
    if (m_w.then)
        text << prose(tr("Compared with the snapshot %1: a score, weight or output that reads differently there "
                         "says what it was."))
                    .arg(snapshot());
    add(Kind::Text, text.join(u' '));
    QStringList note {roundingNote()};
    if (!m_rest.empty())
        note << prose(tr("The %1 keys with the largest weights are worked out term by term; the %n other visible keys "
                         "are summed up in one line per step.",
                          nullptr, static_cast<int>(m_rest.size())))
                    .arg(m_listed.size());
    add(Kind::Note, note.join(u' '));
}

void Writer::scores()
{
    const QString own = comparedLetter(m_w.settings, true), their = comparedLetter(m_w.settings, false);
    step(prose(tr("Scores: %1")).arg(math(focusNamed(own, m_w.query) + cdot() + their + u"(j)"_s)));
    add(Kind::Text, math(focusNamed(own, m_w.query) + u" = "_s + vector(m_w.compared, false)));
    std::vector<WorkedRow> r;
    for (int j : m_listed) {
        r.push_back(
            key(j).masked ? row(j, {}) : dot(j, m_w.compared, m_w.comparedKeys.row(j).transpose(), key(j).score));
        if (m_w.then)
            was(r.back(), key(j).score, m_w.then->scores, j);
    }
    if (!m_rest.empty())
        r.push_back(others(range(&WorkedKey::score)));
    rows(std::move(r));
}

void Writer::givenWeights()
{
    step(prose(tr("Weights: the given row of A")));
    std::vector<WorkedRow> r;
    double restSum = 0;
    for (int j : m_rest)
        restSum += key(j).weight;
    for (int j : m_listed) {
        r.push_back(row(j, {}, num(key(j).weight)));
        if (m_w.then)
            was(r.back(), key(j).weight, m_w.then->weights, j);
    }
    if (!m_rest.empty())
        r.push_back(others(together(num(restSum))));
    rows(std::move(r));
}

// Rows "numerator ÷ total = weight" and the sum they are divided by.
void Writer::divideBy(double WorkedKey::*numerator, double total)
{
    std::vector<double> terms;
    double restSum = 0, restWeight = 0;
    for (int j : m_listed)
        if (!key(j).masked)
            terms.push_back(key(j).*numerator);
    for (int j : m_rest) {
        restSum += key(j).*numerator;
        restWeight += key(j).weight;
    }
    QString sum = signedSum(terms);
    if (!m_rest.empty())
        sum += (restSum < 0 ? u' ' + minus() + u' ' : u" + "_s) + num(std::abs(restSum))
            + words(u' ' + prose(tr("(%n others)", nullptr, static_cast<int>(m_rest.size()))));
    add(Kind::Text, math(pick(u"sum"_s, u"\\Sigma"_s) + u" = "_s + sum + u" = "_s + num(total)));
    std::vector<WorkedRow> r;
    for (int j : m_listed) {
        r.push_back(row(j, num(key(j).*numerator) + divide() + factor(total) + u" = "_s, num(key(j).weight)));
        if (m_w.then)
            was(r.back(), key(j).weight, m_w.then->weights, j);
    }
    if (!m_rest.empty())
        r.push_back(others(together(num(restWeight))));
    rows(std::move(r));
}

void Writer::softmax()
{
    const Settings &s = m_w.settings;
    if (m_w.divisor != 1) {
        const QString d = QString::number(m_w.compared.size());
        QString by = s.normalization == Normalization::Softmax ? u"T"_s : pick(u"√"_s + d, u"\\sqrt{"_s + d + u'}');
        if (s.normalization == Normalization::ScaledSoftmax && s.temperature != 1)
            by += times() + num(s.temperature);
        step(prose(tr("Scaling: divide by %1")).arg(math(by + u" = "_s + num(m_w.divisor))));
        std::vector<WorkedRow> r;
        for (int j : m_listed)
            r.push_back(row(j, num(key(j).score) + divide() + num(m_w.divisor) + u" = "_s + num(key(j).scaled)));
        if (!m_rest.empty())
            r.push_back(others(range(&WorkedKey::scaled)));
        rows(std::move(r));
    }
    step(prose(tr("Exponentials")));
    if (m_w.shift != 0)
        add(Kind::Note,
            prose(tr("Each exponent is reduced by the largest, %1, so that nothing overflows; the weights do not "
                     "change."))
                .arg(math(num(m_w.shift))));
    std::vector<WorkedRow> r;
    double restSum = 0;
    for (int j : m_rest)
        restSum += key(j).exponential;
    for (int j : m_listed) {
        const QString exponent = m_w.shift != 0 ? signedSum({key(j).scaled, -m_w.shift}) : num(key(j).scaled);
        r.push_back(row(j, power(exponent) + u" = "_s + num(key(j).exponential)));
    }
    if (!m_rest.empty())
        r.push_back(others(together(num(restSum))));
    rows(std::move(r));
    step(prose(tr("Normalization: divide by the sum")));
    divideBy(&WorkedKey::exponential, m_w.total);
}

void Writer::normalization()
{
    switch (m_w.settings.normalization) {
    case Normalization::ScaledSoftmax:
    case Normalization::Softmax:
        softmax();
        break;
    case Normalization::None:
        step(prose(tr("Normalization: none")));
        add(Kind::Text,
            m_w.maskedCount() ? prose(tr("The weights are the scores as they are. Masked keys get weight 0."))
                              : prose(tr("The weights are the scores as they are.")));
        break;
    case Normalization::Sum:
        step(prose(tr("Normalization: divide by the sum of the scores")));
        divideBy(&WorkedKey::score, m_w.total);
        break;
    }
}

void Writer::weightedSum()
{
    const int q = m_w.query;
    step(prose(tr("Weighted sum of the values: %1"))
             .arg(math(focusNamed(u"o"_s, q) + u" = "_s + pick(u"Σ a(j) × v(j)"_s, u"\\sum_j a_j \\, v(j)"_s))));
    std::vector<WorkedRow> r;
    // Vᵀ·a over the unlisted keys: reading V by columns, not thousands of strided rows.
    Eigen::VectorXd restWeights = Eigen::VectorXd::Zero(m_w.values.rows());
    for (int j : m_rest)
        restWeights[j] = key(j).weight;
    const Eigen::VectorXd rest = m_w.values.transpose() * restWeights;
    for (int j : m_listed) {
        const Eigen::VectorXd v = m_w.values.row(j).transpose();
        r.push_back(row(j, num(key(j).weight) + times() + vector(v, true) + u" = "_s, vector(key(j).weight * v, true)));
    }
    if (!m_rest.empty())
        r.push_back(others(together(vector(rest, true))));
    rows(std::move(r));
    add(Kind::Result, math(focusNamed(u"o"_s, q) + u" = "_s + vector(m_w.output, false)));
    if (m_w.then && m_w.then->output.size() == m_w.output.size()
        && vector(m_w.then->output, false) != vector(m_w.output, false))
        add(Kind::Text, prose(tr("In %1 it was %2.")).arg(snapshot(), math(vector(m_w.then->output, false))));
    if (m_w.switchedOff) {
        // What the head computed stays above; what leaves it is zero.
        step(prose(tr("Head %1 is switched off: its output is replaced by zero")).arg(m_w.head + 1));
        add(Kind::Result,
            math(focusNamed(u"o"_s, q) + u" = "_s + vector(Eigen::VectorXd::Zero(m_w.output.size()), false)));
        add(Kind::Text,
            prose(tr("Nothing this head attends to reaches the joined output of the heads, nor anything after it.")));
    }
}

void Writer::similarity()
{
    const int q = m_w.query;
    const Eigen::VectorXd own = m_w.values.row(q).transpose();
    step(prose(tr("Closer after attention? Every value compared with %1 and %2"))
             .arg(math(focusNamed(u"v"_s, q)), math(focusNamed(u"o"_s, q))));
    std::vector<WorkedRow> r;
    add(Kind::Text, prose(tr("Before attention: %1")).arg(math(focusNamed(u"v"_s, q) + cdot() + u"v(j)"_s)));
    for (int j : m_listed) // a masked key still has a value to compare with
        r.push_back(dot(j, own, m_w.values.row(j).transpose(), m_w.before[j]));
    rows(std::move(r));
    add(Kind::Text, prose(tr("After attention: %1")).arg(math(focusNamed(u"o"_s, q) + cdot() + u"v(j)"_s)));
    r.clear();
    for (int j : m_listed) {
        const double before = m_w.before[j], after = m_w.after[j];
        const QString change = after > before ? tr("(was %1, closer)")
            : after < before                  ? tr("(was %1, farther)")
                                              : tr("(was %1, unchanged)");
        r.push_back(dot(j, m_w.output, m_w.values.row(j).transpose(), after));
        r.back().note = pick(u"  "_s, u"\\quad "_s) + prose(change).arg(textNumber(before));
    }
    rows(std::move(r));
    const auto closer = (m_w.after.array() > m_w.before.array()).count();
    add(Kind::Text,
        prose(tr("%1 is closer (a larger dot product) than %2 to %3 of the %4 values."))
            .arg(math(focusNamed(u"o"_s, q)), math(focusNamed(u"v"_s, q)), QString::number(closer),
                QString::number(m_w.keys.size())));
}

} // namespace

std::vector<WorkedBlock> workedBlocks(const WorkedComputation &w, WorkedSyntax syntax, const WorkedOptions &options)
{
    return Writer(w, syntax, options).blocks();
}

} // namespace qkv
