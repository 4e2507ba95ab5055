#pragma once

#include "session/documenttablemodel.h"

namespace qkv {

// One row per token (then, in cross-attention, per token of the second sentence), columns grouped
// Q | K | V of the current head (the one the views show). Editing a row edits the word,
// so every occurrence changes. In weights mode only V matters; in projection mode the
// vectors are computed from the embeddings and shown read-only.
class WordVectorsModel : public DocumentTableModel
{
    Q_OBJECT

public:
    explicit WordVectorsModel(DocumentSession *session, QObject *parent = nullptr);

    std::optional<ValueRef> refAt(int row, int col) const override;

protected:
    int rows() const override;
    int cols() const override;
    double valueAt(int row, int col) const override;
    QString rowLabel(int row) const override;
    QString columnLabel(int col) const override;
    QString columnGroup(int col) const override;
    QString unusedReason(int col) const override;
    QString cellUnusedReason(int row, int col) const override;

private:
    struct Column {
        Field field;
        int head;
        int index;
    };
    Column column(int col) const;
    int rolesShown() const;
};

} // namespace qkv
