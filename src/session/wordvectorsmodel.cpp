#include "session/wordvectorsmodel.h"

#include "session/documentsession.h"

namespace qkv {

WordVectorsModel::WordVectorsModel(DocumentSession *session, QObject *parent)
    : DocumentTableModel(session, parent)
{
    reset();
    followResult(); // projection mode shows the computed Q, K and V
    // The columns are the current head's, the one every view shows: an edit here moves what is seen.
    connect(session, &DocumentSession::currentHeadChanged, this, &WordVectorsModel::announceHead);
}

int WordVectorsModel::rolesShown() const
{
    // Given weights use only the values; but a real model's combined look (merged word pieces)
    // holds its tokens' queries and keys too, shown read-only as before the merge.
    const Document &doc = m_session->document();
    const bool modelVectors = !m_session->valuesFixed().isEmpty() && !doc.storedWords().empty();
    return doc.settings().mode == Mode::Weights && !modelVectors ? 1 : 3;
}

WordVectorsModel::Column WordVectorsModel::column(int col) const
{
    const int dim = m_session->document().settings().dim;
    const int roles = rolesShown();
    const int role = (col / dim) % roles;
    const Field field = roles == 1 ? Field::Value : role == 0 ? Field::Query : role == 1 ? Field::Key : Field::Value;
    return {field, m_session->currentHead(), col % dim};
}

int WordVectorsModel::rows() const
{
    return wordRows();
}

int WordVectorsModel::cols() const
{
    return rolesShown() * m_session->document().settings().dim;
}

std::optional<ValueRef> WordVectorsModel::refAt(int row, int col) const
{
    const Document &doc = m_session->document();
    if (doc.settings().mode == Mode::Projection || row < 0 || row >= wordRows() || col < 0 || col >= cols())
        return std::nullopt;
    const Column c = column(col);
    return ValueRef {c.field, wordRowKey(row), c.head, 0, c.index};
}

double WordVectorsModel::valueAt(int row, int col) const
{
    if (m_session->document().settings().mode != Mode::Projection)
        return DocumentTableModel::valueAt(row, col);
    const Column c = column(col);
    const auto &heads = m_session->result().heads;
    if (c.head >= static_cast<int>(heads.size()))
        return 0.0;
    const HeadResult &h = heads[static_cast<std::size_t>(c.head)];
    const Eigen::MatrixXd &m = c.field == Field::Query ? h.queries : c.field == Field::Key ? h.keys : h.values;
    // In cross-attention the keys and values are the second sentence's rows, the queries the first's.
    const int n = m_session->document().tokenCount();
    if (m_session->document().isCross() && isSecondSentenceRow(row) == (c.field == Field::Query))
        return 0.0; // computed for neither
    const int r = isSecondSentenceRow(row) ? row - n : row;
    return r < m.rows() && c.index < m.cols() ? m(r, c.index) : 0.0;
}

QString WordVectorsModel::rowLabel(int row) const
{
    return wordRowLabel(row);
}

QString WordVectorsModel::cellUnusedReason(int row, int col) const
{
    if (!m_session->document().isCross())
        return unusedReason(col);
    const Field field = column(col).field;
    if (isSecondSentenceRow(row) && field == Field::Query)
        return tr("Cross-attention: the second sentence gives keys and values; its queries are not used.");
    if (!isSecondSentenceRow(row) && field != Field::Query)
        return tr("Cross-attention: the sentence gives the queries; the keys and values come from the second "
                  "sentence.");
    return unusedReason(col);
}

QString WordVectorsModel::columnLabel(int col) const
{
    const Column c = column(col);
    const QString letter = c.field == Field::Query ? QStringLiteral("q")
        : c.field == Field::Key                    ? QStringLiteral("k")
                                                   : QStringLiteral("v");
    return letter + QString::number(c.index + 1);
}

QString WordVectorsModel::columnGroup(int col) const
{
    const Column c = column(col);
    const QString name = c.field == Field::Query ? tr("Query") : c.field == Field::Key ? tr("Key") : tr("Value");
    return m_session->document().settings().heads > 1 ? tr("%1 · head %2").arg(name).arg(c.head + 1) : name;
}

QString WordVectorsModel::unusedReason(int col) const
{
    const Field field = column(col).field;
    return field == Field::Value
        ? QString()
        : qkv::unusedVectorReason(m_session->document().settings(), field == Field::Query ? 0 : 1);
}

} // namespace qkv
