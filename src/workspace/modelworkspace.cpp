#include "workspace/modelworkspace.h"

#include "lessons/lessoncheck.h"
#include "livemodel/bundledmodels.h"
#include "livemodel/documentinterventions.h"
#include "livemodel/livesession.h"
#include "livemodel/sessionfile.h"
#include "modelfiles/modeldocument.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "session/transformersession.h"
#include "session/valuescommand.h"
#include "tokenizers/tokenizer.h"
#include "workspace/lessonmodel.h"
#include "workspace/modelcomparison.h"

#include <QDir>
#include <QFileInfo>

#include <set>

namespace qkv {
namespace {

// A first sentence that shows what the model does: a repeated phrase for a causal LM (its
// induction heads light up), a [MASK] to fill for BERT.
QString firstSentence(const live::LiveModel &model)
{
    if (!model.exampleSentence().isEmpty())
        return model.exampleSentence();
    if (model.isEncoderDecoder()) // T5 was trained on tasks named by a prefix
        return QStringLiteral("translate English to German: The cat sat on the mat.");
    if (model.model().config().causal())
        return QStringLiteral("The cat sat on the mat. The cat sat on the");
    const std::optional<int> mask = model.tokenizer().maskId();
    const QString token = mask ? model.tokenizer().display(*mask) : QStringLiteral("[MASK]");
    return QStringLiteral("The cat sat on the %1.").arg(token);
}

// The target so far that the first sentence is continued from (encoder-decoder models).
QString firstTarget(const live::LiveModel &model)
{
    if (!model.exampleSentence().isEmpty())
        return model.exampleTarget();
    return QStringLiteral("Die Katze saß auf der");
}

} // namespace

QString modelName(const QString &location)
{
    if (live::isBundledModel(location))
        return QObject::tr("%1 (built in)").arg(location.mid(8));
    return live::modelShortName(location);
}

ModelWorkspace::ModelWorkspace(DocumentSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_sessionAlive(session)
    , m_transformer(new TransformerSession(session, this))
    , m_live(new live::LiveSession(this))
    , m_history(new LiveHistory(m_live, this))
    , m_comparison(new ModelComparison(this))
{
    connect(m_live, &live::LiveSession::runChanged, this, &ModelWorkspace::showRun);
    connect(m_live, &live::LiveSession::previewed, this, &ModelWorkspace::showPreview);
    connect(m_transformer, &TransformerSession::viewChanged, this, &ModelWorkspace::followShownLayer);
    connect(m_transformer, &TransformerSession::modelChanged, this, &ModelWorkspace::followShownLayer);
    // A preview shown of a run that will not finish: back to the last run the model finished.
    const auto dropPreview = [this] {
        if (m_shownRun && m_shownRun->preview && m_live->run() && !m_live->isComputing())
            showRun();
    };
    connect(m_live, &live::LiveSession::stopped, this, dropPreview);
    connect(m_live, &live::LiveSession::failed, this, dropPreview);
    m_session->setValuesRoute([this](ValuesCommand &edit) { return editShownLayer(edit); });
    connect(m_live, &live::LiveSession::modelChanged, this, [this] {
        // The shown layer's settings and masks are the model's: an edit of them would change the
        // views and not the model.
        m_session->setSettingsFixed(m_live->isOpen()
                ? tr("a running model computes its attention its own way; edit its queries, keys and values, or "
                     "switch heads off")
                : QString());
        m_session->setModelHistory(m_live->isOpen() ? m_history->stack() : nullptr);
        Q_EMIT runningChanged(m_live->isOpen());
    });
}

ModelWorkspace::~ModelWorkspace()
{
    // The session may outlive the workspace (or, in a window, go first: then there is none to tell).
    if (m_sessionAlive) {
        m_sessionAlive->setValuesRoute({});
        m_sessionAlive->setModelHistory(nullptr);
    }
}

bool ModelWorkspace::isRunning() const
{
    return m_live->isOpen() && m_transformer->isOpen();
}

QString ModelWorkspace::open(std::shared_ptr<const live::LiveModel> model, QString sentence, QString target)
{
    // An encoder-decoder model keeps the target typed for the last one, or starts from its example's.
    if (model->isEncoderDecoder() && target.isEmpty() && sentence.isEmpty())
        target = m_live->isOpen() && m_live->model()->isEncoderDecoder() ? m_live->target() : firstTarget(*model);
    // The sentence typed for the last model stays, unless a masked LM would have nothing to fill.
    if (sentence.isEmpty() && m_live->isOpen()) {
        sentence = m_live->sentence();
        const std::optional<int> mask = model->tokenizer().maskId();
        if (!model->model().config().causal() && mask && !sentence.contains(model->tokenizer().display(*mask)))
            sentence.clear();
    }
    if (sentence.isEmpty())
        sentence = firstSentence(*model);
    m_transformer->close();
    m_shownRun.reset();
    m_pendingSession.reset();
    m_recoveredUnsaved = false;
    clearLesson(); // a lesson's answers were about the model that ran
    if (model->shownLayer() >= 0) // the head the model's author points to
        showOnFirstRun(model->shownLayer(), model->shownHead());
    m_live->open(std::move(model), sentence, target);
    return sentence;
}

void ModelWorkspace::close()
{
    m_transformer->close();
    m_live->close();
    clearLesson();
}

void ModelWorkspace::showDocument(const Document &doc)
{
    close();
    m_session->resetDocument(doc);
}

void ModelWorkspace::showModelFile(const OpenedFile &opened, const QString &path)
{
    m_live->close();
    clearLesson();
    m_transformer->show(opened, path);
}

Document ModelWorkspace::documentWithAnswers() const
{
    Document doc = m_session->document();
    lessons::setAnswers(doc, m_lessonAnswers);
    return doc;
}

void ModelWorkspace::restoreOnFirstRun(const live::SessionFile &session, bool recovered)
{
    m_pendingSession = std::make_unique<live::SessionFile>(session);
    m_recoveredUnsaved = recovered;
}

void ModelWorkspace::showOnFirstRun(int layer, int head)
{
    m_pendingSession = std::make_unique<live::SessionFile>();
    m_pendingSession->layer = layer;
    m_pendingSession->head = head;
}

live::SessionFile ModelWorkspace::sessionFile() const
{
    live::SessionFile s;
    s.model = m_live->model()->location();
    if (!live::isNamedModel(s.model)) // names stay names
        s.model = QFileInfo(s.model).absoluteFilePath();
    s.sentence = m_live->sentence();
    s.target = m_live->target();
    s.stack = shownStack();
    s.layer = std::max(m_transformer->view().layer, 0);
    if (m_transformer->view().layer < 0)
        s.layers = m_transformer->view().layersBy;
    s.head = m_session->currentHead();
    s.interventions = m_live->interventions();
    s.snapshots = m_session->document().snapshots();
    s.annotations = m_session->document().annotations();
    s.baseline = m_session->document().baseline();
    s.lessonAnswers = m_lessonAnswers;
    return s;
}

lessons::ModelStart ModelWorkspace::shownStart() const
{
    QString location = m_live->model()->location();
    if (!live::isNamedModel(location) && !location.startsWith(u"example:"))
        location = QFileInfo(location).absoluteFilePath();
    return {
        location, m_live->sentence(), std::max(m_transformer->view().layer, 0), m_session->currentHead(), std::nullopt};
}

bool ModelWorkspace::showStart(const lessons::ModelStart &next, QString *error)
{
    if (!isRunning())
        return false;
    const lessons::ModelStart now = shownStart();
    if (next.layer != now.layer) {
        ModelView view = m_transformer->view();
        view.layer = std::min(next.layer, m_transformer->shown()->layers - 1);
        if (QString why = m_transformer->setView(view); !why.isEmpty() && error)
            *error = std::move(why);
    }
    if (next.sentence == now.sentence)
        return false;
    m_history->typeSentence(next.sentence);
    return true;
}

void ModelWorkspace::showPassage(const QString &sentence, int layer, int head)
{
    lessons::ModelStart next = shownStart();
    next.sentence = sentence;
    next.layer = layer;
    next.head = head;
    QString ignored; // a layer past the model's is shown as its last
    showStart(next, &ignored);
    m_session->setCurrentHead(head);
}

void ModelWorkspace::enterLessonStep(const lessons::StepState &step, QString *error)
{
    m_pendingStep = std::make_unique<lessons::StepState>(step);
    if (!isRunning())
        return; // the model's first run shows it
    lessons::ModelStart next = lessons::modelWith(shownStart(), step);
    if (next.generate) { // the step's text: its sentence and what the model writes after it
        QString why;
        const QString text = lessonModelText(*m_live->model(), next, &why);
        if (text.isEmpty()) {
            if (error)
                *error = why;
        } else {
            next.sentence = text;
        }
        next.generate.reset();
        m_pendingStep->generate.reset(); // written: its run is the one the step waits for
    }
    if (!showStart(next, error)) { // nothing to run: shown now
        m_pendingStep.reset();
        Q_EMIT lessonStepReady(step);
    }
}

void ModelWorkspace::answerLesson(const QString &exerciseId, const QJsonValue &answer)
{
    m_lessonAnswers.insert(exerciseId, answer);
}

void ModelWorkspace::clearLesson()
{
    m_lessonAnswers = {};
    m_pendingStep.reset();
}

void ModelWorkspace::showRun()
{
    const std::shared_ptr<const live::LiveRun> run = m_live->run();
    if (!run || !run->attention)
        return;
    const QString location = m_live->model()->location();
    if (!m_transformer->isOpen() || m_transformer->path() != location || !m_shownRun) {
        const OpenedFile opened = openModelAttention(run->attention, {}, location, modelName(location));
        if (!opened.loaded) {
            Q_EMIT showFailed(opened.loaded.error.toString());
            return;
        }
        m_transformer->show(opened, location);
        // A causal LM predicts from its last token: that row is the one to read first.
        if (run->causal)
            m_session->setSelectedToken(m_transformer->shown()->n - 1);
    } else {
        Q_EMIT aboutToReplaceRun();
        const bool newSentence = run->ids != m_shownRun->ids || run->target != m_shownRun->target;
        // After a preview the document is made again: its layers are the whole run's now.
        m_transformer->replace(run->attention, !m_shownRun->preview && showsRun(*run));
        // A new sentence of a causal LM is read from its last token, which the prediction is
        // about; an edit of the same sentence keeps the word the person selected.
        if (newSentence && run->causal)
            m_session->setSelectedToken(m_transformer->shown()->n - 1);
    }
    m_shownRun = run;
    if (const std::unique_ptr<live::SessionFile> s = std::exchange(m_pendingSession, nullptr)) {
        // A session file's look and edits, once its model has run on its sentence.
        ModelView view = m_transformer->view();
        if (const AttentionStack stack = live::attentionStack(s->stack); m_transformer->model()->stack(stack))
            view.stack = stack;
        view.layer = std::min(s->layer, qkv::shownStack(*m_transformer->model(), view)->layers - 1);
        if (s->layers) {
            view.layer = -1;
            view.layersBy = *s->layers;
        }
        m_transformer->setView(view);
        m_session->setCurrentHead(std::min(s->head, m_transformer->shown()->heads - 1));
        if (!s->snapshots.empty() || !s->annotations.empty()) { // kept by the look across runs
            Document doc = m_session->document();
            doc.setSnapshots(s->snapshots);
            doc.setBaseline(s->baseline);
            doc.setAnnotations(s->annotations);
            m_session->editDocument(doc, tr("Snapshots and annotations"));
        }
        if (!s->interventions.empty()) // where the history starts, not a step of it
            m_live->setInterventions(s->interventions);
    }
    if (m_recoveredUnsaved && live::sameInterventions(run->forward->interventions, m_live->interventions())) {
        m_recoveredUnsaved = false; // the recovered edits are shown
        m_history->stack()->resetClean();
    }
    Q_EMIT runShown(run);
    // A lesson step's token, once the model has run on the step's sentence.
    if (m_pendingStep && run->sentence == m_live->sentence()) {
        const lessons::StepState step = *std::exchange(m_pendingStep, nullptr);
        if (step.generate) { // entered before the model ran (a lesson resumed): it writes now
            QString ignored; // the step shows its sentence as it is
            enterLessonStep(step, &ignored);
        } else {
            Q_EMIT lessonStepReady(step);
        }
    }
}

void ModelWorkspace::showPreview(std::shared_ptr<const live::LiveRun> preview)
{
    // Over a run of this model already shown, whose layer in view the preview holds: the person's
    // look stays, the layers still computing are not offered until the run is done.
    if (!m_shownRun || m_pendingSession || !m_transformer->isOpen()
        || m_transformer->path() != m_live->model()->location())
        return;
    const ModelView &view = m_transformer->view();
    if (view.stack != AttentionStack::Encoder || view.layer < 0 || view.layer >= preview->attention->layers)
        return;
    Q_EMIT aboutToReplaceRun();
    const bool newSentence = preview->ids != m_shownRun->ids;
    m_transformer->replace(preview->attention, false);
    if (newSentence && preview->causal)
        m_session->setSelectedToken(m_transformer->shown()->n - 1);
    m_shownRun = std::move(preview);
    Q_EMIT previewShown(m_shownRun->attention->layers, m_live->model()->model().config().layers);
}

bool ModelWorkspace::showsPreview() const
{
    return m_shownRun && m_shownRun->preview;
}

bool ModelWorkspace::showsNewestRun() const
{
    return m_shownRun && m_shownRun == m_live->run();
}

void ModelWorkspace::followShownLayer()
{
    const ModelView &view = m_transformer->view();
    const bool one = m_transformer->isOpen() && view.stack == AttentionStack::Encoder && view.layer >= 0;
    m_live->setPreviewLayer(one ? view.layer : -1);
}

bool ModelWorkspace::showsRun(const live::LiveRun &run) const
{
    // The shown layer's document stays when it already shows the run's numbers of its layer:
    // the same tokens, nothing changed before the layer, and the layer's replaced queries, keys
    // and values those the document holds (an edit made in it; not one undone).
    const int layer = m_transformer->view().layer;
    if (layer < 0 || !m_shownRun || run.ids != m_shownRun->ids || run.target != m_shownRun->target)
        return false;
    const std::vector<transformer::Intervention> &now = run.forward->interventions;
    const transformer::Intervention::Stack stack = shownStack();
    if (live::differBefore(m_shownRun->forward->interventions, now, layer, stack))
        return false;
    std::set<int> off; // the layer's heads switched off, which its document marks
    for (const transformer::Intervention &i : now)
        if (i.kind == transformer::Intervention::Kind::Ablate && i.layer == layer && i.stack == stack)
            off.insert(i.head);
    if (off != m_session->document().switchedOffHeads())
        return false;
    const std::vector<transformer::Intervention> shown
        = usesModelVectors(*m_transformer->model(), m_transformer->view())
        ? live::interventionsFromDocument(m_session->document(), layer, *m_shownRun, stack)
        : live::layerEdits(m_shownRun->forward->interventions, layer, stack);
    return live::sameInterventions(shown, live::layerEdits(now, layer, stack));
}

bool ModelWorkspace::editShownLayer(ValuesCommand &edit)
{
    // An edit of the shown layer's vectors is an intervention on that layer: one step of the
    // model's history, named as the document names the edit, and not a step of the document's.
    if (!isRunning() || !m_shownRun || m_transformer->path() != m_live->model()->location()
        || !usesModelVectors(*m_transformer->model(), m_transformer->view()))
        return false;
    edit.redo(); // shown at once; the model's run confirms it
    const int layer = m_transformer->view().layer;
    const transformer::Intervention::Stack stack = shownStack();
    std::vector<transformer::Intervention> next = live::withLayerEdits(m_live->interventions(), layer,
        live::interventionsFromDocument(m_session->document(), layer, *m_shownRun, stack), stack);
    m_history->changeInterventions(std::move(next), tr("%1 in %2").arg(edit.text(), layerName(layer)), edit.dragId());
    return true;
}

void ModelWorkspace::changeInterventions(const QString &text, std::vector<transformer::Intervention> next)
{
    if (isRunning())
        m_history->changeInterventions(std::move(next), text);
}

QString ModelWorkspace::layerName(int layer) const
{
    if (!m_live->isOpen() || !m_live->model()->isEncoderDecoder())
        return tr("layer %1").arg(layer + 1);
    switch (shownStack()) {
    case transformer::Intervention::Stack::Encoder:
        return tr("encoder layer %1").arg(layer + 1);
    case transformer::Intervention::Stack::Decoder:
        return tr("decoder layer %1").arg(layer + 1);
    case transformer::Intervention::Stack::Cross:
        break;
    }
    return tr("cross-attention layer %1").arg(layer + 1);
}

transformer::Intervention::Stack ModelWorkspace::shownStack() const
{
    return live::interventionStack(m_transformer->view().stack);
}

int ModelWorkspace::shownLayer() const
{
    return m_transformer->isOpen() ? m_transformer->view().layer : -1;
}

int ModelWorkspace::selectedModelToken() const
{
    const int token = m_session->selectedToken();
    if (token < 0 || !isRunning() || shownStack() != transformer::Intervention::Stack::Encoder)
        return -1;
    if (const std::optional<TokenGroups> groups = m_transformer->tokenGroups())
        return token < std::ssize(groups->members) && !groups->members[std::size_t(token)].empty()
            ? groups->members[std::size_t(token)].back()
            : -1;
    return token;
}

bool ModelWorkspace::showsOneHead() const
{
    return isRunning() && shownLayer() >= 0 && !m_transformer->view().headsBy;
}

QString ModelWorkspace::valuesFixedReason() const
{
    // A look that combines the model's numbers shows them read-only: an edit would not reach the model.
    return isRunning() && !usesModelVectors(*m_transformer->model(), m_transformer->view())
        ? tr("this view combines the model's numbers (word pieces merged, special tokens hidden, or heads or layers "
             "combined), so its attention comes from no single query and key and an edit would not reach the model. "
             "Show one layer's heads on the model's own tokens (Model dock) to edit them.")
        : QString();
}

bool ModelWorkspace::canSwitchHeadOff(int head) const
{
    // A document of several heads switches its own off (a model's layer shown from a file too).
    return showsOneHead() || (!isRunning() && head >= 0 && m_session->document().settings().heads > 1);
}

bool ModelWorkspace::isHeadOff(int head) const
{
    if (showsOneHead())
        return live::isAblated(m_live->interventions(), shownLayer(), head, shownStack());
    return canSwitchHeadOff(head) && m_session->document().isSwitchedOff(head);
}

std::vector<std::pair<int, int>> ModelWorkspace::switchedOffHeads() const
{
    std::vector<std::pair<int, int>> off;
    if (isRunning())
        for (const transformer::Intervention &i : m_live->interventions())
            if (i.kind == transformer::Intervention::Kind::Ablate && i.stack == shownStack())
                off.emplace_back(i.layer, i.head);
    return off;
}

void ModelWorkspace::switchHead(int layer, int head, bool off)
{
    changeInterventions(off ? tr("Switch head %1 of %2 off").arg(head + 1).arg(layerName(layer))
                            : tr("Switch head %1 of %2 on").arg(head + 1).arg(layerName(layer)),
        live::withAblation(m_live->interventions(), layer, head, off, shownStack()));
}

void ModelWorkspace::switchShownHead(int head, bool off)
{
    if (isRunning()) {
        switchHead(m_transformer->view().layer, head, off);
        return;
    }
    Document doc = m_session->document();
    std::set<int> heads = doc.switchedOffHeads();
    if (off)
        heads.insert(head);
    else
        heads.erase(head);
    doc.setSwitchedOffHeads(heads);
    m_session->editDocument(doc, off ? tr("Switch head %1 off").arg(head + 1) : tr("Switch head %1 on").arg(head + 1));
}

void ModelWorkspace::resetLayer(int layer)
{
    changeInterventions(layer < 0 ? tr("Reset all layers") : tr("Reset %1").arg(layerName(layer)),
        live::withoutLayer(m_live->interventions(), layer, shownStack()));
}

} // namespace qkv
