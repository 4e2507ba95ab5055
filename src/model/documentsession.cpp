#include "documentsession.h"

#include "maskcommand.h"
#include "sentencecommand.h"
#include "settingscommand.h"
#include "valuescommand.h"

namespace qkv {

DocumentSession::DocumentSession(QObject *parent)
    : QObject(parent)
{
    m_result = compute(m_document);
}

void DocumentSession::resetDocument(const Document &doc)
{
    m_undo.clear();
    m_document = doc;
    afterChange(true);
    Q_EMIT documentReset();
}

void DocumentSession::editSentence(const QString &sentence)
{
    if (sentence != m_document.sentence())
        m_undo.push(new SentenceCommand(this, sentence));
}

void DocumentSession::editSettings(const Settings &settings)
{
    if (!(settings == m_document.settings()))
        m_undo.push(new SettingsCommand(this, settings));
}

void DocumentSession::editValues(const std::vector<ValueRef> &refs, const std::vector<double> &values, int dragId)
{
    std::vector<ValueRef> kept;
    std::vector<double> keptValues;
    for (std::size_t i = 0; i < refs.size() && i < values.size(); ++i) {
        if (m_document.isValid(refs[i]) && std::isfinite(values[i])) {
            kept.push_back(refs[i]);
            keptValues.push_back(values[i]);
        }
    }
    if (!kept.empty())
        m_undo.push(new ValuesCommand(this, std::move(kept), std::move(keptValues), dragId));
}

void DocumentSession::toggleMask(Cell cell)
{
    const int n = m_document.tokenCount();
    if (cell.first >= 0 && cell.second >= 0 && cell.first < n && cell.second < n)
        m_undo.push(new MaskCommand(this, cell));
}

void DocumentSession::setSelectedToken(int token)
{
    token = (token >= 0 && token < m_document.tokenCount()) ? token : -1;
    if (token == m_selectedToken)
        return;
    m_selectedToken = token;
    Q_EMIT selectedTokenChanged(token);
}

void DocumentSession::setCurrentHead(int head)
{
    head = std::clamp(head, 0, m_document.settings().heads - 1);
    if (head == m_currentHead)
        return;
    m_currentHead = head;
    Q_EMIT currentHeadChanged(head);
}

void DocumentSession::clampSelection()
{
    if (m_selectedToken >= m_document.tokenCount())
        setSelectedToken(m_document.tokenCount() - 1);
    if (m_currentHead >= m_document.settings().heads)
        setCurrentHead(m_document.settings().heads - 1);
}

void DocumentSession::afterChange(bool shapeChanged)
{
    m_result = compute(m_document);
    clampSelection();
    if (shapeChanged)
        Q_EMIT this->shapeChanged();
    else
        Q_EMIT valuesChanged();
    Q_EMIT resultChanged();
}

} // namespace qkv
