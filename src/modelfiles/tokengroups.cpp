#include "modelfiles/tokengroups.h"

namespace qkv {

QStringList defaultSpecialTokens()
{
    return {u"[CLS]"_qs, u"[SEP]"_qs, u"<s>"_qs, u"</s>"_qs, u"<|endoftext|>"_qs, u"<pad>"_qs, u"[PAD]"_qs, u"<bos>"_qs,
        u"<eos>"_qs, u"<|begin_of_text|>"_qs, u"<|end_of_text|>"_qs, u"<|eot_id|>"_qs, u"<|im_start|>"_qs,
        u"<|im_end|>"_qs};
}

namespace {

const QString wordPieceMark = u"##"_qs;
const QString bpeMark = QStringLiteral("\u0120"); // Ġ
const QString sentencePieceMark = QStringLiteral("\u2581"); // ▁

// Whether `token` carries on the word before it, and its label without the marker.
std::pair<bool, QString> piece(const QString &token, SubwordStyle style)
{
    switch (style) {
    case SubwordStyle::WordPiece:
        if (token.startsWith(wordPieceMark) && token.size() > wordPieceMark.size())
            return {true, token.mid(wordPieceMark.size())};
        return {false, token};
    case SubwordStyle::Bpe:
    case SubwordStyle::SentencePiece: {
        const QString &mark = style == SubwordStyle::Bpe ? bpeMark : sentencePieceMark;
        if (token.startsWith(mark))
            return {false, token.mid(mark.size())};
        return {true, token};
    }
    default:
        return {false, token};
    }
}

} // namespace

SubwordStyle detectSubwordStyle(const QStringList &tokens)
{
    for (const auto &[mark, style] : {std::pair {&wordPieceMark, SubwordStyle::WordPiece},
             {&bpeMark, SubwordStyle::Bpe}, {&sentencePieceMark, SubwordStyle::SentencePiece}})
        for (const QString &t : tokens)
            if (t.startsWith(*mark) && t.size() > mark->size())
                return style;
    return SubwordStyle::None;
}

TokenGroups groupTokens(const QStringList &tokens, const TokenGroupOptions &options)
{
    const SubwordStyle style = options.merge == SubwordStyle::Auto ? detectSubwordStyle(tokens) : options.merge;
    TokenGroups g;
    bool open = false; // whether the last group is a word the next piece may join
    for (int i = 0; i < tokens.size(); ++i) {
        const bool special = options.specialTokens.contains(tokens[i]);
        if (special && options.hideSpecial) {
            open = false;
            continue;
        }
        const auto [continues, label] = piece(tokens[i], special ? SubwordStyle::None : style);
        if (continues && open) {
            g.labels.last() += label;
            g.members.back().push_back(i);
            continue;
        }
        g.labels << label;
        g.members.push_back({i});
        open = !special;
    }
    return g;
}

FloatMatrix regroup(const Eigen::Ref<const FloatMatrix> &attention, const TokenGroups &groups)
{
    const auto count = Eigen::Index(groups.members.size());
    FloatMatrix out = FloatMatrix::Zero(count, count);
    // Row by row, over contiguous memory (a column of the row-major matrix strides by n, which
    // made the layers grid of 144 heads ten times slower): first the mean of what a group's
    // pieces give, then from it what each group receives, the sum over its pieces.
    Eigen::RowVectorXf given(attention.cols());
    for (Eigen::Index i = 0; i < count; ++i) {
        const std::vector<int> &pieces = groups.members[std::size_t(i)];
        if (pieces.empty())
            continue;
        given = attention.row(pieces.front());
        for (std::size_t k = 1; k < pieces.size(); ++k)
            given += attention.row(pieces[k]);
        given /= float(pieces.size());
        for (Eigen::Index j = 0; j < count; ++j) {
            float received = 0;
            for (int piece : groups.members[std::size_t(j)])
                received += given[piece];
            out(i, j) = received;
        }
    }
    return out;
}

FloatMatrix regroupVectors(const Eigen::Ref<const FloatMatrix> &vectors, const TokenGroups &groups)
{
    FloatMatrix out = FloatMatrix::Zero(Eigen::Index(groups.members.size()), vectors.cols());
    for (std::size_t i = 0; i < groups.members.size(); ++i) {
        for (int piece : groups.members[i])
            out.row(Eigen::Index(i)) += vectors.row(piece);
        out.row(Eigen::Index(i)) /= float(groups.members[i].size());
    }
    return out;
}

} // namespace qkv
