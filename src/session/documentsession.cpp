#include "session/documentsession.h"

#include "document/sentencesplit.h"
#include "session/annotationscommand.h"
#include "session/maskcommand.h"
#include "session/replacecommand.h"
#include "session/sentencecommand.h"
#include "session/settingscommand.h"
#include "session/valuescommand.h"

#include <QCoreApplication>

#include <utility>

namespace qkv {

DocumentSession::DocumentSession(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_result = std::make_shared<Result>(compute(m_document));
}

namespace {

// Holds the results a session's views point to until the session's children go: after its
// destroyed(), which tells the views (through their bindings) to let go of them.
class ResultsKeeper : public QObject
{
public:
    ResultsKeeper(QObject *parent, std::shared_ptr<const Result> shown, std::shared_ptr<const Result> baseline)
        : QObject(parent)
        , m_shown(std::move(shown))
        , m_baseline(std::move(baseline))
    { }

private:
    std::shared_ptr<const Result> m_shown, m_baseline;
};

} // namespace

DocumentSession::~DocumentSession()
{
    // Owned by the session's children; out of memory in a destructor ends the program anyway.
    new ResultsKeeper(this, m_result, m_baselineResult); // NOLINT(bugprone-unhandled-exception-at-new)
}

Result &DocumentSession::ownResult()
{
    if (m_result.use_count() > 1)
        m_result = std::make_shared<Result>(*m_result);
    return *m_result;
}

// Where nobody else holds it, a result is replaced where it lies: the views' pointers stay good.
void DocumentSession::setResult(Result result)
{
    if (m_result.use_count() > 1)
        m_result = std::make_shared<Result>(std::move(result));
    else
        *m_result = std::move(result);
}

void DocumentSession::setBaselineResult(Result result) const
{
    if (m_baselineResult && m_baselineResult.use_count() == 1)
        *m_baselineResult = std::move(result);
    else
        m_baselineResult = std::make_shared<Result>(std::move(result));
}

bool DocumentSession::isComputedInBackground(const Document &doc)
{
    // About 30 ms of recompute and up: keep the window answering while it runs.
    const double n = doc.tokenCount();
    return n * n * doc.settings().heads * (doc.settings().dim + 8) >= 1024.0 * 1024 * 11;
}

std::shared_ptr<const Result> DocumentSession::sharedBaselineResult(bool wait) const
{
    const Snapshot *baseline = m_document.baselineSnapshot();
    if (!baseline)
        return nullptr;
    if (m_baselineState == baseline->state)
        return m_baselineResult;
    // A snapshot just taken holds the numbers shown: their result is the current one. An older
    // one is computed: a large one on the worker, so that choosing it keeps the window answering.
    const bool current = !m_computing && m_resultGeneration == m_generation;
    if (current && *baseline->state == snapshotState(m_document)) {
        m_baselineResult = m_result;
    } else if (!wait && isComputedInBackground(*baseline->state)) {
        if (m_baselinePending != baseline->state)
            const_cast<DocumentSession *>(this)->startBaselineCompute(baseline->state);
        return nullptr;
    } else {
        setBaselineResult(compute(*baseline->state));
    }
    m_baselineState = baseline->state;
    return m_baselineResult;
}

void DocumentSession::startBaselineCompute(const std::shared_ptr<const Document> &state)
{
    m_baselinePending = state;
    m_pool.start([this, state] {
        Result result = compute(*state);
        QMetaObject::invokeMethod(
            this,
            [this, state, result = std::move(result)]() mutable {
                if (m_baselinePending != state) // another snapshot was chosen meanwhile
                    return;
                m_baselinePending.reset();
                if (m_baselineState != state) { // not computed at once meanwhile (an export)
                    setBaselineResult(std::move(result));
                    m_baselineState = state;
                }
                // The views redraw whole, now against the snapshot.
                m_attentionKept = false;
                m_changedRows.reset();
                Q_EMIT resultChanged();
            },
            Qt::QueuedConnection);
    });
}

void DocumentSession::startBackgroundCompute()
{
    m_computing = true;
    m_pool.start([this, doc = m_document, generation = m_generation] {
        Result result = compute(doc);
        // Queued to this object's thread; dropped if the session is gone by then.
        QMetaObject::invokeMethod(
            this,
            [this, result = std::move(result), generation]() mutable { acceptResult(std::move(result), generation); },
            Qt::QueuedConnection);
    });
}

void DocumentSession::acceptResult(Result result, quint64 generation)
{
    m_computing = false;
    if (generation < m_resultGeneration) { // a newer result is shown already (computed at once)
        if (m_resultGeneration != m_generation)
            startBackgroundCompute();
        return;
    }
    setResult(std::move(result));
    m_resultGeneration = generation;
    m_attentionKept = false;
    m_changedRows.reset();
    if (generation != m_generation) // edited meanwhile: show this one, compute the newest
        startBackgroundCompute();
    clampSelection();
    Q_EMIT resultChanged();
}

void DocumentSession::waitForResult()
{
    while (m_computing || m_resultGeneration != m_generation) {
        if (!m_computing) {
            setResult(compute(m_document));
            m_resultGeneration = m_generation;
            m_attentionKept = false;
            m_changedRows.reset();
            Q_EMIT resultChanged();
            return;
        }
        m_pool.waitForDone();
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    }
}

void DocumentSession::resetDocument(const Document &doc, std::optional<Result> computed)
{
    m_undo.clear();
    m_document = doc;
    m_opened = doc;
    afterChange(true, std::move(computed));
    // Another document starts on its own focus token, never on the position the last one had.
    setSelection(doc.focusToken(), false);
    Q_EMIT documentReset();
}

void DocumentSession::releaseResult()
{
    if (m_result.use_count() > 1)
        return;
    *m_result = Result {}; // in place: the views' pointers stay good
    m_released = true;
}

void DocumentSession::restoreResult()
{
    if (std::exchange(m_released, false))
        setResult(compute(m_document));
}

bool DocumentSession::refuseSize(const Settings &settings, const QString &sentence)
{
    // Tokens are counted only when it matters (not on every keystroke and every setting): the
    // document's own count holds while its sentence and tokenizer stay, and a token has at
    // least one character, so a sentence's length bounds its count.
    const bool projections = settings.mode == Mode::Projection || m_document.hasStoredProjections();
    const bool sameTokens = sentence == m_document.sentence() && settings.tokenizer == m_document.settings().tokenizer;
    QString why = sizeRefusal(settings, sameTokens ? m_document.tokenCount() : sentence.size(), projections);
    if (!why.isEmpty() && !sameTokens)
        why = sizeRefusal(settings, countTokens(sentence, settings.tokenizer), projections);
    if (why.isEmpty())
        return false;
    Q_EMIT editRefused(why);
    return true;
}

void DocumentSession::editSentence(const QString &sentence)
{
    if (sentence != m_document.sentence() && !refuseSize(m_document.settings(), sentence))
        m_undo.push(new SentenceCommand(this, sentence));
}

void DocumentSession::editDocument(const Document &doc, const QString &text)
{
    if (doc == m_document)
        return;
    if (!m_settingsFixed.isEmpty()) {
        // A running model's look keeps snapshots of itself and a teacher's marks: they change none
        // of its numbers. The model's history holds its interventions, so they are no step of it
        // (nor of this stack, which would call the look edited).
        Document numbers = doc;
        numbers.setSnapshots(m_document.snapshots());
        numbers.setBaseline(m_document.baseline());
        numbers.setAnnotations(m_document.annotations());
        if (numbers == m_document)
            modify([&doc](Document &shown) { shown = doc; });
        else
            Q_EMIT editRefused(m_settingsFixed);
        return;
    }
    if (doc.isCross()) {
        if (const QString why = crossRefusal(doc.settings()); !why.isEmpty()) {
            Q_EMIT editRefused(why);
            return;
        }
    }
    if (!refuseSize(doc.settings(), doc.sentence()))
        m_undo.push(new ReplaceCommand(this, doc, text));
}

void DocumentSession::editCrossSentence(const QString &sentence)
{
    if (sentence == m_document.crossSentence())
        return;
    // The second sentence's tokens count against the limits as the first's do.
    if (!sentence.isEmpty() && refuseSize(m_document.settings(), sentence))
        return;
    Document doc = m_document;
    doc.setCrossSentence(sentence);
    editDocument(doc, sentence.isEmpty() ? tr("Self-attention") : tr("Edit second sentence"));
}

void DocumentSession::editAnnotations(const std::vector<Annotation> &annotations, const QString &text)
{
    if (annotations != m_document.annotations())
        (m_modelHistory ? m_modelHistory : &m_undo)->push(new AnnotationsCommand(this, annotations, text));
}

void DocumentSession::editSettings(const Settings &settings)
{
    if (settings == m_document.settings())
        return;
    if (!m_settingsFixed.isEmpty()) {
        Q_EMIT editRefused(m_settingsFixed);
        return;
    }
    if (m_document.isCross()) {
        if (const QString why = crossRefusal(settings); !why.isEmpty()) {
            Q_EMIT editRefused(why);
            return;
        }
    }
    if (!refuseSize(settings, m_document.sentence()))
        m_undo.push(new SettingsCommand(this, settings));
}

void DocumentSession::setValuesFixed(const QString &why)
{
    if (why == m_valuesFixed)
        return;
    m_valuesFixed = why;
    Q_EMIT valuesFixedChanged();
}

void DocumentSession::editValues(
    const std::vector<ValueRef> &refs, const std::vector<double> &values, int dragId, const QString &text)
{
    if (!m_valuesFixed.isEmpty()) {
        Q_EMIT editRefused(m_valuesFixed);
        return;
    }
    std::vector<ValueRef> kept;
    std::vector<double> keptValues;
    for (std::size_t i = 0; i < refs.size() && i < values.size(); ++i) {
        if (m_document.isValid(refs[i]) && std::isfinite(values[i])) {
            kept.push_back(refs[i]);
            keptValues.push_back(values[i]);
        }
    }
    if (kept.empty())
        return;
    auto edit = std::make_unique<ValuesCommand>(this, std::move(kept), std::move(keptValues), dragId, text);
    if (!m_valuesRoute || !m_valuesRoute(*edit))
        m_undo.push(edit.release());
}

void DocumentSession::toggleMask(Cell cell)
{
    const int n = m_document.tokenCount(), m = m_document.keyTokenCount();
    if (cell.first < 0 || cell.second < 0 || cell.first >= n || cell.second >= m)
        return;
    if (!m_settingsFixed.isEmpty())
        Q_EMIT editRefused(m_settingsFixed);
    else
        m_undo.push(new MaskCommand(this, cell));
}

void DocumentSession::setSelection(int token, bool asKey)
{
    token = (token >= 0 && token < (asKey ? m_document.keyTokenCount() : m_document.tokenCount())) ? token : -1;
    asKey = asKey && token >= 0;
    if (token == m_selectedToken && asKey == m_keySelected)
        return;
    m_selectedToken = token;
    m_keySelected = asKey;
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
    const int count = m_keySelected ? m_document.keyTokenCount() : m_document.tokenCount();
    if (m_selectedToken >= count)
        setSelection(count - 1, m_keySelected);
    if (m_currentHead >= m_document.settings().heads)
        setCurrentHead(m_document.settings().heads - 1);
}

void DocumentSession::afterIncrementalUpdate(ChangedRows rows)
{
    m_attentionKept = std::all_of(rows.begin(), rows.end(), [](const HeadChange &c) { return c.rows.empty(); });
    m_changedRows = std::move(rows);
    ++m_generation;
    m_resultGeneration = m_generation;
    Q_EMIT valuesChanged();
    Q_EMIT resultChanged();
}

void DocumentSession::afterChange(bool shapeChanged, std::optional<Result> computed)
{
    m_released = false;
    m_attentionKept = false;
    m_changedRows.reset();
    ++m_generation;
    const bool background = !computed && isComputedInBackground(m_document);
    if (!background) {
        setResult(computed ? std::move(*computed) : compute(m_document));
        m_resultGeneration = m_generation;
    } else if (!m_computing) {
        startBackgroundCompute();
    }
    clampSelection();
    if (shapeChanged)
        Q_EMIT this->shapeChanged();
    else
        Q_EMIT valuesChanged();
    if (!background)
        Q_EMIT resultChanged();
}

} // namespace qkv
