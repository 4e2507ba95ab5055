#pragma once

#include "session/documenttablemodel.h"

namespace qkv {

// Projection mode: W_O, (heads · dim) × d_model, mapping the concatenated heads back to the
// embedding space. Until a cell is edited it is the identity and the output stays unprojected.
class OutputProjectionModel : public DocumentTableModel
{
    Q_OBJECT

public:
    explicit OutputProjectionModel(DocumentSession *session, QObject *parent = nullptr);

    std::optional<ValueRef> refAt(int row, int col) const override;

protected:
    int rows() const override;
    int cols() const override;
    QString rowLabel(int row) const override;
    QString columnLabel(int col) const override;
    QString columnGroup(int col) const override;
};

} // namespace qkv
