#pragma once

#include "session/documenttablemodel.h"

namespace qkv {

// Projection mode: one row per token, its embedding x (d_model numbers), edited per word.
class EmbeddingsModel : public DocumentTableModel
{
    Q_OBJECT

public:
    explicit EmbeddingsModel(DocumentSession *session, QObject *parent = nullptr);

    std::optional<ValueRef> refAt(int row, int col) const override;

protected:
    int rows() const override;
    int cols() const override;
    QString rowLabel(int row) const override;
    QString columnLabel(int col) const override;
    QString columnGroup(int col) const override;
};

} // namespace qkv
