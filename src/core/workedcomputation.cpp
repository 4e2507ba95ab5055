#include "workedcomputation.h"

#include "attention.h"
#include "document.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <string_view>
#include <utility>

using namespace Qt::StringLiterals;

namespace qkv {
namespace {

// Exponents beyond ±20 give numbers nobody can read (e^20 ≈ 5·10⁸): shift them by the largest.
constexpr double shiftThreshold = 20;
constexpr int maxDecimals = 12;

} // namespace

int WorkedComputation::maskedCount() const
{
    return static_cast<int>(std::count_if(keys.begin(), keys.end(), [](const WorkedKey &k) { return k.masked; }));
}

WorkedComputation workedComputation(const Document &doc, const Result &result, int head, int query)
{
    WorkedComputation w;
    const int n = static_cast<int>(result.tokens.size());
    if (head < 0 || head >= static_cast<int>(result.heads.size()) || query < 0 || query >= n)
        return w;
    const HeadResult &h = result.heads[static_cast<std::size_t>(head)];
    const Settings &s = doc.settings();
    w.tokens = result.tokens;
    w.settings = s;
    w.head = head;
    w.query = query;
    w.values = h.values;
    if (s.mode != Mode::Weights) {
        switch (s.scoring) {
        case Scoring::QueryKey:
            w.compared = h.queries.row(query).transpose();
            w.comparedKeys = h.keys;
            break;
        case Scoring::KeyKey:
            w.comparedKeys = h.keys;
            break;
        case Scoring::Embedding:
            w.comparedKeys = s.mode == Mode::Projection ? embeddingMatrix(doc) : h.values;
            break;
        }
        if (w.compared.size() == 0)
            w.compared = w.comparedKeys.row(query).transpose();
    }
    const bool softmax = s.mode != Mode::Weights
        && (s.normalization == Normalization::ScaledSoftmax || s.normalization == Normalization::Softmax);
    if (softmax) {
        // The same divisor as normalizeRows, whose width is the length of the compared vectors.
        w.divisor = s.temperature;
        if (s.normalization == Normalization::ScaledSoftmax)
            w.divisor *= std::sqrt(static_cast<double>(std::max<Eigen::Index>(w.compared.size(), 1)));
    }
    w.keys.resize(static_cast<std::size_t>(n));
    double top = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < n; ++j) {
        WorkedKey &k = w.keys[static_cast<std::size_t>(j)];
        k.masked = !result.isVisible(query, j);
        k.score = h.scores(query, j);
        k.weight = h.weights(query, j);
        k.scaled = k.score / w.divisor;
        if (!k.masked)
            top = std::max(top, k.scaled);
    }
    if (softmax && std::isfinite(top) && std::abs(top) > shiftThreshold)
        w.shift = top;
    for (WorkedKey &k : w.keys) {
        if (k.masked)
            continue;
        if (softmax) {
            k.exponential = std::exp(k.scaled - w.shift);
            w.total += k.exponential;
        } else if (s.normalization == Normalization::Sum) {
            w.total += k.score;
        }
    }
    w.output = h.output.row(query).transpose();
    w.before = similarityBefore(h, query);
    w.after = similarityAfter(h, query);
    for (const RowWarning &warning : result.warnings)
        if (warning.head == head && warning.row == query)
            w.warning = describe(warning, result.tokens);
    return w;
}

std::vector<int> workedListedKeys(const WorkedComputation &w, int maxKeys)
{
    const int n = static_cast<int>(w.keys.size());
    std::vector<int> keys(static_cast<std::size_t>(n));
    std::iota(keys.begin(), keys.end(), 0);
    if (maxKeys <= 0 || n <= maxKeys)
        return keys;
    std::erase_if(keys, [&w](int j) { return w.keys[static_cast<std::size_t>(j)].masked; });
    const auto heavier = [&w](int a, int b) {
        const double wa = std::abs(w.keys[static_cast<std::size_t>(a)].weight);
        const double wb = std::abs(w.keys[static_cast<std::size_t>(b)].weight);
        return wa != wb ? wa > wb : a < b;
    };
    const auto cut = keys.begin() + std::min<std::ptrdiff_t>(maxKeys, std::ssize(keys));
    std::partial_sort(keys.begin(), cut, keys.end(), heavier);
    keys.erase(cut, keys.end());
    std::sort(keys.begin(), keys.end());
    return keys;
}

