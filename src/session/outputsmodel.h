#pragma once

#include "session/documenttablemodel.h"

namespace qkv {

// Each token's output vector o = Σ a·v in the current head: computed, read-only, copyable. It
// follows the result and the head shown.
class OutputsModel : public DocumentTableModel
{
    Q_OBJECT

public:
    explicit OutputsModel(DocumentSession *session, QObject *parent = nullptr);

    std::optional<ValueRef> refAt(int, int) const override { return std::nullopt; }

protected:
    int rows() const override;
    int cols() const override;
    double valueAt(int row, int col) const override;
    QString rowLabel(int row) const override;
    QString columnLabel(int col) const override;
    QString columnGroup(int col) const override;
    QString cellToolTip(int row, int col) const override;
};

} // namespace qkv
