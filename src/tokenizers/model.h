#pragma once

#include <QHash>
#include <QString>
#include <QStringView>

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <vector>

namespace qkv::tokenizers {

// The vocabulary strings of a model, both ways.
class Vocabulary
{
public:
    void reserve(std::size_t size) { m_ids.reserve(size); }
    // A piece already present keeps its first id (and the id its first piece).
    void insert(const QString &piece, int id)
    {
        if (!m_ids.emplace(piece, id).second)
            return;
        m_longest = std::max(m_longest, piece.size());
        if (std::size_t(id) >= m_pieces.size())
            m_pieces.resize(std::size_t(id) + 1);
        if (m_pieces[std::size_t(id)].isNull())
            m_pieces[std::size_t(id)] = piece;
    }
    std::optional<int> find(QStringView piece) const
    {
        const auto it = m_ids.find(piece);
        return it == m_ids.end() ? std::nullopt : std::optional<int>(it->second);
    }
    // One past the largest id; ids without a piece read as empty strings.
    int size() const { return int(m_pieces.size()); }
    int count() const { return int(m_ids.size()); } // the number of pieces
    qsizetype longest() const { return m_longest; } // the length of the longest piece
    QString piece(int id) const { return id >= 0 && id < size() ? m_pieces[std::size_t(id)] : QString(); }

private:
    // Hashes and compares QString and QStringView alike, so that look-ups need no copy. Not
    // noexcept, so that the table keeps each key's hash and compares strings only on equal hashes
    // (Qt 6.4's QHash compares every key on its probe path, which made loading Llama 3 slow).
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(QStringView s) const { return qHash(s, 0); }
    };
    struct Equal {
        using is_transparent = void;
        bool operator()(QStringView a, QStringView b) const noexcept { return a == b; }
    };
    std::unordered_map<QString, int, Hash, Equal> m_ids;
    std::vector<QString> m_pieces; // by id
    qsizetype m_longest = 0;
};

// Turns one pre-tokenized word into ids (Hugging Face "model").
class Model
{
public:
    virtual ~Model() = default;
    virtual void tokenize(const QString &word, std::vector<int> &ids) const = 0;
    virtual const Vocabulary &vocabulary() const = 0;
};

} // namespace qkv::tokenizers