QString formatWorkedNumber(double x, int decimals, WorkedSyntax syntax)
{
    const bool tex = syntax == WorkedSyntax::Latex;
    const QString minus = tex ? u"-"_s : u"−"_s;
    if (std::isnan(x))
        return tex ? u"\\mathrm{NaN}"_s : u"NaN"_s;
    if (std::isinf(x))
        return (x < 0 ? minus : QString()) + (tex ? u"\\infty"_s : u"∞"_s);
    // Small numbers keep two significant digits (a weight of 0.0083 among 200 keys must not read
    // 0.008 or 0.01); below what six decimals can show, they switch to scientific notation.
    const int requested = std::clamp(decimals, 0, maxDecimals);
    decimals = requested;
    static constexpr double powers[] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13};
    while (x != 0 && std::abs(x) < 1 && decimals < 13 && std::abs(x) * powers[decimals] < 10) // cheaper than log10
        ++decimals;
    const bool scientific = std::abs(x) >= 1e6 || decimals > std::max(requested, 6);
    // std::to_chars: correctly rounded like QString::number, and several times faster, which
    // matters for the thousands of numbers a long sentence shows on every edit.
    char buffer[64];
    const auto end = scientific
        ? std::to_chars(buffer, buffer + sizeof buffer, std::abs(x), std::chars_format::scientific, 1).ptr
        : std::to_chars(buffer, buffer + sizeof buffer, std::abs(x), std::chars_format::fixed, decimals).ptr;
    std::string_view digits(buffer, static_cast<std::size_t>(end - buffer));
    QString exponent;
    if (scientific) {
        const auto at = digits.find('e');
        exponent = QString::number(std::atoi(digits.data() + at + 1));
        digits = digits.substr(0, at);
    }
    if (digits.find('.') != std::string_view::npos) {
        while (digits.ends_with('0'))
            digits.remove_suffix(1);
        if (digits.ends_with('.'))
            digits.remove_suffix(1);
    }
    QString text = QString::fromLatin1(digits.data(), static_cast<qsizetype>(digits.size()));
    if (scientific) {
        if (tex) {
            text += u" \\times 10^{"_s + exponent + u'}';
        } else if (syntax == WorkedSyntax::Plain) {
            static const QString superscripts = u"⁰¹²³⁴⁵⁶⁷⁸⁹"_s;
            text += u"×10"_s;
            for (const QChar c : exponent)
                text += c == u'-' ? u'⁻' : superscripts[c.digitValue()];
        } else {
            text += u'e' + exponent;
        }
    }
    if (x < 0 && text != u"0"_s)
        text.prepend(minus);
    return text;
}

