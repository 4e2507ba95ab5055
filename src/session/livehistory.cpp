#include "session/livehistory.h"

#include "livemodel/documentinterventions.h"
#include "livemodel/livesession.h"
#include "session/commandids.h"
#include "session/commandtext.h"
#include "session/sentencecommand.h"

#include <optional>

namespace qkv {
namespace {

struct LiveState {
    QString sentence;
    std::vector<transformer::Intervention> interventions;

    bool operator==(const LiveState &other) const
    {
        return sentence == other.sentence && live::sameInterventions(interventions, other.interventions);
    }
};

// One step: the state before and after. The first redo is the edit itself (typing waits for a
// pause, like every letter typed); later ones, and undo, put the whole state back at once.
class LiveStep : public QUndoCommand
{
public:
    LiveStep(LiveHistory *history, live::LiveSession *live, LiveState before, LiveState after, const QString &text,
        CommandId kind, int dragId, std::optional<TypingBurst> typed)
        : m_history(history)
        , m_live(live)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_kind(kind)
        , m_dragId(dragId)
        , m_typed(std::move(typed))
    {
        setText(text);
    }

    int id() const override { return static_cast<int>(m_kind); }

    void undo() override { put(m_before); }

    void redo() override
    {
        if (m_done) {
            put(m_after);
            return;
        }
        m_done = true;
        if (m_typed)
            m_live->setSentence(m_after.sentence);
        else
            m_live->setInterventions(m_after.interventions);
    }

    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const LiveStep *>(other);
        if (m_kind == CommandId::LiveSentence) {
            if (!m_typed || !next->m_typed || !m_typed->continueWith(*next->m_typed))
                return false;
        } else if (m_dragId == 0 || next->m_dragId != m_dragId) {
            return false;
        }
        m_after = next->m_after;
        setText(m_kind == CommandId::LiveSentence ? sentenceText(m_before.sentence, m_after.sentence) : next->text());
        setObsolete(m_after == m_before);
        return true;
    }

private:
    void put(const LiveState &state)
    {
        const bool otherSentence = state.sentence != m_live->sentence();
        m_live->restore(state.sentence, state.interventions);
        if (otherSentence)
            Q_EMIT m_history->sentenceRestored(state.sentence);
    }

    LiveHistory *m_history;
    live::LiveSession *m_live;
    LiveState m_before, m_after;
    CommandId m_kind;
    int m_dragId;
    std::optional<TypingBurst> m_typed;
    bool m_done = false;
};

} // namespace

LiveHistory::LiveHistory(live::LiveSession *live, QObject *parent)
    : QObject(parent)
    , m_live(live)
{
    connect(live, &live::LiveSession::modelChanged, &m_stack, &QUndoStack::clear);
}

void LiveHistory::typeSentence(const QString &sentence)
{
    if (!m_live->isOpen() || sentence == m_live->sentence())
        return;
    LiveState before {m_live->sentence(), m_live->interventions()};
    LiveState after {sentence, m_live->interventions()};
    std::erase_if(after.interventions,
        [](const transformer::Intervention &i) { return i.kind != transformer::Intervention::Kind::Ablate; });
    QString text = sentenceText(before.sentence, sentence);
    m_stack.push(new LiveStep(
        this, m_live, std::move(before), std::move(after), text, CommandId::LiveSentence, 0, TypingBurst(sentence)));
}

void LiveHistory::changeInterventions(std::vector<transformer::Intervention> next, const QString &text, int dragId)
{
    if (!m_live->isOpen() || live::sameInterventions(next, m_live->interventions()))
        return;
    LiveState before {m_live->sentence(), m_live->interventions()};
    LiveState after {m_live->sentence(), std::move(next)};
    m_stack.push(new LiveStep(
        this, m_live, std::move(before), std::move(after), text, CommandId::LiveEdit, dragId, std::nullopt));
}

} // namespace qkv
