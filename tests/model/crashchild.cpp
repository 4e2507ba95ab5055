// The process tst_crashrecovery kills: a DocumentSession with an Autosaver, edited without a
// pause (typing, drags of one number, pasted blocks, settings, undo) until it is killed. Each
// edit is journalled to JOURNAL as "MILLISECONDS SHA1" of the document's saved form, so the
// test can tell how old the recovered copy is.
// Usage: crashchild AUTOSAVE_FOLDER JOURNAL SEED DELAY_MS [QUIT_AFTER_MS]
#include "autosaver.h"
#include "documentio.h"
#include "documentsession.h"

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

    QTimer editor;
    editor.setInterval(2);
    QObject::connect(&editor, &QTimer::timeout, [&] {
        const Document &doc = session.document();
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
        const QByteArray hash
            = QCryptographicHash::hash(serializeDocument(session.document()), QCryptographicHash::Sha1).toHex();
        journal.write(QByteArray::number(clock.elapsed()) + ' ' + hash + '\n');
    });
    editor.start();
    if (args.size() > 5) // a clean exit: the Autosaver goes with the session, and its files
        QTimer::singleShot(args[5].toInt(), &app, [&] {
            editor.stop();
            app.quit();
        });
    return app.exec();
}