namespace {

// Writes the steps in one syntax. All notation goes through the few helpers at the top, so the
// Markdown, LaTeX and plain forms say the same thing.
class Writer
{
public:
    Writer(const WorkedComputation &w, WorkedSyntax syntax, const WorkedOptions &options)
        : m_w(w)
        , m_syntax(syntax)
        , m_options(options)
    { }
    std::vector<WorkedBlock> blocks();

private:
    using Kind = WorkedBlock::Kind;
    const WorkedKey &key(int j) const { return m_w.keys[static_cast<std::size_t>(j)]; }
    bool tex() const { return m_syntax == WorkedSyntax::Latex; }
    QString pick(const QString &text, const QString &latex) const { return tex() ? latex : text; }
    QString num(double x) const { return formatWorkedNumber(x, m_options.decimals, m_syntax); }
    QString minus() const { return pick(u"−"_s, u"-"_s); }
    QString times() const { return pick(u" × "_s, u" \\times "_s); }
    QString cdot() const { return pick(u" · "_s, u" \\cdot "_s); }
    QString divide() const { return pick(u" ÷ "_s, u" \\div "_s); }
    QString dots() const { return pick(u"…"_s, u"\\ldots"_s); }
    QString math(const QString &s) const { return tex() ? u'$' + s + u'$' : s; }
    QString words(const QString &s) const { return tex() ? u"\\text{"_s + s + u'}' : s; } // prose inside math
    QString factor(double x) const
    {
        const QString s = num(x);
        return x < 0 && s != u"0"_s ? u'(' + s + u')' : s;
    }
    QString escape(const QString &s) const;
    QString label(int j) const
    {
        const QString &t = m_w.tokens[j];
        return escape(m_repeated.contains(t) ? t + u" #"_s + QString::number(j + 1) : t);
    }
    QString mathLabel(int j) const { return words(label(j)); }
    QString quoted(int j) const { return pick(u"“"_s + label(j) + u"”"_s, u"``"_s + label(j) + u"''"_s); }
    QString named(const QString &letter, int j) const { return letter + u'(' + mathLabel(j) + u')'; }
    QString power(const QString &exponent) const
    {
        if (m_syntax == WorkedSyntax::Plain)
            return u"exp("_s + exponent + u')';
        return tex() ? u"e^{"_s + exponent + u'}'
                     : u"e^"_s + (exponent.contains(u' ') ? u'(' + exponent + u')' : exponent);
    }
    QString vector(const Eigen::VectorXd &v, bool shorten) const;
    QString signedSum(const std::vector<double> &terms) const;
    QString range(double WorkedKey::*field) const;
    // One row per listed key: `expression` (and its bold `result`) for visible keys.
    WorkedRow row(int j, const QString &expression, const QString &result = {}) const
    {
        if (key(j).masked)
            return {mathLabel(j), words(u"masked, left out"_s), {}, {}, true};
        return {mathLabel(j), expression, result, {}, false};
    }
    WorkedRow dot(int j, const Eigen::VectorXd &a, const Eigen::VectorXd &b, double result) const; // never masked
    WorkedRow others(const QString &expression) const
    {
        return {words(QString::number(m_rest.size()) + u" others"_s), expression, {}, {}, false};
    }
    void add(Kind kind, const QString &text) { m_blocks.push_back({kind, text, {}}); }
    void step(const QString &text) { add(Kind::Step, QString::number(++m_step) + u". "_s + text); }
    void rows(std::vector<WorkedRow> rows)
    {
        if (!rows.empty()) // an empty align* does not compile
            m_blocks.push_back({Kind::Rows, {}, std::move(rows)});
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
    WorkedSyntax m_syntax;
    WorkedOptions m_options;
    QSet<QString> m_repeated; // named tokens that occur twice get their position in labels
    std::vector<int> m_listed, m_rest; // keys worked out term by term, and the visible others
    int m_step = 0;
    std::vector<WorkedBlock> m_blocks;
};

QString Writer::escape(const QString &s) const
{
    if (m_syntax == WorkedSyntax::Plain)
        return s;
    QString out;
    for (const QChar c : s) {
        if (!tex()) {
            if (u"\\`*_[]<>|"_s.contains(c))
                out += u'\\';
            out += c;
        } else if (c == u'\\') {
            out += u"\\textbackslash{}"_s;
        } else if (c == u'^' || c == u'~') {
            out += c == u'^' ? u"\\textasciicircum{}"_s : u"\\textasciitilde{}"_s;
        } else {
            if (u"{}#$%&_"_s.contains(c))
                out += u'\\';
            out += c;
        }
    }
    return out;
}

QString Writer::vector(const Eigen::VectorXd &v, bool shorten) const
{
    const auto n = v.size();
    const int limit = m_options.maxTerms;
    const bool cut = shorten && limit > 1 && n > limit;
    QString s = u"["_s;
    for (Eigen::Index i = 0; i < (cut ? limit - 1 : n); ++i)
        s += (i ? u", "_s : QString()) + num(v[i]);
    if (cut)
        s += u", "_s + dots() + u", "_s + num(v[n - 1]);
    return s + u']';
}

QString Writer::signedSum(const std::vector<double> &terms) const
{
    QString s;
    for (std::size_t i = 0; i < terms.size(); ++i) {
        const QString t = num(std::abs(terms[i]));
        const bool negative = terms[i] < 0 && t != u"0"_s;
        if (i == 0)
            s = negative ? minus() + t : t;
        else
            s += (negative ? u' ' + minus() + u' ' : u" + "_s) + t;
    }
    return s;
}

// a₁ × b₁ + a₂ × b₂ + … = p₁ + p₂ + … = result, as the articles write it.
WorkedRow Writer::dot(int j, const Eigen::VectorXd &a, const Eigen::VectorXd &b, double result) const
{
    const auto n = a.size();
    const auto shown = m_options.maxTerms > 0 ? std::min<Eigen::Index>(n, m_options.maxTerms) : n;
    QString products;
    std::vector<double> terms;
    for (Eigen::Index i = 0; i < shown; ++i) {
        products += (i ? u" + "_s + factor(a[i]) : num(a[i])) + times() + factor(b[i]);
        terms.push_back(a[i] * b[i]);
    }
    const QString more = shown < n ? u" + "_s + dots() : QString();
    QString count = shown < n ? words(u" (%1 more terms)"_s.arg(n - shown)) : QString();
    if (m_syntax == WorkedSyntax::Plain) // kept on one line by the view
        count = u' ' + count.mid(1).replace(u' ', QChar::Nbsp);
    if (n == 1)
        return {mathLabel(j), products + u" = "_s, num(result), {}, false};
    return {
        mathLabel(j), products + more + count + u" = "_s + signedSum(terms) + more + u" = "_s, num(result), {}, false};
}

QString Writer::range(double WorkedKey::*field) const
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int j : m_rest) {
        lo = std::min(lo, key(j).*field);
        hi = std::max(hi, key(j).*field);
    }
    return words(u"from "_s) + num(lo) + words(u" to "_s) + num(hi);
}

