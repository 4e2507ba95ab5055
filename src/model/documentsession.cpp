#include "documentsession.h"

#include "sentencecommand.h"

namespace qkv {

DocumentSession::DocumentSession(QObject *parent)
    : QObject(parent)
{
    recompute();
}

void DocumentSession::resetDocument(const Document &doc)
{
    m_undo.clear();
    m_document = doc;
    recompute();
    Q_EMIT documentReset();
}

void DocumentSession::editSentence(const QString &sentence)
{
    if (sentence != m_document.sentence())
        m_undo.push(new SentenceCommand(this, sentence));
}

void DocumentSession::applySentence(
    const QString &sentence, const std::vector<Eigen::MatrixXd> *attention, const std::set<Cell> *masked)
{
    m_document.setSentence(sentence);
    if (attention)
        m_document.restoreAttention(*attention);
    if (masked)
        m_document.setMaskedCells(*masked);
    recompute();
}

void DocumentSession::recompute()
{
    m_result = compute(m_document);
    Q_EMIT resultChanged();
}

} // namespace qkv
