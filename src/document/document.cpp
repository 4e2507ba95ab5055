#include "document/document.h"

#include "document/defaultvalues.h"
#include "document/sentencesplit.h"

#include <QJsonValue>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

// Keeps the overlapping block of m and fills new cells from fill(row, col).
template<typename Fill>
Eigen::MatrixXd reshaped(const Eigen::MatrixXd &m, int rows, int cols, Fill fill)
{
    Eigen::MatrixXd out(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            out(r, c) = (r < m.rows() && c < m.cols()) ? m(r, c) : fill(r, c);
    return out;
}

QStringView roleName(Role r)
{
    return r == Role::Query ? u"q" : r == Role::Key ? u"k" : u"v";
}

WordVectors defaultWordVectors(const QString &word, int heads, int dim)
{
    WordVectors out {Eigen::MatrixXd(heads, dim), Eigen::MatrixXd(heads, dim), Eigen::MatrixXd(heads, dim)};
    // Straight into the matrices, the word hashed once per role: a vector drawn apart for each
    // head and copied into its row made a 64-token, 8-head recompute 10-20 % slower.
    for (Role role : {Role::Query, Role::Key, Role::Value})
        DefaultNumbers(word, roleName(role)).fill(out[role]);
    return out;
}

Eigen::MatrixXd uniformAttention(int n, int m)
{
    return Eigen::MatrixXd::Constant(n, m, m > 0 ? 1.0 / m : 0.0);
}

template<typename Map, typename Eq>
bool sameMaps(const Map &a, const Map &b, Eq eq)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [&](const auto &x, const auto &y) {
        return x.first == y.first && eq(x.second, y.second);
    });
}

} // namespace

bool sameMatrix(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
}

bool WordVectors::operator==(const WordVectors &o) const
{
    return sameMatrix(q, o.q) && sameMatrix(k, o.k) && sameMatrix(v, o.v);
}

bool Projection::operator==(const Projection &o) const
{
    return sameMatrix(wq, o.wq) && sameMatrix(wk, o.wk) && sameMatrix(wv, o.wv);
}

Document::Document() = default;

bool Document::operator==(const Document &o) const
{
    const auto eqWo = m_wo.has_value() == o.m_wo.has_value() && (!m_wo || sameMatrix(*m_wo, *o.m_wo));
    return m_title == o.m_title && m_description == o.m_description && m_sentence == o.m_sentence
        && m_tokens == o.m_tokens && m_crossSentence == o.m_crossSentence && m_keyTokens == o.m_keyTokens
        && m_settings == o.m_settings && m_words == o.m_words
        && sameMaps(m_embeddings, o.m_embeddings, [](const auto &a, const auto &b) { return sameMatrix(a, b); })
        && m_projections == o.m_projections && eqWo
        && std::equal(m_attention.begin(), m_attention.end(), o.m_attention.begin(), o.m_attention.end(), sameMatrix)
        && m_masked == o.m_masked && m_switchedOff == o.m_switchedOff && m_annotations == o.m_annotations
        && m_snapshots == o.m_snapshots && m_baseline == o.m_baseline && m_view == o.m_view && m_extra == o.m_extra;
}

void Document::setSnapshots(std::vector<Snapshot> snapshots)
{
    m_snapshots = std::move(snapshots);
    if (!findSnapshot(m_snapshots, m_baseline))
        m_baseline.clear();
}

void Document::setBaseline(const QString &name)
{
    m_baseline = findSnapshot(m_snapshots, name) ? name : QString();
}

void Document::setSentence(const QString &sentence)
{
    const int oldTokens = tokenCount(), oldKeys = keyTokenCount();
    m_sentence = sentence;
    m_tokens = tokenize(sentence, m_settings.tokenizer);
    reshape(m_settings, oldTokens, oldKeys);
}

void Document::setCrossSentence(const QString &sentence)
{
    const int oldTokens = tokenCount(), oldKeys = keyTokenCount();
    m_crossSentence = sentence;
    m_keyTokens = sentence.isEmpty() ? QStringList() : tokenize(sentence, m_settings.tokenizer);
    reshape(m_settings, oldTokens, oldKeys);
}

QString crossRefusal(const Settings &settings)
{
    if (settings.scoring == Scoring::KeyKey)
        return QStringLiteral("cross-attention compares the first sentence's queries with the second sentence's keys: "
                              "key·key scoring compares one sentence with itself");
    if (settings.scoring == Scoring::Embedding)
        return QStringLiteral("cross-attention compares the first sentence's queries with the second sentence's keys: "
                              "embedding similarity compares one sentence with itself");
    if (settings.mask == MaskKind::Causal)
        return QStringLiteral("cross-attention sees the whole second sentence: a causal mask orders the tokens of one "
                              "sentence");
    return {};
}

