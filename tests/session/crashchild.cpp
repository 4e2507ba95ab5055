// The process tst_crashrecovery kills: a DocumentSession with an Autosaver, edited without a
// pause (typing, drags of one number, pasted blocks, settings, undo) until it is killed. Each
// edit is journalled to JOURNAL as "MILLISECONDS SHA1" of what a copy would hold, so the test
// can tell how old the recovered copy is. With "model", the edits are a real model's
// interventions (queries, keys, values replaced, heads switched off) and the copy is the model
// session, as the window keeps it while a model runs.
// Usage: crashchild AUTOSAVE_FOLDER JOURNAL SEED DELAY_MS [QUIT_AFTER_MS | model]
#include "document/documentio.h"
#include "livemodel/livemodel.h"
#include "livemodel/sessionfile.h"
#include "session/autosaver.h"
#include "session/documentsession.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <random>

using namespace qkv;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 5)
        return 2;
    DocumentSession session;
    session.resetDocument(*loadDocument(u"example:birds"_qs).document);
    Autosaver autosaver(&session, args[1]);
    autosaver.setDelay(args[4].toInt());
    QFile journal(args[2]);
    if (!journal.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return 2;
    std::mt19937 rng(args[3].toUInt());
    const auto below = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    QElapsedTimer clock;
    clock.start();
    int dragId = 0, dragSteps = 0;
    const QStringList words {u"cats"_qs, u"often"_qs, u"run"_qs, u"and"_qs, u"birds"_qs, u"fly"_qs};

    // Model mode: the session a copy holds, changed by one intervention at a time.
    const bool modelMode = args.value(5) == u"model";
    std::shared_ptr<const live::LiveModel> model;
    live::SessionFile live;
    if (modelMode) {
        QString why;
        model = live::LiveModel::open(u"example:induction"_qs, &why);
        if (!model)
            return 3;
        live.model = u"example:induction"_qs;
        live.sentence = u"the cat sat on the mat . the cat"_qs;
        autosaver.setContent([&] { return live::serializeSession(live, autosaver.autosaveFile()); });
    }
    const auto content = [&] {
        return modelMode ? live::serializeSession(live, autosaver.autosaveFile())
                         : serializeDocument(session.document());
    };
    const auto intervene = [&] {
        const transformer::Config &c = model->model().config();
        transformer::Intervention i;
        i.layer = below(c.layers);
        i.head = below(c.heads);
        i.kind = static_cast<transformer::Intervention::Kind>(below(5));
        if (i.kind == transformer::Intervention::Kind::Attention)
            i.kind = transformer::Intervention::Kind::Ablate;
        if (i.kind != transformer::Intervention::Kind::Ablate) {
            const int n = int(model->encode(live.sentence).ids.size());
            i.values = Eigen::MatrixXf::NullaryExpr(n, c.headDim, [&] { return float(below(2001) - 1000) / 100.0f; });
        }
        std::erase_if(live.interventions, [&](const transformer::Intervention &o) {
            return o.layer == i.layer && o.head == i.head && o.kind == i.kind;
        });
        live.interventions.push_back(i);
        // The window's edit behind it: one undo step, which starts the backup delay.
        const Document &doc = session.document();
        session.editValue({Field::Query, doc.vectorKey(0), 0, 0, 0}, below(200) / 100.0 - 1);
    };

    QTimer editor;
    editor.setInterval(2);
    QObject::connect(&editor, &QTimer::timeout, [&] {
        const Document &doc = session.document();
        if (modelMode) {
            intervene();
            journal.write(QByteArray::number(clock.elapsed()) + ' '
                + QCryptographicHash::hash(content(), QCryptographicHash::Sha1).toHex() + '\n');
            return;
        }
        const int tokens = doc.tokenCount();
        const int action = below(10);
        if (dragSteps > 0 && tokens > 0) { // a drag goes on: one step merged into one undo step
            --dragSteps;
            session.editValue({Field::Query, doc.vectorKey(0), 0, 0, 0}, below(200) / 100.0 - 1, dragId);
        } else if (action < 3) { // typing: a letter, a space, or a backspace
            QString sentence = doc.sentence();
            const int key = below(12);
            if (key == 0 && !sentence.isEmpty())
                sentence.chop(1);
            else if (tokens < 12)
                sentence += key == 1 ? QStringLiteral(" ") : QString(QChar(u'a' + below(26)));
            session.editSentence(sentence);
        } else if (action < 5 && tokens > 0) { // a drag starts
            dragId = session.newDragId();
            dragSteps = 5 + below(20);
        } else if (action < 7 && tokens > 0) { // a pasted block of a token's vector
            const int token = below(tokens), dim = doc.settings().dim;
            std::vector<ValueRef> refs;
            std::vector<double> values;
            for (int c = 0; c < dim; ++c) {
                refs.push_back({Field::Value, doc.vectorKey(token), 0, 0, c});
                values.push_back(below(200) / 100.0 - 1);
            }
            session.editValues(refs, values);
        } else if (action == 7) { // a setting
            Settings s = doc.settings();
            s.temperature = 0.5 + below(4) * 0.25;
            session.editSettings(s);
        } else if (action == 8 && session.undoStack()->canUndo()) {
            session.undoStack()->undo();
        } else if (session.undoStack()->canRedo()) {
            session.undoStack()->redo();
        } else {
            session.editSentence(doc.sentence() + u' ' + words[below(int(words.size()))]);
        }
        journal.write(QByteArray::number(clock.elapsed()) + ' '
            + QCryptographicHash::hash(content(), QCryptographicHash::Sha1).toHex() + '\n');
    });
    editor.start();
    if (args.size() > 5 && !modelMode) // a clean exit: the Autosaver goes with the session, and its files
        QTimer::singleShot(args[5].toInt(), &app, [&] {
            editor.stop();
            app.quit();
        });
    return app.exec();
}
