// Document's single-number access: one place that maps a ValueRef onto the stored matrices.
#include "document/document.h"

namespace qkv {
namespace {

Role roleOf(Field f)
{
    return f == Field::Query ? Role::Query : f == Field::Key ? Role::Key : Role::Value;
}

Eigen::MatrixXd &projectionMatrix(Projection &p, Field f)
{
    return f == Field::Wq ? p.wq : f == Field::Wk ? p.wk : p.wv;
}

Eigen::MatrixXd identityWo(const Settings &s)
{
    return Eigen::MatrixXd::Identity(Eigen::Index(s.heads) * s.dim, s.dModel);
}

} // namespace

bool Document::isValid(const ValueRef &r) const
{
    const Settings &s = m_settings;
    const auto in = [](int x, int n) { return x >= 0 && x < n; };
    switch (r.field) {
    case Field::Query:
    case Field::Key:
    case Field::Value:
        return in(r.head, s.heads) && in(r.col, s.dim);
    case Field::Embedding:
        return in(r.col, s.dModel);
    case Field::Wq:
    case Field::Wk:
    case Field::Wv:
        return in(r.head, s.heads) && in(r.row, s.dModel) && in(r.col, s.dim);
    case Field::Wo:
        return in(r.row, s.heads * s.dim) && in(r.col, s.dModel);
    case Field::Attention:
        return in(r.head, s.heads) && in(r.row, tokenCount()) && in(r.col, keyTokenCount());
    }
    return false;
}

double Document::value(const ValueRef &r) const
{
    switch (r.field) {
    case Field::Query:
    case Field::Key:
    case Field::Value:
        return wordVectors(r.word)[roleOf(r.field)](r.head, r.col);
    case Field::Embedding:
        return embedding(r.word)(r.col);
    case Field::Wq:
    case Field::Wk:
    case Field::Wv: {
        Projection p = projection(r.head);
        return projectionMatrix(p, r.field)(r.row, r.col);
    }
    case Field::Wo:
        return m_wo ? (*m_wo)(r.row, r.col) : identityWo(m_settings)(r.row, r.col);
    case Field::Attention:
        return attention(r.head)(r.row, r.col);
    }
    return 0.0;
}

void Document::setValue(const ValueRef &r, double value)
{
    switch (r.field) {
    case Field::Query:
    case Field::Key:
    case Field::Value: {
        auto it = m_words.find(r.word);
        if (it == m_words.end())
            it = m_words.emplace(r.word, wordVectors(r.word)).first;
        it->second[roleOf(r.field)](r.head, r.col) = value;
        break;
    }
    case Field::Embedding: {
        auto it = m_embeddings.find(r.word);
        if (it == m_embeddings.end())
            it = m_embeddings.emplace(r.word, embedding(r.word)).first;
        it->second(r.col) = value;
        break;
    }
    case Field::Wq:
    case Field::Wk:
    case Field::Wv: {
        Projection p = projection(r.head);
        projectionMatrix(p, r.field)(r.row, r.col) = value;
        setProjection(r.head, p);
        break;
    }
    case Field::Wo:
        if (!m_wo)
            m_wo = identityWo(m_settings);
        (*m_wo)(r.row, r.col) = value;
        break;
    case Field::Attention: {
        Eigen::MatrixXd a = attention(r.head);
        a(r.row, r.col) = value;
        setAttention(r.head, a);
        break;
    }
    }
}

bool Document::isStored(const ValueRef &r) const
{
    switch (r.field) {
    case Field::Query:
    case Field::Key:
    case Field::Value:
        return m_words.count(r.word) > 0;
    case Field::Embedding:
        return m_embeddings.count(r.word) > 0;
    case Field::Wq:
    case Field::Wk:
    case Field::Wv:
        return !m_projections.empty();
    case Field::Wo:
        return m_wo.has_value();
    case Field::Attention:
        return !m_attention.empty();
    }
    return false;
}

void Document::unstore(const ValueRef &r)
{
    switch (r.field) {
    case Field::Query:
    case Field::Key:
    case Field::Value:
        m_words.erase(r.word);
        break;
    case Field::Embedding:
        m_embeddings.erase(r.word);
        break;
    case Field::Wq:
    case Field::Wk:
    case Field::Wv:
        m_projections.clear();
        break;
    case Field::Wo:
        m_wo.reset();
        break;
    case Field::Attention:
        m_attention.clear();
        break;
    }
}

} // namespace qkv
