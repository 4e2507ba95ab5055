#include "session/attentionmodel.h"

#include "session/documentsession.h"

namespace qkv {

AttentionModel::AttentionModel(DocumentSession *session, QObject *parent)
    : DocumentTableModel(session, parent)
{
    reset();
    followResult();
    connect(session, &DocumentSession::currentHeadChanged, this, &AttentionModel::announceHead);
}

int AttentionModel::rows() const
{
    return m_session->document().tokenCount();
}

int AttentionModel::cols() const
{
    return m_session->document().keyTokenCount();
}

std::optional<ValueRef> AttentionModel::refAt(int row, int col) const
{
    const Document &doc = m_session->document();
    if (doc.settings().mode != Mode::Weights || row < 0 || col < 0 || row >= rows() || col >= cols())
        return std::nullopt;
    return ValueRef {Field::Attention, QString(), m_session->currentHead(), row, col};
}

double AttentionModel::valueAt(int row, int col) const
{
    if (refAt(row, col))
        return DocumentTableModel::valueAt(row, col);
    const auto &heads = m_session->result().heads;
    const auto h = static_cast<std::size_t>(m_session->currentHead());
    if (h >= heads.size() || row >= heads[h].weights.rows() || col >= heads[h].weights.cols())
        return 0.0;
    return heads[h].weights(row, col);
}

QString AttentionModel::rowLabel(int row) const
{
    return m_session->document().tokens().value(row);
}

QString AttentionModel::columnLabel(int col) const
{
    return m_session->document().keyTokens().value(col);
}

QString AttentionModel::columnGroup(int) const
{
    return m_session->document().settings().mode == Mode::Weights
        ? tr("A (given) · head %1").arg(m_session->currentHead() + 1)
        : tr("Weights · head %1").arg(m_session->currentHead() + 1);
}

} // namespace qkv