void Document::setSettings(const Settings &settings)
{
    const Settings old = m_settings;
    const int oldTokens = tokenCount(), oldKeys = keyTokenCount();
    m_settings = settings;
    if (old.tokenizer != settings.tokenizer) {
        m_tokens = tokenize(m_sentence, settings.tokenizer);
        if (isCross())
            m_keyTokens = tokenize(m_crossSentence, settings.tokenizer);
    }
    if (old.vectors != settings.vectors)
        rekeyVectors(old);
    reshape(old, oldTokens, oldKeys);
}

// The numbers stay where the user sees them: to per-token, each position takes its word's
// stored vectors; to per-word, each word those of its first position. Other entries stay, so
// switching back finds them (the vocabulary is remembered, as when the sentence changes).
void Document::rekeyVectors(const Settings &old)
{
    // Tokens 0…n−1 are the sentence's, n… the second sentence's in cross-attention.
    const int n = tokenCount();
    const auto keyBefore = [&](int i) {
        if (i >= n)
            return old.vectors == VectorScope::PerToken ? QStringLiteral("b#") + QString::number(i - n + 1)
                                                        : m_keyTokens.value(i - n);
        return old.vectors == VectorScope::PerToken ? u'#' + QString::number(i + 1) : m_tokens.value(i);
    };
    std::map<QString, WordVectors> words = m_words;
    std::map<QString, Eigen::VectorXd> embeddings = m_embeddings;
    std::set<QString> done;
    const int all = n + (isCross() ? keyTokenCount() : 0);
    for (int i = 0; i < all; ++i) {
        const QString from = keyBefore(i), to = i >= n ? keyVectorKey(i - n) : vectorKey(i);
        if (!done.insert(to).second)
            continue; // a later occurrence of a word
        // Defaults too: the new key's default would be other numbers.
        const auto w = m_words.find(from);
        words.insert_or_assign(to, w != m_words.end() ? w->second : defaultWordVectors(from, old.heads, old.dim));
        const auto x = m_embeddings.find(from);
        embeddings.insert_or_assign(to, x != m_embeddings.end() ? x->second : defaultVector(from, u"x", 0, old.dModel));
    }
    m_words = std::move(words);
    m_embeddings = std::move(embeddings);
}

void Document::reshape(const Settings &old, int oldTokens, int oldKeys)
{
    const int heads = m_settings.heads, dim = m_settings.dim, dModel = m_settings.dModel;
    const int n = tokenCount(), m = keyTokenCount();
    if (old.heads != heads || old.dim != dim) {
        for (auto &[word, vectors] : m_words)
            for (Role role : {Role::Query, Role::Key, Role::Value})
                vectors[role] = reshaped(vectors[role], heads, dim,
                    [&, w = word](int h, int i) { return defaultValue(w, roleName(role), h, i); });
    }
    if (old.dModel != dModel) {
        for (auto &[word, x] : m_embeddings)
            x = reshaped(x, dModel, 1, [w = word](int i, int) { return defaultValue(w, u"x", 0, i); });
    }
    if (!m_projections.empty()) {
        m_projections.resize(static_cast<std::size_t>(heads), {});
        for (int h = 0; h < heads; ++h) {
            const Projection defaults = {defaultMatrix(u"wq", h, dModel, dim), defaultMatrix(u"wk", h, dModel, dim),
                defaultMatrix(u"wv", h, dModel, dim)};
            auto &p = m_projections[static_cast<std::size_t>(h)];
            p.wq = reshaped(p.wq, dModel, dim, [&](int r, int c) { return defaults.wq(r, c); });
            p.wk = reshaped(p.wk, dModel, dim, [&](int r, int c) { return defaults.wk(r, c); });
            p.wv = reshaped(p.wv, dModel, dim, [&](int r, int c) { return defaults.wv(r, c); });
        }
    }
    if (m_wo)
        m_wo = reshaped(*m_wo, heads * dim, dModel, [](int r, int c) { return r == c ? 1.0 : 0.0; });
    if (!m_attention.empty() && (old.heads != heads || oldTokens != n || oldKeys != m)) {
        m_attention.resize(static_cast<std::size_t>(heads), uniformAttention(n, m));
        for (auto &a : m_attention) {
            if (a.rows() == n && a.cols() == m)
                continue;
            const int kept = static_cast<int>(std::min<Eigen::Index>(a.rows(), n));
            // A new row attends uniformly; old rows keep their weights and ignore new tokens.
            a = reshaped(a, n, m, [&](int r, int) { return r >= kept ? 1.0 / m : 0.0; });
        }
    }
    std::erase_if(m_masked, [n, m](const Cell &c) { return c.first >= n || c.second >= m; });
    std::erase_if(m_switchedOff, [heads](int h) { return h >= heads; });
}

