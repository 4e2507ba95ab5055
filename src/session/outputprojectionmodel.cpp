#include "session/outputprojectionmodel.h"

#include "session/documentsession.h"

namespace qkv {

OutputProjectionModel::OutputProjectionModel(DocumentSession *session, QObject *parent)
    : DocumentTableModel(session, parent)
{
    reset();
}

int OutputProjectionModel::rows() const
{
    const Settings &s = m_session->document().settings();
    return s.heads * s.dim;
}

int OutputProjectionModel::cols() const
{
    return m_session->document().settings().dModel;
}

std::optional<ValueRef> OutputProjectionModel::refAt(int row, int col) const
{
    if (row < 0 || col < 0 || row >= rows() || col >= cols())
        return std::nullopt;
    return ValueRef {Field::Wo, QString(), 0, row, col};
}

QString OutputProjectionModel::rowLabel(int row) const
{
    const Settings &s = m_session->document().settings();
    return s.heads > 1 ? tr("h%1 · o%2").arg(row / s.dim + 1).arg(row % s.dim + 1) : tr("o%1").arg(row + 1);
}

QString OutputProjectionModel::columnLabel(int col) const
{
    return QStringLiteral("x%1").arg(col + 1);
}

QString OutputProjectionModel::columnGroup(int) const
{
    return m_session->document().wo() ? tr("W_O") : tr("W_O (identity until edited)");
}

} // namespace qkv
