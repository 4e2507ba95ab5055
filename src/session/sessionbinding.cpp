#include "session/sessionbinding.h"

#include "session/documentsession.h"

namespace qkv {

SessionBinding::SessionBinding(QObject *parent)
    : QObject(parent)
    , m_own(std::make_shared<const Result>())
{ }

SessionBinding::~SessionBinding() = default;

void SessionBinding::announceResult(bool attentionKept, const ChangedRows *changedRows)
{
    m_changedRows = changedRows;
    Q_EMIT resultChanged(attentionKept);
    if (!attentionKept)
        Q_EMIT attentionChanged();
    m_changedRows = nullptr;
}

void SessionBinding::setSession(DocumentSession *session)
{
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    if (session) {
        connect(session, &DocumentSession::resultChanged, this,
            [this] { announceResult(m_session->attentionKept(), m_session->changedRows()); });
        connect(session, &DocumentSession::currentHeadChanged, this, &SessionBinding::headChanged);
        connect(session, &DocumentSession::annotationsChanged, this, &SessionBinding::annotationsChanged);
        connect(session, &DocumentSession::selectedTokenChanged, this,
            [this](int token) { Q_EMIT selectionChanged(token, isKeySelected()); });
        // Back to the own data when the session goes first.
        connect(session, &QObject::destroyed, this, &SessionBinding::announceAll);
    }
    announceAll();
}

// Everything may have changed: another source of data.
void SessionBinding::announceAll()
{
    announceResult(false);
    Q_EMIT headChanged(head());
    Q_EMIT selectionChanged(selectedToken(), isKeySelected());
    Q_EMIT annotationsChanged();
}

DocumentSession *SessionBinding::session() const
{
    return m_session;
}

void SessionBinding::setResult(Result result)
{
    setResult(std::make_shared<const Result>(std::move(result)));
}

void SessionBinding::setResult(std::shared_ptr<const Result> result)
{
    m_own = std::move(result);
    if (!m_session)
        announceResult(false);
}

void SessionBinding::setDocument(Document document)
{
    m_ownDocument = std::move(document);
    if (!m_session)
        announceResult(false);
}

const Result &SessionBinding::result() const
{
    return m_session ? m_session->result() : *m_own;
}

const Document *SessionBinding::document() const
{
    return m_session ? &m_session->document() : m_ownDocument ? &*m_ownDocument : nullptr;
}

const Result *SessionBinding::baseline() const
{
    return m_session ? m_session->baselineResult() : nullptr;
}

QString SessionBinding::baselineName() const
{
    return baseline() ? m_session->document().baseline() : QString();
}

std::vector<PlacedAnnotation> SessionBinding::annotations(const QString &view) const
{
    const Document *doc = document();
    return doc ? placeAnnotations(doc->annotations(), result().tokens, view) : std::vector<PlacedAnnotation> {};
}

int SessionBinding::head() const
{
    return m_session ? m_session->currentHead() : m_head;
}

void SessionBinding::setHead(int head)
{
    if (m_session) {
        m_session->setCurrentHead(head);
        return;
    }
    if (head == m_head)
        return;
    m_head = head;
    Q_EMIT headChanged(head);
}

int SessionBinding::selectedToken() const
{
    return m_session ? m_session->selectedToken() : m_token;
}

bool SessionBinding::isKeySelected() const
{
    return m_session ? m_session->isKeySelected() : m_key;
}

void SessionBinding::setSelection(int token, bool asKey)
{
    if (m_session) {
        m_session->setSelection(token, asKey);
        return;
    }
    asKey = asKey && token >= 0;
    if (token == m_token && asKey == m_key)
        return;
    m_token = token;
    m_key = asKey;
    Q_EMIT selectionChanged(token, asKey);
}

} // namespace qkv
