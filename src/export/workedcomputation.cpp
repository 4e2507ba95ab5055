#include "export/workedcomputation.h"

#include "attention/attention.h"
#include "attention/precision.h"
#include "document/document.h"
#include "export/numbertables.h"

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

} // namespace

int WorkedComputation::maskedCount() const
{
    return static_cast<int>(std::count_if(keys.begin(), keys.end(), [](const WorkedKey &k) { return k.masked; }));
}

ComparedVectors comparedVectors(const Document &doc, const HeadResult &h)
{
    const Settings &s = doc.settings();
    if (s.mode == Mode::Weights)
        return {};
    switch (s.scoring) {
    case Scoring::QueryKey:
        return {h.queries, h.keys};
    case Scoring::KeyKey:
        return {h.keys, h.keys};
    case Scoring::Embedding:
        if (s.mode == Mode::Projection) {
            Eigen::MatrixXd x = embeddingMatrix(doc);
            return {x, x};
        }
        return {h.values, h.values};
    }
    return {};
}

bool usesSoftmax(const Settings &s)
{
    return s.mode != Mode::Weights
        && (s.normalization == Normalization::ScaledSoftmax || s.normalization == Normalization::Softmax);
}

double softmaxDivisor(const Settings &s, Eigen::Index width)
{
    // The same divisor as normalizeRows, whose width is the length of the compared vectors.
    if (!usesSoftmax(s))
        return 1;
    double divisor = s.temperature;
    if (s.normalization == Normalization::ScaledSoftmax)
        divisor *= std::sqrt(static_cast<double>(std::max<Eigen::Index>(width, 1)));
    return divisor;
}

void workRow(const Result &result, const HeadResult &h, const Settings &s, int query, double divisor,
    std::vector<WorkedKey> &keys, double &shift, double &total)
{
    const bool softmax = usesSoftmax(s);
    const auto n = static_cast<int>(h.scores.cols());
    keys.assign(static_cast<std::size_t>(n), {});
    shift = total = 0;
    // In a narrow precision every step is rounded as the engine rounds it (precision.cpp): the
    // terms shown are the ones the weights were made of.
    const Precision p = s.precision;
    const auto rounded = [&](double x) { return s.emulated() ? roundTo(x, p) : x; };
    double top = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < n; ++j) {
        WorkedKey &k = keys[static_cast<std::size_t>(j)];
        k.masked = !result.isVisible(query, j);
        k.score = h.scores(query, j);
        k.weight = h.weights(query, j);
        k.scaled = softmax ? rounded(k.score / divisor) : k.score / divisor;
        if (!k.masked)
            top = std::max(top, k.scaled);
    }
    // Emulated, the stable softmax always subtracts the largest (the naive one never does);
    // otherwise only where e^x would be unreadably large or small.
    if (softmax && std::isfinite(top)
        && (s.emulated() ? s.softmax == SoftmaxForm::Stable : std::abs(top) > shiftThreshold))
        shift = top;
    for (WorkedKey &k : keys) {
        if (k.masked)
            continue;
        if (softmax) {
            k.exponential = rounded(std::exp(rounded(k.scaled - shift)));
            total = rounded(total + k.exponential);
        } else if (s.normalization == Normalization::Sum) {
            total = rounded(total + k.score);
        }
    }
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
    w.keyNames = result.keyTokens;
    w.settings = s;
    w.head = head;
    w.query = query;
    w.values = h.values;
    if (s.mode != Mode::Weights) {
        ComparedVectors compared = comparedVectors(doc, h);
        w.compared = compared.queries.row(query).transpose();
        w.comparedKeys = std::move(compared.keys);
    }
    w.divisor = softmaxDivisor(s, w.compared.size());
    if (s.emulated())
        w.divisor = roundTo(w.divisor, s.precision);
    workRow(result, h, s, query, w.divisor, w.keys, w.shift, w.total);
    w.output = h.output.row(query).transpose();
    w.switchedOff = h.switchedOff;
    if (!result.isCross()) {
        w.before = similarityBefore(h, query);
        w.after = similarityAfter(h, query);
    }
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

