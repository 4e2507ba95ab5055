// Token grouping (issue 7: hiding special tokens, merging sub-word pieces) on any token list:
// the first byte chooses the options, the rest is one token per line. Groups are non-empty runs
// of consecutive tokens in order, a hidden token is a special one and in no group, a special
// token is never merged, a label is its pieces without their markers, and regrouping a matrix
// whose rows sum to 1 keeps every row's sum (minus the hidden columns) as the definition says.
#include "fuzzcheck.h"
#include "modelfiles/tokengroups.h"

#include <array>
#include <cmath>

using namespace qkv;

namespace {

const QString wordPieceMark = u"##"_qs;
const QString bpeMark = QStringLiteral("\u0120");
const QString sentencePieceMark = QStringLiteral("\u2581");

// Whether `token` may join the group before it, and what it adds to the label.
std::pair<bool, QString> piece(const QString &token, SubwordStyle style)
{
    if (style == SubwordStyle::WordPiece) {
        const bool marked = token.startsWith(wordPieceMark) && token.size() > wordPieceMark.size();
        return {marked, marked ? token.mid(2) : token};
    }
    if (style == SubwordStyle::Bpe || style == SubwordStyle::SentencePiece) {
        const QString &mark = style == SubwordStyle::Bpe ? bpeMark : sentencePieceMark;
        const bool marked = token.startsWith(mark);
        return {!marked, marked ? token.mid(mark.size()) : token};
    }
    return {false, token};
}

// Rows that sum to 1 (up to rounding), with unequal weights so that a mix-up shows.
FloatMatrix stochastic(int n)
{
    FloatMatrix a(n, n);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j)
            a(i, j) = float(1 + (7 * i + 3 * j) % 5);
        a.row(i) /= a.row(i).sum();
    }
    return a;
}

void checkRegroup(const QStringList &tokens, const TokenGroups &g, const std::vector<bool> &hidden)
{
    const int n = int(tokens.size());
    const FloatMatrix a = stochastic(n);
    const FloatMatrix out = regroup(a, g);
    const auto count = Eigen::Index(g.members.size());
    FUZZ_CHECK(out.rows() == count && out.cols() == count, QString());
    for (Eigen::Index i = 0; i < count; ++i) {
        const std::vector<int> &rows = g.members[std::size_t(i)];
        double hiddenShare = 0; // what the group's pieces give, on average, to hidden tokens
        for (int c = 0; c < n; ++c)
            if (hidden[std::size_t(c)])
                for (int r : rows)
                    hiddenShare += a(r, c) / double(rows.size());
        for (Eigen::Index j = 0; j < count; ++j) {
            double expected = 0;
            for (int r : rows)
                for (int c : g.members[std::size_t(j)])
                    expected += a(r, c);
            expected /= double(rows.size());
            FUZZ_CHECK(std::abs(out(i, j) - expected) < 1e-4,
                QStringLiteral("group %1 gives %2 to group %3, not %4").arg(i).arg(out(i, j)).arg(j).arg(expected));
        }
        const double sum = out.row(i).sum();
        FUZZ_CHECK(std::abs(sum - (1 - hiddenShare)) < 1e-4,
            QStringLiteral("group %1's row sums to %2, not %3").arg(i).arg(sum).arg(1 - hiddenShare));
    }
    FloatMatrix vectors(n, 2);
    for (int i = 0; i < n; ++i)
        vectors.row(i) << float(i), float(-2 * i);
    const FloatMatrix means = regroupVectors(vectors, g);
    FUZZ_CHECK(means.rows() == count && means.cols() == 2, QString());
    for (Eigen::Index i = 0; i < count; ++i) {
        const std::vector<int> &rows = g.members[std::size_t(i)];
        const double mean = (rows.front() + rows.back()) / 2.0; // consecutive members
        FUZZ_CHECK(std::abs(means(i, 0) - mean) < 1e-3 && std::abs(means(i, 1) + 2 * mean) < 1e-3,
            QStringLiteral("group %1's vector is not the mean of its pieces'").arg(i));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    TokenGroupOptions options;
    options.hideSpecial = data[0] & 1;
    options.merge = std::array {SubwordStyle::None, SubwordStyle::Auto, SubwordStyle::WordPiece, SubwordStyle::Bpe,
        SubwordStyle::SentencePiece}[(data[0] >> 1) % 5];
    if (data[0] & 0x80)
        options.specialTokens = {u"##"_qs, QString(), QStringLiteral("\u0120")}; // specials that look like markers
    QStringList tokens = fuzz::text(data + 1, size - 1).split(u'\n');
    const SubwordStyle style = options.merge == SubwordStyle::Auto ? detectSubwordStyle(tokens) : options.merge;
    const TokenGroups g = groupTokens(tokens, options);

    FUZZ_CHECK(g.labels.size() == qsizetype(g.members.size()), QString());
    std::vector<bool> grouped(std::size_t(tokens.size()), false);
    int next = 0; // groups are in order and do not overlap
    for (std::size_t i = 0; i < g.members.size(); ++i) {
        const std::vector<int> &m = g.members[i];
        FUZZ_CHECK(!m.empty(), QStringLiteral("group %1 is empty").arg(i));
        FUZZ_CHECK(m.front() >= next && m.back() < tokens.size(), QStringLiteral("group %1 is out of order").arg(i));
        QString label;
        for (std::size_t k = 0; k < m.size(); ++k) {
            const QString &token = tokens[m[k]];
            const bool special = options.specialTokens.contains(token);
            FUZZ_CHECK(k == 0 || m[k] == m[k - 1] + 1, QStringLiteral("group %1 is not a run of tokens").arg(i));
            FUZZ_CHECK(!special || m.size() == 1, QStringLiteral("special token %1 was merged").arg(m[k]));
            FUZZ_CHECK(!special || !options.hideSpecial, QStringLiteral("hidden token %1 is shown").arg(m[k]));
            const auto [continues, text] = piece(token, special ? SubwordStyle::None : style);
            FUZZ_CHECK(k == 0 || continues, QStringLiteral("token %1 joined a word it does not continue").arg(m[k]));
            label += text;
            grouped[std::size_t(m[k])] = true;
        }
        FUZZ_CHECK(g.labels[qsizetype(i)] == label, QStringLiteral("group %1's label is not its pieces").arg(i));
        next = m.back() + 1;
    }
    std::vector<bool> hidden(grouped.size());
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        hidden[std::size_t(i)] = !grouped[std::size_t(i)];
        FUZZ_CHECK(grouped[std::size_t(i)] || (options.hideSpecial && options.specialTokens.contains(tokens[i])),
            QStringLiteral("token %1 is in no group").arg(i));
    }
    // A word is merged as far as it goes: a piece that continues it starts a group only after a
    // special token or at the start.
    for (std::size_t i = 1; i < g.members.size(); ++i) {
        const int first = g.members[i].front();
        const QString &token = tokens[first];
        const QString &before = tokens[first - 1];
        if (hidden[std::size_t(first - 1)] || options.specialTokens.contains(before)
            || options.specialTokens.contains(token))
            continue;
        FUZZ_CHECK(
            !piece(token, style).first, QStringLiteral("token %1 was not merged into the word before").arg(first));
    }
    if (tokens.size() <= 256)
        checkRegroup(tokens, g, hidden);
    return 0;
}
