#include "corpus/corpuspassages.h"

#include <algorithm>

namespace qkv::corpus {

PassageMaker::PassageMaker(const live::LiveModel &model, int maxTokens, bool windows)
    : m_model(model)
    , m_maxTokens(maxTokens)
    , m_windows(windows)
{
    // What the tokenizer puts around a text: the encoding of one word with and without them.
    const std::vector<int> with = model.encode(u"a"_qs).ids;
    const std::vector<int> without = model.tokenizer().encode(u"a"_qs, false).ids;
    const auto at = std::search(with.begin(), with.end(), without.begin(), without.end());
    if (!without.empty() && at != with.end()) {
        m_prefix.assign(with.begin(), at);
        m_suffix.assign(at + std::ptrdiff_t(without.size()), with.end());
    }
    const tokenizers::Tokenizer &t = model.tokenizer();
    const int vocab = std::min(t.vocabSize(), int(model.model().config().vocab));
    for (int id = 0; id < vocab; ++id) {
        if (!t.isSpecial(id))
            m_textIds.push_back(id);
    }
}

Passage PassageMaker::passage(std::vector<int> body, qint64 line) const
{
    Passage p;
    p.line = line;
    std::vector<int> &ids = p.tokens.ids;
    ids = m_prefix;
    ids.insert(ids.end(), body.begin(), body.end());
    ids.insert(ids.end(), m_suffix.begin(), m_suffix.end());
    for (const int id : ids)
        p.tokens.special.push_back(m_model.tokenizer().isSpecial(id));
    return p;
}

void PassageMaker::addLine(const QString &text, qint64 line, std::vector<Passage> &out)
{
    const auto body = std::size_t(std::max(1, m_maxTokens - int(m_prefix.size() + m_suffix.size())));
    if (!m_windows) {
        std::vector<int> ids = m_model.tokenizer().encode(text, false).ids;
        if (ids.empty())
            return;
        if (ids.size() > body) {
            ids.resize(body);
            if (m_cut++ == 0)
                m_firstCut = line;
        }
        out.push_back(passage(std::move(ids), line));
        return;
    }
    if (m_pending.empty())
        m_pendingLine = line;
    const std::vector<int> ids = m_model.tokenizer().encode(text + u'\n', false).ids;
    m_pending.insert(m_pending.end(), ids.begin(), ids.end());
    std::size_t used = 0;
    while (m_pending.size() - used >= body) {
        out.push_back(
            passage({m_pending.begin() + std::ptrdiff_t(used), m_pending.begin() + std::ptrdiff_t(used + body)},
                m_pendingLine));
        used += body;
        m_pendingLine = line;
    }
    m_pending.erase(m_pending.begin(), m_pending.begin() + std::ptrdiff_t(used));
}

void PassageMaker::finish(std::vector<Passage> &out)
{
    if (!m_pending.empty())
        out.push_back(passage(std::move(m_pending), m_pendingLine));
    m_pending.clear();
}

QStringList PassageMaker::notes() const
{
    if (m_cut == 0)
        return {};
    return {QStringLiteral("%1 %2 longer than %3 tokens, cut there (the first: line %4)")
                .arg(m_cut)
                .arg(m_cut == 1 ? u"line"_qs : u"lines"_qs)
                .arg(m_maxTokens)
                .arg(m_firstCut)};
}

int PassageMaker::repeatLimit() const
{
    return std::max(0, (m_maxTokens - int(m_prefix.size() + m_suffix.size())) / 2);
}

Passage PassageMaker::repeatedRandom(int length, std::mt19937 &random) const
{
    std::vector<int> half;
    for (int i = 0; i < length && !m_textIds.empty(); ++i)
        half.push_back(m_textIds[random() % m_textIds.size()]); // std::mt19937's numbers are the same everywhere
    std::vector<int> body = half;
    body.insert(body.end(), half.begin(), half.end());
    Passage p = passage(std::move(body), 0);
    p.tokens.repeatLength = int(half.size());
    p.tokens.repeatStart = int(m_prefix.size());
    return p;
}

} // namespace qkv::corpus
