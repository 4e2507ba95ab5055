#pragma once

#include "session/documenttablemodel.h"

namespace qkv {

// Projection mode: rows are the d_model input dimensions, columns W_Q | W_K | W_V of each head.
class ProjectionsModel : public DocumentTableModel
{
    Q_OBJECT

public:
    explicit ProjectionsModel(DocumentSession *session, QObject *parent = nullptr);

    std::optional<ValueRef> refAt(int row, int col) const override;

protected:
    int rows() const override;
    int cols() const override;
    QString rowLabel(int row) const override;
    QString columnLabel(int col) const override;
    QString columnGroup(int col) const override;
};

} // namespace qkv
