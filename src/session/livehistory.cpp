#include "session/livehistory.h"

#include "livemodel/documentinterventions.h"
#include "livemodel/livesession.h"
#include "session/commandids.h"
#include "session/commandtext.h"
#include "session/sentencecommand.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>

namespace qkv {
namespace {

using SharedIntervention = std::shared_ptr<const transformer::Intervention>;

// A sentence and its interventions. A step keeps two of them and a long history many, while
// an edit changes one matrix of a few (each n × d, 128 KiB at 512 tokens): the matrices are
// shared with the state made before wherever they are the same.
struct LiveState {
    QString sentence, target;
    std::vector<SharedIntervention> interventions;

    LiveState(QString text, QString targetText, std::vector<transformer::Intervention> list, const LiveState *like)
        : sentence(std::move(text))
        , target(std::move(targetText))
    {
        for (transformer::Intervention &i : list) {
            const auto same = like ? std::find_if(like->interventions.begin(), like->interventions.end(),
                                  [&i](const SharedIntervention &s) { return *s == i; })
                                   : std::vector<SharedIntervention>::const_iterator {};
            interventions.push_back(like && same != like->interventions.end()
                    ? *same
                    : std::make_shared<const transformer::Intervention>(std::move(i)));
        }
    }

    std::vector<transformer::Intervention> list() const
    {
        std::vector<transformer::Intervention> out;
        out.reserve(interventions.size());
        for (const SharedIntervention &i : interventions)
            out.push_back(*i);
        return out;
    }

    // The same interventions in any order.
    bool operator==(const LiveState &other) const
    {
        return sentence == other.sentence && target == other.target
            && interventions.size() == other.interventions.size()
            && std::all_of(interventions.begin(), interventions.end(), [&other](const SharedIntervention &i) {
                   return std::any_of(other.interventions.begin(), other.interventions.end(),
                       [&i](const SharedIntervention &j) { return i == j || *i == *j; });
               });
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
    const LiveState &before() const { return m_before; }
    const LiveState &after() const { return m_after; }

    void undo() override { put(m_before); }

    void redo() override
    {
        if (m_done) {
            put(m_after);
            return;
        }
        m_done = true;
        if (m_typed) {
            m_live->setSentence(m_after.sentence);
            m_live->setTarget(m_after.target);
        } else if (m_kind == CommandId::LiveSentence) { // a whole sentence put in (replaceSentence)
            put(m_after);
        } else {
            m_live->setInterventions(m_after.list());
        }
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
        setText(m_kind == CommandId::LiveSentence && m_before.target == m_after.target
                ? sentenceText(m_before.sentence, m_after.sentence)
                : next->text());
        setObsolete(m_after == m_before);
        return true;
    }

private:
    void put(const LiveState &state)
    {
        const bool otherSentence = state.sentence != m_live->sentence(), otherTarget = state.target != m_live->target();
        m_live->restore(state.sentence, state.target, state.list());
        if (otherSentence)
            Q_EMIT m_history->sentenceRestored(state.sentence);
        if (otherTarget)
            Q_EMIT m_history->targetRestored(state.target);
    }

    LiveHistory *m_history;
    live::LiveSession *m_live;
    LiveState m_before, m_after;
    CommandId m_kind;
    int m_dragId;
    std::optional<TypingBurst> m_typed;
    bool m_done = false;
};

// A step to `sentence` and `next` from the session's state now, made and pushed.
void pushStep(LiveHistory *history, live::LiveSession *live, QUndoStack &stack, const QString &sentence,
    const QString &target, std::vector<transformer::Intervention> next, const QString &text, CommandId kind, int dragId,
    std::optional<TypingBurst> typed)
{
    // The state before is most often the last one made: its matrices are taken from there. (The
    // stack also holds the shown document's annotations, DocumentSession::setModelHistory.)
    const auto *last = stack.index() > 0 ? dynamic_cast<const LiveStep *>(stack.command(stack.index() - 1)) : nullptr;
    LiveState before(live->sentence(), live->target(), live->interventions(), last ? &last->after() : nullptr);
    LiveState after(sentence, target, std::move(next), &before);
    stack.push(new LiveStep(history, live, std::move(before), std::move(after), text, kind, dragId, std::move(typed)));
}

// A new sentence keeps the heads switched off; numbers that replaced others belong to the old tokens.
std::vector<transformer::Intervention> ablationsOf(std::vector<transformer::Intervention> interventions)
{
    std::erase_if(interventions,
        [](const transformer::Intervention &i) { return i.kind != transformer::Intervention::Kind::Ablate; });
    return interventions;
}

} // namespace

LiveHistory::LiveHistory(live::LiveSession *live, QObject *parent)
    : QObject(parent)
    , m_live(live)
{
    connect(live, &live::LiveSession::modelChanged, &m_stack, &QUndoStack::clear);
}

void LiveHistory::typeSentence(const QString &sentence)
{
    if (m_live->isOpen() && sentence != m_live->sentence())
        type(sentence, m_live->target(), sentenceText(m_live->sentence(), sentence));
}

void LiveHistory::replaceSentence(const QString &sentence, const QString &text)
{
    if (!m_live->isOpen() || sentence == m_live->sentence())
        return;
    std::vector<transformer::Intervention> kept = ablationsOf(m_live->interventions());
    pushStep(this, m_live, m_stack, sentence, m_live->target(), std::move(kept), text, CommandId::LiveSentence, 0,
        std::nullopt);
}

void LiveHistory::typeTarget(const QString &target)
{
    if (m_live->isOpen() && target != m_live->target())
        type(m_live->sentence(), target, tr("Target “%1”").arg(target));
}

void LiveHistory::type(const QString &sentence, const QString &target, const QString &text)
{
    std::vector<transformer::Intervention> kept = ablationsOf(m_live->interventions());
    // Typing in either box is a burst of its own: the sentence's and the target's steps never merge.
    const TypingBurst burst(target == m_live->target() ? sentence : u'\x1f' + target);
    pushStep(this, m_live, m_stack, sentence, target, std::move(kept), text, CommandId::LiveSentence, 0, burst);
}

void LiveHistory::changeInterventions(std::vector<transformer::Intervention> next, const QString &text, int dragId)
{
    if (!m_live->isOpen() || live::sameInterventions(next, m_live->interventions()))
        return;
    pushStep(this, m_live, m_stack, m_live->sentence(), m_live->target(), std::move(next), text, CommandId::LiveEdit,
        dragId, std::nullopt);
}

qsizetype LiveHistory::interventionsHeld() const
{
    std::set<const transformer::Intervention *> held;
    for (int i = 0; i < m_stack.count(); ++i) {
        const auto *step = dynamic_cast<const LiveStep *>(m_stack.command(i));
        if (!step)
            continue; // an annotation's step
        for (const LiveState *state : {&step->before(), &step->after()})
            for (const SharedIntervention &s : state->interventions)
                held.insert(s.get());
    }
    return qsizetype(held.size());
}

} // namespace qkv
