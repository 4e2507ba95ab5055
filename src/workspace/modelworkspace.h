#pragma once

#include "lessons/lesson.h"
#include "transformer/forward.h"

#include <QJsonObject>

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

namespace qkv {

class Document;
class DocumentSession;
class LiveHistory;
class ModelComparison;
struct OpenedFile;
class TransformerSession;
class ValuesCommand;

namespace live {
class LiveModel;
class LiveSession;
struct LiveRun;
struct SessionFile;
} // namespace live

// A real model at work, without a window: the open model, the sentence it runs on, its
// interventions and their history, and the shown layer's document in the DocumentSession the
// views follow. Every change of the model (a sentence, an edit of the shown layer's vectors, a
// head switched off or on, a layer reset) is one step of its history; each run the model finishes
// is shown in the session (the first as a new document, the next ones replacing its numbers).
// The window wires its widgets to this and to the sessions it owns; tests drive it alone.
class ModelWorkspace : public QObject
{
    Q_OBJECT

public:
    explicit ModelWorkspace(DocumentSession *session, QObject *parent = nullptr);
    ~ModelWorkspace() override;

    DocumentSession *session() const { return m_session; }
    TransformerSession *transformer() const { return m_transformer; }
    live::LiveSession *live() const { return m_live; }
    LiveHistory *history() const { return m_history; }
    // The running model against another file of itself (another precision or quantization).
    ModelComparison *comparison() const { return m_comparison; }
    // A model runs and its attention is shown.
    bool isRunning() const;

    // Runs `model` on `sentence`; empty: the sentence of the model running now (unless a masked
    // LM would have nothing to fill in it), else one that shows what the model does. An
    // encoder-decoder model runs on `target` too (empty: as the sentence). Returns the sentence it
    // runs on. The history starts here.
    QString open(std::shared_ptr<const live::LiveModel> model, QString sentence = {}, QString target = {});
    // Ends the run and forgets a lesson's answers: the session keeps the last document shown.
    void close();
    // `doc` shown in place of any model or model file, as a new document (its own history).
    void showDocument(const Document &doc);
    // A model file's attention (npz, npy, safetensors, JSON), read only, in place of any model.
    void showModelFile(const OpenedFile &opened, const QString &path);
    // The shown document with a lesson's answers on a model: what Save writes, what a lesson checks.
    Document documentWithAnswers() const;
    // A session file's look (layer, head, snapshots) and edits, put on the first run of the model
    // opened for it. Recovered (after a crash): its edits are marked unsaved once shown.
    void restoreOnFirstRun(const live::SessionFile &session, bool recovered = false);
    // The shown layer and head once the model has run (a lesson's start, the model's own choice).
    void showOnFirstRun(int layer, int head);
    // What runs now, as a session file (model, sentence, layer, head, interventions, snapshots).
    live::SessionFile sessionFile() const;
    // What runs now as a lesson names it (the model by its absolute folder, hf:NAME or
    // example:NAME), and a step's: its layer shown, its sentence typed (one step of the history).
    // Returns whether the model runs again (a new sentence), after which the step is shown.
    lessons::ModelStart shownStart() const;
    bool showStart(const lessons::ModelStart &next, QString *error);
    // A passage (one a head scored high on over a corpus) typed as the sentence, one step of the
    // history, and shown at `layer` and `head`.
    void showPassage(const QString &sentence, int layer, int head);
    // A lesson's step on the model: its layer and sentence as showStart, then its token, head and
    // highlight, said by lessonStepReady at once or once the model has run on its sentence.
    void enterLessonStep(const lessons::StepState &step, QString *error);
    // A lesson on the model: the student's answers, kept in the session file (a model's document
    // is rebuilt by every run, so they live here); forgotten, with any step waiting, by clearLesson.
    void answerLesson(const QString &exerciseId, const QJsonValue &answer);
    const QJsonObject &lessonAnswers() const { return m_lessonAnswers; }
    void clearLesson();

    // The shown layer (-1 when the layers are combined or none is open).
    int shownLayer() const;
    // The model's token the selected one stands for (itself, or the last piece of a word shown
    // merged); -1 when none is selected, or the shown attention is a decoder's or cross-attention.
    int selectedModelToken() const;
    // The views show a long run's first layers while the model computes the others.
    bool showsPreview() const;
    // The views show the session's newest finished run: false while a run is being put in (its
    // selection is still moving) and during a preview.
    bool showsNewestRun() const;
    // One head of one layer is shown on the model's own tokens: its edits reach the model.
    bool showsOneHead() const;
    // Why the shown numbers cannot be edited (heads combined, pieces merged), or empty.
    QString valuesFixedReason() const;
    // Whether the head of the shown layer can be switched off (a model's, or a document's of
    // several heads), and whether it is.
    bool canSwitchHeadOff(int head) const;
    bool isHeadOff(int head) const;
    // Every head switched off in the model, as (layer, head).
    std::vector<std::pair<int, int>> switchedOffHeads() const;

    // Steps of the history. A head of the shown layer switches off in the running model, or in
    // the document when no model runs (its joined output then has zeros in its place).
    void switchHead(int layer, int head, bool off);
    void switchShownHead(int head, bool off);
    // The layer's own queries, keys and values back and its heads on; -1: every layer.
    void resetLayer(int layer);

Q_SIGNALS:
    // A run of the same sentence is about to replace the shown numbers: the window holds its
    // slowest figures back a pass.
    void aboutToReplaceRun();
    // The newest run is shown (after the document and the selection followed it).
    void runShown(std::shared_ptr<const live::LiveRun> run);
    // A long run's first `layers` of `of` are shown while the model computes the rest.
    void previewShown(int layers, int of);
    // A run could not be shown as a document.
    void showFailed(const QString &error);
    // Whether a model runs changed; what may be edited changed with it.
    void runningChanged(bool running);
    // A lesson step's token, head and highlight are for the document now shown.
    void lessonStepReady(const lessons::StepState &step);

private:
    void showRun();
    void showPreview(std::shared_ptr<const live::LiveRun> preview);
    void followShownLayer(); // tells the model which layer a long run previews
    transformer::Intervention::Stack shownStack() const; // of an encoder-decoder model's attentions
    QString layerName(int layer) const; // "layer 2", or of an encoder-decoder model "decoder layer 2"
    bool showsRun(const live::LiveRun &run) const;
    bool editShownLayer(ValuesCommand &edit);
    void changeInterventions(const QString &text, std::vector<transformer::Intervention> next);

    DocumentSession *m_session;
    QPointer<DocumentSession> m_sessionAlive; // its route to this workspace ends with it
    TransformerSession *m_transformer;
    live::LiveSession *m_live;
    LiveHistory *m_history;
    ModelComparison *m_comparison; // after the sessions it follows
    std::shared_ptr<const live::LiveRun> m_shownRun; // the run the session shows (a preview's until it is done)
    std::unique_ptr<live::SessionFile> m_pendingSession; // applied to the first run of its model
    bool m_recoveredUnsaved = false; // marked unsaved once a recovered session's edits are shown
    QJsonObject m_lessonAnswers;
    std::unique_ptr<lessons::StepState> m_pendingStep; // shown once the model has run on its sentence
};

// A model as the window names it: "gpt2" (hf:gpt2), a folder's name, "induction (built in)".
QString modelName(const QString &location);

} // namespace qkv