QString Document::vectorKey(int token) const
{
    return m_settings.vectors == VectorScope::PerToken ? u'#' + QString::number(token + 1) : m_tokens.value(token);
}

QString Document::keyVectorKey(int key) const
{
    if (!isCross())
        return vectorKey(key);
    return m_settings.vectors == VectorScope::PerToken ? QStringLiteral("b#") + QString::number(key + 1)
                                                       : m_keyTokens.value(key);
}

WordVectors Document::wordVectors(const QString &word) const
{
    if (const auto it = m_words.find(word); it != m_words.end())
        return it->second;
    return defaultWordVectors(word, m_settings.heads, m_settings.dim);
}

void Document::setWordVectors(const QString &word, const WordVectors &vectors)
{
    m_words[word] = vectors;
}

Eigen::VectorXd Document::embedding(const QString &word) const
{
    if (const auto it = m_embeddings.find(word); it != m_embeddings.end())
        return it->second;
    return defaultVector(word, u"x", 0, m_settings.dModel);
}

void Document::setEmbedding(const QString &word, const Eigen::VectorXd &x)
{
    m_embeddings[word] = x;
}

Projection Document::projection(int head) const
{
    if (head < static_cast<int>(m_projections.size()))
        return m_projections[static_cast<std::size_t>(head)];
    const int dModel = m_settings.dModel, dim = m_settings.dim;
    return {defaultMatrix(u"wq", head, dModel, dim), defaultMatrix(u"wk", head, dModel, dim),
        defaultMatrix(u"wv", head, dModel, dim)};
}

void Document::setProjection(int head, const Projection &p)
{
    if (m_projections.empty())
        for (int h = 0; h < m_settings.heads; ++h)
            m_projections.push_back(projection(h));
    m_projections[static_cast<std::size_t>(head)] = p;
}

Eigen::MatrixXd Document::attention(int head) const
{
    if (head < static_cast<int>(m_attention.size()))
        return m_attention[static_cast<std::size_t>(head)];
    return uniformAttention(tokenCount(), keyTokenCount());
}

void Document::setAttention(int head, const Eigen::MatrixXd &a)
{
    if (m_attention.empty())
        m_attention.assign(static_cast<std::size_t>(m_settings.heads), uniformAttention(tokenCount(), keyTokenCount()));
    m_attention[static_cast<std::size_t>(head)] = a;
}

void Document::setMaskedCells(const std::set<Cell> &cells)
{
    m_masked = cells;
    const int n = tokenCount(), m = keyTokenCount();
    std::erase_if(
        m_masked, [n, m](const Cell &c) { return c.first >= n || c.second >= m || c.first < 0 || c.second < 0; });
}

void Document::setSwitchedOffHeads(const std::set<int> &heads)
{
    m_switchedOff = heads;
    std::erase_if(m_switchedOff, [this](int h) { return h < 0 || h >= m_settings.heads; });
}

int Document::focusToken() const
{
    const QJsonValue focus = m_view.value(QStringLiteral("focus"));
    if (focus.isString())
        return static_cast<int>(m_tokens.indexOf(focus.toString()));
    const double index = focus.toDouble(-1);
    return index >= 0 && index < tokenCount() && index == std::floor(index) ? static_cast<int>(index) : -1;
}

void Document::setFocusToken(int token)
{
    if (token >= 0 && token < tokenCount())
        m_view.insert(QStringLiteral("focus"), token);
    else
        m_view.remove(QStringLiteral("focus"));
}

QString titleAfterSentenceEdit(
    const QString &title, const QString &before, const QString &after, TokenizerKind tokenizer)
{
    if (title.isEmpty() || title == before)
        return after;
    const QStringList old = tokenize(before, tokenizer), now = tokenize(after, tokenizer);
    const auto kept = std::count_if(now.begin(), now.end(), [&old](const QString &t) { return old.contains(t); });
    return 2 * kept < now.size() ? after : title;
}

} // namespace qkv
