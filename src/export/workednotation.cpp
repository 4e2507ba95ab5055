#include "export/workednotation.h"

#include <QRegularExpression>

#include <algorithm>

namespace qkv {

QString WorkedNotation::escape(const QString &s) const
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

QString WorkedNotation::prose(const QString &translated) const
{
    static const QRegularExpression placeholder(u"%L?\\d+"_s);
    QString out;
    qsizetype at = 0;
    for (auto it = placeholder.globalMatch(translated); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += escape(translated.mid(at, m.capturedStart() - at)) + m.captured();
        at = m.capturedEnd();
    }
    return out + escape(translated.mid(at));
}

QString WorkedNotation::vector(const Eigen::VectorXd &v, bool shorten) const
{
    const auto n = v.size();
    const int limit = m_options.maxTerms;
    const bool cut = shorten && limit > 1 && n > limit;
    // A long vector may break after a comma in LaTeX, where it would otherwise run off the page.
    // Where the decimal separator is a comma, the numbers are set apart by semicolons.
    const QString comma = tex() && n > 4                                               ? u",\\allowbreak "_s
        : m_syntax == WorkedSyntax::Plain && m_options.locale.decimalPoint() == u","_s ? u"; "_s
                                                                                       : u", "_s;
    QString s = u"["_s;
    for (Eigen::Index i = 0; i < (cut ? limit - 1 : n); ++i)
        s += (i ? comma : QString()) + num(v[i]);
    if (cut)
        s += comma + dots() + comma + num(v[n - 1]);
    return s + u']';
}

QString WorkedNotation::signedSum(const std::vector<double> &terms) const
{
    QString s;
    for (std::size_t i = 0; i < terms.size(); ++i) {
        const QString t = num(std::abs(terms[i]));
        const bool below = negative(num(terms[i]));
        if (i == 0)
            s = below ? num(terms[i]) : t;
        else
            s += (below ? u' ' + minus() + u' ' : u" + "_s) + t;
    }
    return s;
}

// As the articles write it.
WorkedRow WorkedNotation::dot(int j, const Eigen::VectorXd &a, const Eigen::VectorXd &b, double result) const
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
    QString count
        = shown < n ? words(u' ' + prose(tr("(%n more terms)", nullptr, static_cast<int>(n - shown)))) : QString();
    if (m_syntax == WorkedSyntax::Plain) // kept on one line by the view
        count = u' ' + count.mid(1).replace(u' ', QChar::Nbsp);
    if (n == 1)
        return {label(j), products + u" = "_s, num(result), {}, false, j};
    return {
        label(j), products + more + count + u" = "_s + signedSum(terms) + more + u" = "_s, num(result), {}, false, j};
}

void WorkedNotation::markRepeated(const std::vector<int> &named, int focus)
{
    // Only the named tokens need to know whether they repeat: hashing 4,096 tokens would cost more
    // than the rest of the steps.
    const auto check = [](const QStringList &tokens, QSet<QString> &repeated, int j) {
        if (j >= 0 && std::count(tokens.begin(), tokens.end(), tokens[j]) > 1)
            repeated.insert(tokens[j]);
    };
    for (int j : named)
        check(m_tokens, m_repeated, j);
    check(m_focusTokens, m_repeatedFocus, focus);
}

} // namespace qkv
