#pragma once

#include <QString>

namespace qkv {

// Which matrix of a document a single number lives in.
enum class Field { Query, Key, Value, Embedding, Wq, Wk, Wv, Wo, Attention };

// The address of one number of a document: the unit of editing, undo and scrubbing.
// Query/Key/Value: `word`, `head`, `col` (vector index). Embedding: `word`, `col`.
// Wq/Wk/Wv: `head`, `row` (d_model index), `col`. Wo: `row`, `col`. Attention: `head`, `row`, `col`.
struct ValueRef {
    Field field = Field::Query;
    QString word;
    int head = 0;
    int row = 0;
    int col = 0;

    bool operator==(const ValueRef &) const = default;
};

} // namespace qkv

namespace qkv {

// "q3 of dog, head 1": how undo history and tooltips name a number (1-based, as people count).
QString describe(const ValueRef &ref);

} // namespace qkv
