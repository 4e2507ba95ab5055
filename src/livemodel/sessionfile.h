#pragma once

#include "document/annotation.h"
#include "document/documentio.h"
#include "modelfiles/modelaggregate.h"
#include "transformer/forward.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace qkv::live {

// A real model as it was left in the window (.qkvmodel.json): which model, the sentence, what
// was looked at, and every intervention with its numbers. The weights are not in it: it reopens
// to the same state where the model is present.
struct SessionFile {
    QString model; // a folder (absolute) or hf:NAME
    QString modelRelative; // the folder relative to the session file, when it was saved beside it
    QString sentence;
    // An encoder-decoder model's target ("target") and the attention shown ("stack": "encoder",
    // "decoder" or "cross"; each intervention names its own); left out for other models.
    QString target;
    transformer::Intervention::Stack stack = transformer::Intervention::Stack::Encoder;
    int layer = 0;
    // All layers combined rather than `layer` ("layers": "mean", "max", "rollout" or "flow"; left
    // out for one layer).
    std::optional<Aggregate> layers;
    int head = 0;
    std::vector<transformer::Intervention> interventions;
    // A lesson's answers to predictions and choices ("lesson_answers", as in a document): the
    // model's document is made anew on each run, so the session keeps them.
    QJsonObject lessonAnswers;
    // The shown look's snapshots and the one compared with ("snapshots" and "baseline", as in a
    // document; left out when none).
    std::vector<Snapshot> snapshots;
    QString baseline;
    // A teacher's marks on the shown views ("annotations", as in a document): they name tokens by
    // their words, so they stay across sentences.
    std::vector<Annotation> annotations;
};

inline constexpr auto sessionSuffix = ".qkvmodel.json";
bool isSessionFileName(const QString &file);

// Pretty JSON; `file` is where it will be written (for the relative model path).
QByteArray serializeSession(const SessionFile &session, const QString &file);

struct SessionLoad {
    std::optional<SessionFile> session;
    LoadError error; // the first problem, with its place (line, column, JSON path)
    explicit operator bool() const { return session.has_value(); }
};
// Reads and validates one (refusing files over limits::maxFileBytes before reading).
SessionLoad loadSession(const QString &file);
SessionLoad parseSession(const QByteArray &json, const QString &file);

// Where the model of a session is: the saved location when it exists, else the folder relative
// to the session file; empty when neither is there.
QString locateModel(const SessionFile &session, const QString &file);

} // namespace qkv::live
