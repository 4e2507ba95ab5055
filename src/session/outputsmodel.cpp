#include "session/outputsmodel.h"

#include "document/numberblock.h"
#include "session/documentsession.h"

namespace qkv {

OutputsModel::OutputsModel(DocumentSession *session, QObject *parent)
    : DocumentTableModel(session, parent)
{
    reset();
    followResult();
    connect(session, &DocumentSession::currentHeadChanged, this, &OutputsModel::announceHead);
}

int OutputsModel::rows() const
{
    return m_session->document().tokenCount();
}

int OutputsModel::cols() const
{
    return m_session->document().settings().dim;
}

double OutputsModel::valueAt(int row, int col) const
{
    const auto &heads = m_session->result().heads;
    const auto h = static_cast<std::size_t>(m_session->currentHead());
    if (h >= heads.size() || row >= heads[h].output.rows() || col >= heads[h].output.cols())
        return 0.0;
    return heads[h].output(row, col);
}

QString OutputsModel::rowLabel(int row) const
{
    return m_session->document().tokens().value(row);
}

QString OutputsModel::columnLabel(int col) const
{
    return QStringLiteral("o%1").arg(col + 1);
}

QString OutputsModel::columnGroup(int) const
{
    return m_session->document().settings().heads > 1 ? tr("Output · head %1").arg(m_session->currentHead() + 1)
                                                      : tr("Output");
}

QString OutputsModel::cellToolTip(int row, int col) const
{
    return tr("o%1 of “%2” = %3: the weighted sum of the values, Σ a·v (computed; read-only)")
        .arg(col + 1)
        .arg(rowLabel(row), shownNumber(valueAt(row, col)));
}

} // namespace qkv