std::vector<WorkedBlock> Writer::blocks()
{
    if (!m_w.isValid()) {
        add(Kind::Note, u"No token to work out: select a token."_s);
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
    // Only the named tokens need to know whether they repeat: hashing 4,096 tokens would cost more
    // than the rest of the steps.
    for (int j : m_listed)
        if (std::count(m_w.tokens.begin(), m_w.tokens.end(), m_w.tokens[j]) > 1)
            m_repeated.insert(m_w.tokens[j]);
    if (std::count(m_w.tokens.begin(), m_w.tokens.end(), m_w.tokens[m_w.query]) > 1)
        m_repeated.insert(m_w.tokens[m_w.query]);
    add(Kind::Title,
        u"Worked computation for "_s + quoted(m_w.query)
            + u" (token %1 of %2), head %3"_s.arg(m_w.query + 1).arg(n).arg(m_w.head + 1));
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
    similarity();
    return std::move(m_blocks);
}

void Writer::introduction()
{
    const Settings &s = m_w.settings;
    const QString who = quoted(m_w.query);
    QString text;
    if (s.mode == Mode::Weights) {
        text = u"The attention weights are given (weights mode): there are no scores to compute."_s;
    } else {
        const QString of = s.scoring == Scoring::QueryKey ? u"query of %1 with the key of every token"_s
            : s.scoring == Scoring::KeyKey                ? u"key of %1 with the key of every token (symmetric)"_s
            : s.mode == Mode::Projection                  ? u"embedding of %1 with the embedding of every token"_s
                                                          : u"value of %1 with the value of every token"_s;
        text = u"Scores are the dot products of the "_s + of.arg(who);
        switch (s.normalization) {
        case Normalization::ScaledSoftmax:
            text += u", made weights by softmax after dividing by "_s
                + math(pick(u"√d × T"_s, u"\\sqrt{d} \\times T"_s)) + u'.';
            break;
        case Normalization::Softmax:
            text += s.temperature == 1 ? u", made weights by softmax."_s
                                       : u", made weights by softmax after dividing by the temperature T."_s;
            break;
        case Normalization::Sum:
            text += u", made weights by dividing each by their sum."_s;
            break;
        case Normalization::None:
            text += u"; the weights are the scores themselves (no normalization)."_s;
            break;
        }
    }
    if (const int masked = m_w.maskedCount())
        text += u" %1 masked key%2 left out."_s.arg(masked).arg(masked == 1 ? u" is"_s : u"s are"_s);
    add(Kind::Text, text);
    QString note
        = u"Numbers are rounded to %1 decimals (small ones to 2 significant digits) for reading; every "
          u"step uses the exact values, so a result can differ from its rounded terms in the last digit."_s.arg(
              m_options.decimals);
    if (!m_rest.empty())
        note += u" The %1 keys with the largest weights are worked out term by term; the %2 other visible keys are "
                u"summed up in one line per step."_s.arg(m_listed.size())
                    .arg(m_rest.size());
    add(Kind::Note, note);
}

void Writer::scores()
{
    const Scoring scoring = m_w.settings.scoring;
    const bool x = scoring == Scoring::Embedding && m_w.settings.mode == Mode::Projection;
    const QString own = scoring == Scoring::QueryKey ? u"q"_s
        : scoring == Scoring::KeyKey                 ? u"k"_s
        : x                                          ? u"x"_s
                                                     : u"v"_s;
    const QString their = scoring == Scoring::QueryKey ? u"k"_s : own;
    step(u"Scores: "_s + math(named(own, m_w.query) + cdot() + their + u"(j)"_s));
    add(Kind::Text, math(named(own, m_w.query) + u" = "_s + vector(m_w.compared, false)));
    std::vector<WorkedRow> r;
    for (int j : m_listed)
        r.push_back(
            key(j).masked ? row(j, {}) : dot(j, m_w.compared, m_w.comparedKeys.row(j).transpose(), key(j).score));
    if (!m_rest.empty())
        r.push_back(others(range(&WorkedKey::score)));
    rows(std::move(r));
}

void Writer::givenWeights()
{
    step(u"Weights: the given row of A"_s);
    std::vector<WorkedRow> r;
    double restSum = 0;
    for (int j : m_rest)
        restSum += key(j).weight;
    for (int j : m_listed)
        r.push_back(row(j, {}, num(key(j).weight)));
    if (!m_rest.empty())
        r.push_back(others(words(u"together "_s) + num(restSum)));
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
            + words(u" ("_s + QString::number(m_rest.size()) + u" others)"_s);
    add(Kind::Text, math(pick(u"sum"_s, u"\\Sigma"_s) + u" = "_s + sum + u" = "_s + num(total)));
    std::vector<WorkedRow> r;
    for (int j : m_listed)
        r.push_back(row(j, num(key(j).*numerator) + divide() + factor(total) + u" = "_s, num(key(j).weight)));
    if (!m_rest.empty())
        r.push_back(others(words(u"together "_s) + num(restWeight)));
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
        step(u"Scaling: divide by "_s + math(by + u" = "_s + num(m_w.divisor)));
        std::vector<WorkedRow> r;
        for (int j : m_listed)
            r.push_back(row(j, num(key(j).score) + divide() + num(m_w.divisor) + u" = "_s + num(key(j).scaled)));
        if (!m_rest.empty())
            r.push_back(others(range(&WorkedKey::scaled)));
        rows(std::move(r));
    }
    step(u"Exponentials"_s);
    if (m_w.shift != 0)
        add(Kind::Note,
            u"Each exponent is reduced by the largest, "_s + math(num(m_w.shift))
                + u", so that nothing overflows; the weights do not change."_s);
    std::vector<WorkedRow> r;
    double restSum = 0;
    for (int j : m_rest)
        restSum += key(j).exponential;
    for (int j : m_listed) {
        const QString exponent = m_w.shift != 0 ? signedSum({key(j).scaled, -m_w.shift}) : num(key(j).scaled);
        r.push_back(row(j, power(exponent) + u" = "_s + num(key(j).exponential)));
    }
    if (!m_rest.empty())
        r.push_back(others(words(u"together "_s) + num(restSum)));
    rows(std::move(r));
    step(u"Normalization: divide by the sum"_s);
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
        step(u"Normalization: none"_s);
        add(Kind::Text,
            u"The weights are the scores as they are."_s
                + (m_w.maskedCount() ? u" Masked keys get weight 0."_s : QString()));
        break;
    case Normalization::Sum:
        step(u"Normalization: divide by the sum of the scores"_s);
        divideBy(&WorkedKey::score, m_w.total);
        break;
    }
}