QString formatWorkedNumber(double x, int decimals, WorkedSyntax syntax, const QLocale &locale)
{
    const bool tex = syntax == WorkedSyntax::Latex;
    // In LaTeX the minus is braced: after \text{…} a bare "-" would be a binary minus, spaced
    // ("was − 0.09").
    const QString minus = tex ? u"{-}"_s : u"−"_s;
    if (std::isnan(x))
        return tex ? u"\\mathrm{NaN}"_s : u"NaN"_s;
    if (std::isinf(x))
        return (x < 0 ? minus : QString()) + (tex ? u"\\infty"_s : u"∞"_s);
    decimals = std::clamp(decimals, 0, maxTableDecimals);
    QString text;
    if (std::abs(x) < 1e6) {
        text = formatFixed(x, decimals);
    } else { // e^20 and the like: as many decimals, in scientific notation
        char buffer[64];
        auto *const end = std::to_chars(buffer, buffer + sizeof buffer, x, std::chars_format::scientific, decimals).ptr;
        const std::string_view digits(buffer, static_cast<std::size_t>(end - buffer));
        const auto at = digits.find('e');
        text = QString::fromLatin1(digits.data(), static_cast<qsizetype>(at));
        int power = 0; // "e+07": from_chars takes no "+", and the buffer has no terminating NUL
        const char *sign = digits.data() + at + 1;
        std::from_chars(sign + (*sign == '+'), end, power);
        const QString exponent = QString::number(power);
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
    if (syntax == WorkedSyntax::Plain)
        text.replace(u'.', locale.decimalPoint());
    if (text.startsWith(u'-'))
        text.replace(0, 1, minus);
    return text;
}

namespace {

// Rows as a list whose labels end in a column, right-aligned, and whose formulas are inline: TeX
// breaks a formula too long for the line after a relation or an operator and goes on at the same
// column, on a page of any width. (align* cannot break, and overflowed the page.)
QString latexRows(const std::vector<WorkedRow> &rows)
{
    qsizetype longest = 0;
    for (const WorkedRow &r : rows)
        longest = std::max(longest, r.label.size());
    // About half an em a character; a longer label pushes its own first line to the right.
    const double em = std::clamp(0.55 * static_cast<double>(longest) + 0.3, 1.5, 8.0);
    QString out = u"\\begin{list}{}{\\setlength{\\labelwidth}{%1em}\\setlength{\\leftmargin}{%2em}"
                  u"\\setlength{\\itemsep}{0pt}\\setlength{\\parsep}{0pt}}\\raggedright\n"_s.arg(em, 0, 'f', 1)
                      .arg(em + 1.0, 0, 'f', 1);
    for (const WorkedRow &r : rows) {
        const QString formula = r.expression + r.result;
        out += u"\\item[{"_s + r.label + u":}] "_s + (formula.isEmpty() ? QString() : u'$' + formula + u'$') + r.note
            + u'\n';
    }
    return out + u"\\end{list}"_s;
}

} // namespace

QString workedText(const WorkedComputation &w, WorkedSyntax syntax, const WorkedOptions &options)
{
    return joinWorkedBlocks(workedBlocks(w, syntax, options), syntax);
}

QString workedHeadsText(const Document &doc, const Result &result, int head, int query, WorkedSyntax syntax,
    const WorkedOptions &options, const Result *baseline, const QString &baselineName)
{
    QString text;
    const int heads = static_cast<int>(result.heads.size());
    for (int h = head < 0 ? 0 : head; h < (head < 0 ? heads : head + 1); ++h) {
        WorkedComputation w = workedComputation(doc, result, h, query);
        if (baseline)
            compareWorked(w, result, *baseline, baselineName);
        text += workedText(w, syntax, options);
    }
    return text;
}

QString joinWorkedBlocks(const std::vector<WorkedBlock> &blocks, WorkedSyntax syntax)
{
    using Kind = WorkedBlock::Kind;
    const bool md = syntax == WorkedSyntax::Markdown, tex = syntax == WorkedSyntax::Latex;
    // Ragged right: a line of numbers without stretchable space can only be broken, not justified;
    // justified, TeX would rather let it run over the margin.
    QString out = tex
        ? u"% Worked computation from QKV Lab. Needs \\usepackage{amsmath}.\n\\begingroup\\raggedright\n"_s
        : QString();
    for (const WorkedBlock &b : blocks) {
        switch (b.kind) {
        case Kind::Title:
            out += md ? u"### "_s + b.text : tex ? u"\\subsection*{"_s + b.text + u'}' : b.text;
            break;
        case Kind::Step:
            out += md ? u"**"_s + b.text + u"**"_s : tex ? u"\\medskip\\noindent\\textbf{"_s + b.text + u'}' : b.text;
            break;
        case Kind::Text:
            out += (tex ? u"\\noindent "_s : QString()) + b.text;
            break;
        case Kind::Result:
            out += md ? u"**"_s + b.text + u"**"_s : tex ? u"\\noindent "_s + b.text : b.text;
            break;
        case Kind::Note:
            out += md ? u'*' + b.text + u'*' : tex ? u"\\noindent\\emph{"_s + b.text + u'}' : b.text;
            break;
        case Kind::Warning:
            out += (md ? u"> **Warning:** "_s : tex ? u"\\noindent\\textbf{Warning:} "_s : u"Warning: "_s) + b.text;
            break;
        case Kind::Rows: {
            if (tex) {
                out += latexRows(b.rows);
                break;
            }
            QStringList lines;
            for (const WorkedRow &r : b.rows) {
                const QString expression = md && r.masked ? u'*' + r.expression + u'*' : r.expression;
                lines << (md ? u"- "_s : QString()) + r.label + u": "_s + expression + r.result + r.note;
            }
            out += lines.join(u'\n');
            break;
        }
        }
        out += u"\n\n"_s;
    }
    return tex ? out + u"\\par\\endgroup\n"_s : out;
}

} // namespace qkv
