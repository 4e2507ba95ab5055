#pragma once

#include "export/workedcomputation.h"

#include <QCoreApplication>
#include <QSet>

using namespace Qt::StringLiterals;

namespace qkv {

// The notation of the worked steps in one syntax (Markdown, LaTeX, plain), shared by the writers
// of a query's row and of a key's column: every symbol goes through these few helpers, so the
// three forms say the same thing. Collects the blocks as they are written.
class WorkedNotation
{
    Q_DECLARE_TR_FUNCTIONS(WorkedSteps)

public:
    // `tokens` name the rows worked out (a query's keys, a key's queries), `focusTokens` the token
    // they are worked out for: in cross-attention the two come from different sentences.
    WorkedNotation(
        const QStringList &tokens, const QStringList &focusTokens, WorkedSyntax syntax, const WorkedOptions &options)
        : m_tokens(tokens)
        , m_focusTokens(focusTokens)
        , m_syntax(syntax)
        , m_options(options)
    { }

protected:
    using Kind = WorkedBlock::Kind;
    bool tex() const { return m_syntax == WorkedSyntax::Latex; }
    QString pick(const QString &text, const QString &latex) const { return tex() ? latex : text; }
    QString num(double x) const { return formatWorkedNumber(x, m_options.decimals, m_syntax, m_options.locale); }
    QString minus() const { return pick(u"−"_s, u"-"_s); } // binary: between terms
    // Whether a number as num() writes it has a sign (a negative number that rounds to zero has none).
    static bool negative(const QString &number) { return number.startsWith(u'−') || number.startsWith(u"{-}"_s); }
    QString times() const { return pick(u" × "_s, u" \\times "_s); }
    QString cdot() const { return pick(u" · "_s, u" \\cdot "_s); }
    QString divide() const { return pick(u" ÷ "_s, u" \\div "_s); }
    QString dots() const { return pick(u"…"_s, u"\\ldots"_s); }
    QString math(const QString &s) const { return tex() ? u'$' + s + u'$' : s; }
    QString textNumber(double x) const { return math(num(x)); } // a number in prose
    QString words(const QString &s) const { return tex() ? u"\\text{"_s + s + u'}' : s; } // prose inside math
    QString factor(double x) const
    {
        const QString s = num(x);
        return negative(s) ? u'(' + s + u')' : s;
    }
    QString escape(const QString &s) const;
    // Prose of the steps in the reader's language (the window's; English on the command line),
    // escaped for the syntax but for its placeholders (%1, %L2), which arg() then fills.
    QString prose(const QString &translated) const;
    // "together 0.62": what the rows not worked out add up to (a number or a vector).
    QString together(const QString &sum) const { return words(prose(tr("together %1")).arg(math(sum))); }
    QString roundingNote() const
    {
        return prose(tr("Numbers are shown with %n decimals; every step uses the exact values, so a result can differ "
                        "from its rounded terms in the last digit.",
            nullptr, m_options.decimals));
    }
    QString label(int j) const { return labelOf(m_tokens, m_repeated, j); }
    // A token quoted as the language quotes ("„it“" in German).
    QString quoted(int j) const { return quote(label(j)); }
    QString named(const QString &letter, int j) const { return letter + u'(' + words(label(j)) + u')'; }
    // The same for the token worked out for.
    QString focusQuoted(int i) const { return quote(labelOf(m_focusTokens, m_repeatedFocus, i)); }
    QString focusNamed(const QString &letter, int i) const
    {
        return letter + u'(' + words(labelOf(m_focusTokens, m_repeatedFocus, i)) + u')';
    }
    QString power(const QString &exponent) const
    {
        if (m_syntax == WorkedSyntax::Plain)
            return u"exp("_s + exponent + u')';
        return tex() ? u"e^{"_s + exponent + u'}'
                     : u"e^"_s + (exponent.contains(u' ') ? u'(' + exponent + u')' : exponent);
    }
    // One of four texts by what the scores compare: q·k, k·k, the embeddings (projection
    // mode) or the values.
    static QString byScoring(const Settings &settings, const QString &queryKey, const QString &keyKey,
        const QString &embedding, const QString &value)
    {
        if (settings.scoring == Scoring::QueryKey || settings.scoring == Scoring::KeyKey)
            return settings.scoring == Scoring::QueryKey ? queryKey : keyKey;
        return settings.mode == Mode::Projection ? embedding : value;
    }
    // The letter of the vectors a score compares on the query's side or the key's: q·k, k·k,
    // v·v or x·x (the embeddings of projection mode).
    static QString comparedLetter(const Settings &settings, bool querySide)
    {
        return byScoring(settings, querySide ? u"q"_s : u"k"_s, u"k"_s, u"x"_s, u"v"_s);
    }
    QString vector(const Eigen::VectorXd &v, bool shorten) const;
    QString signedSum(const std::vector<double> &terms) const;
    // a₁ × b₁ + a₂ × b₂ + … = p₁ + p₂ + … = result, labelled with token j.
    WorkedRow dot(int j, const Eigen::VectorXd &a, const Eigen::VectorXd &b, double result) const;
    // Tokens named in the steps that occur more than once are labelled with their position.
    void markRepeated(const std::vector<int> &named, int focus);

private:
    QString labelOf(const QStringList &tokens, const QSet<QString> &repeated, int j) const
    {
        const QString &t = tokens[j];
        return escape(repeated.contains(t) ? t + u" #"_s + QString::number(j + 1) : t);
    }
    QString quote(const QString &label) const
    {
        return tex() ? u"``"_s + label + u"''"_s : prose(tr("“%1”")).arg(label);
    }

protected:
    void add(Kind kind, const QString &text) { m_blocks.push_back({kind, text, {}}); }
    void step(const QString &text) { add(Kind::Step, QString::number(++m_step) + u". "_s + text); }
    void rows(std::vector<WorkedRow> rows)
    {
        if (!rows.empty()) // an empty align* does not compile
            m_blocks.push_back({Kind::Rows, {}, std::move(rows)});
    }

    const QStringList &m_tokens;
    const QStringList &m_focusTokens;
    WorkedSyntax m_syntax;
    WorkedOptions m_options;
    QSet<QString> m_repeated, m_repeatedFocus;
    int m_step = 0;
    std::vector<WorkedBlock> m_blocks;
};

} // namespace qkv