void Writer::weightedSum()
{
    const int q = m_w.query;
    step(u"Weighted sum of the values: "_s
        + math(named(u"o"_s, q) + u" = "_s + pick(u"Σ a(j) × v(j)"_s, u"\\sum_j a_j \\, v(j)"_s)));
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
        r.push_back(others(words(u"together "_s) + vector(rest, true)));
    rows(std::move(r));
    add(Kind::Result, math(named(u"o"_s, q) + u" = "_s + vector(m_w.output, false)));
}

void Writer::similarity()
{
    const int q = m_w.query;
    const Eigen::VectorXd own = m_w.values.row(q).transpose();
    step(u"Closer after attention? Every value compared with "_s + math(named(u"v"_s, q)) + u" and "_s
        + math(named(u"o"_s, q)));
    std::vector<WorkedRow> r;
    add(Kind::Text, u"Before attention: "_s + math(named(u"v"_s, q) + cdot() + u"v(j)"_s));
    for (int j : m_listed) // a masked key still has a value to compare with
        r.push_back(dot(j, own, m_w.values.row(j).transpose(), m_w.before[j]));
    rows(std::move(r));
    add(Kind::Text, u"After attention: "_s + math(named(u"o"_s, q) + cdot() + u"v(j)"_s));
    r.clear();
    for (int j : m_listed) {
        const double before = m_w.before[j], after = m_w.after[j];
        const QString change = after > before ? u", closer)"_s : after < before ? u", farther)"_s : u", unchanged)"_s;
        r.push_back(dot(j, m_w.output, m_w.values.row(j).transpose(), after));
        r.back().note = pick(u"  "_s, u"\\quad "_s) + words(u"(was "_s) + num(before) + words(change);
    }
    rows(std::move(r));
    const auto closer = (m_w.after.array() > m_w.before.array()).count();
    add(Kind::Text,
        math(named(u"o"_s, q)) + u" is closer (a larger dot product) than "_s + math(named(u"v"_s, q))
            + u" to %1 of the %2 values."_s.arg(closer).arg(m_w.keys.size()));
}

} // namespace

