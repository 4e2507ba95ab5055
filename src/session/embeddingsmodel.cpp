#include "session/embeddingsmodel.h"

#include "session/documentsession.h"

namespace qkv {

EmbeddingsModel::EmbeddingsModel(DocumentSession *session, QObject *parent)
    : DocumentTableModel(session, parent)
{
    reset();
}

int EmbeddingsModel::rows() const
{
    return wordRows();
}

int EmbeddingsModel::cols() const
{
    return m_session->document().settings().dModel;
}

std::optional<ValueRef> EmbeddingsModel::refAt(int row, int col) const
{
    if (row < 0 || row >= wordRows() || col < 0 || col >= cols())
        return std::nullopt;
    return ValueRef {Field::Embedding, wordRowKey(row), 0, 0, col};
}

QString EmbeddingsModel::rowLabel(int row) const
{
    return wordRowLabel(row);
}

QString EmbeddingsModel::columnLabel(int col) const
{
    return QStringLiteral("x%1").arg(col + 1);
}

QString EmbeddingsModel::columnGroup(int) const
{
    return tr("Embedding");
}

} // namespace qkv
