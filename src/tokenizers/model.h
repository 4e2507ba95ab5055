#pragma once

#include <QHash>
#include <QString>

#include <optional>
#include <vector>

namespace qkv::tokenizers {

// The vocabulary strings of a model, both ways.
struct Vocabulary {
    QHash<QString, int> ids;
    std::vector<QString> pieces; // by id; holes are empty strings

    void insert(const QString &piece, int id)
    {
        ids.insert(piece, id);
        if (std::size_t(id) >= pieces.size())
            pieces.resize(std::size_t(id) + 1);
        pieces[std::size_t(id)] = piece;
    }
    std::optional<int> find(const QString &piece) const
    {
        const auto it = ids.constFind(piece);
        return it == ids.constEnd() ? std::nullopt : std::optional<int>(*it);
    }
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