std::vector<WorkedBlock> workedBlocks(const WorkedComputation &w, WorkedSyntax syntax, const WorkedOptions &options)
{
    return Writer(w, syntax, options).blocks();
}

QString workedText(const WorkedComputation &w, WorkedSyntax syntax, const WorkedOptions &options)
{
    using Kind = WorkedBlock::Kind;
    const bool md = syntax == WorkedSyntax::Markdown, tex = syntax == WorkedSyntax::Latex;
    QString out = tex ? u"% Worked computation from QKV Lab; needs \\usepackage{amsmath}.\n"_s : QString();
    for (const WorkedBlock &b : workedBlocks(w, syntax, options)) {
        switch (b.kind) {
        case Kind::Title:
            out += md ? u"### "_s + b.text : tex ? u"\\subsection*{"_s + b.text + u'}' : b.text;
            break;
        case Kind::Step:
            out += md ? u"**"_s + b.text + u"**"_s : tex ? u"\\medskip\\noindent\\textbf{"_s + b.text + u'}' : b.text;
            break;
        case Kind::Text:
        case Kind::Result:
            out += b.text;
            break;
        case Kind::Note:
            out += md ? u'*' + b.text + u'*' : tex ? u"\\emph{"_s + b.text + u'}' : b.text;
            break;
        case Kind::Warning:
            out += (md ? u"> **Warning:** "_s : tex ? u"\\textbf{Warning:} "_s : u"Warning: "_s) + b.text;
            break;
        case Kind::Rows: {
            QStringList lines;
            for (const WorkedRow &r : b.rows) {
                const QString expression = md && r.masked ? u'*' + r.expression + u'*' : r.expression;
                lines << (tex ? r.label + u" &: \\; "_s : (md ? u"- "_s : QString()) + r.label + u": "_s) + expression
                        + r.result + r.note;
            }
            out += tex ? u"\\begin{align*}\n"_s + lines.join(u" \\\\\n"_s) + u"\n\\end{align*}"_s : lines.join(u'\n');
            break;
        }
        }
        out += u"\n\n"_s;
    }
    return out;
}

} // namespace qkv
