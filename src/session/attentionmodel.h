#pragma once

#include "session/documenttablemodel.h"

namespace qkv {

// The attention matrix of the current head: rows query, columns key. Editable in weights mode
// (the document's A); otherwise the computed weights, read-only.
class AttentionModel : public DocumentTableModel
{
    Q_OBJECT

public:
    explicit AttentionModel(DocumentSession *session, QObject *parent = nullptr);

    std::optional<ValueRef> refAt(int row, int col) const override;

protected:
    int rows() const override;
    int cols() const override;
    double valueAt(int row, int col) const override;
    QString rowLabel(int row) const override;
    QString columnLabel(int col) const override;
    QString columnGroup(int col) const override;
};

} // namespace qkv
