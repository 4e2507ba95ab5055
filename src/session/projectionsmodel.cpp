#include "session/projectionsmodel.h"

#include "session/documentsession.h"

namespace qkv {
namespace {
constexpr Field matrices[] = {Field::Wq, Field::Wk, Field::Wv};
}

ProjectionsModel::ProjectionsModel(DocumentSession *session, QObject *parent)
    : DocumentTableModel(session, parent)
{
    reset();
}

int ProjectionsModel::rows() const
{
    return m_session->document().settings().dModel;
}

int ProjectionsModel::cols() const
{
    const Settings &s = m_session->document().settings();
    return s.heads * 3 * s.dim;
}

std::optional<ValueRef> ProjectionsModel::refAt(int row, int col) const
{
    const int dim = m_session->document().settings().dim;
    if (row < 0 || row >= rows() || col < 0 || col >= cols())
        return std::nullopt;
    return ValueRef {matrices[(col / dim) % 3], QString(), col / (3 * dim), row, col % dim};
}

QString ProjectionsModel::rowLabel(int row) const
{
    return QStringLiteral("x%1").arg(row + 1);
}

QString ProjectionsModel::columnLabel(int col) const
{
    return QString::number(col % m_session->document().settings().dim + 1);
}

QString ProjectionsModel::columnGroup(int col) const
{
    const int dim = m_session->document().settings().dim;
    const QString names[] = {QStringLiteral("W_Q"), QStringLiteral("W_K"), QStringLiteral("W_V")};
    const QString name = names[(col / dim) % 3];
    return m_session->document().settings().heads > 1 ? tr("%1 · head %2").arg(name).arg(col / (3 * dim) + 1) : name;
}

} // namespace qkv
