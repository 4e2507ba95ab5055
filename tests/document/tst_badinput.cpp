// SPEC §5 for the core: every bad document is refused by the loader with its place, the good
// edge cases load, Unicode survives byte for byte, and a failed save leaves the old file as it was.
#include "asuser.h"
#include "attention/engine.h"
#include "badinputs.h"
#include "document/documentio.h"
#include "files.h"
#include "platform/atomicsave.h"

#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;
using namespace qkv::test;

namespace {

// A document holding `text` everywhere text can be: sentence, title, words, embeddings, unknown keys.
Document unicodeDocument(const QString &text, TokenizerKind tokenizer)
{
    Document doc;
    Settings s;
    s.tokenizer = tokenizer;
    doc.setSettings(s);
    doc.setSentence(text);
    doc.setTitle(text);
    doc.setDescription(text + u'\n' + text);
    for (const QString &token : doc.tokens()) {
        WordVectors w = doc.wordVectors(token);
        w.q(0, 0) = 0.5;
        doc.setWordVectors(token, w);
        doc.setEmbedding(token, doc.embedding(token));
    }
    doc.setExtraKeys(QJsonObject {{text, QJsonArray {text}}});
    doc.setView(QJsonObject {{u"note"_qs, text}});
    return doc;
}

// "\u00e9…": every UTF-16 unit of `text` as a JSON escape.
QByteArray escapedJson(const QString &text)
{
    QByteArray out;
    for (QChar c : text)
        out += QByteArray("\\u") + QByteArray::number(c.unicode(), 16).rightJustified(4, '0');
    return out;
}

// Saving `bytes` over an old file at `path` must fail with `reason` and leave the folder as it was.
void checkRefusedSave(const QString &path, const QString &reason)
{
    const QString folder = QFileInfo(path).absolutePath();
    const QStringList before = QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
    const QByteArray old = QFileInfo(path).isFile() ? readAll(path) : QByteArray();
    const QString error = saveAtomically(path, serializeDocument(Document()));
    QVERIFY2(error.startsWith(u"Could not save "_qs + path + u": "_qs), qPrintable(error));
    QVERIFY2(error.contains(reason), qPrintable(error));
    if (!old.isEmpty())
        QCOMPARE(readAll(path), old);
    QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), before);
}

} // namespace

class TstBadInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theFullDocumentIsValid()
    {
        // Every bad document below is this one with one part wrong; it must itself load.
        const LoadResult r = parseDocument(withValue(u"title"_qs, u"t"_qs));
        QVERIFY2(r, qPrintable(r.error.toString()));
        QCOMPARE(r.document->settings().heads, 2);
        QVERIFY(r.document->hasStoredAttention() && r.document->hasStoredProjections() && r.document->wo());
    }

    // Each bad document written to a file and opened with the loader the window, the command line
    // and crash recovery use; the message names the file and the place.
    void everyBadDocumentIsRefusedWithItsPlace()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.qkv.json"));
        const std::vector<BadInput> inputs = allBadDocuments();
        int failures = 0;
        for (const BadInput &input : inputs) {
            QFile::remove(path); // a new file, not a truncated one: ext4 flushes those to disk on close
            QVERIFY(write(path, input.bytes));
            const LoadResult r = loadDocument(path);
            QString problem = mismatch(input, r);
            if (problem.isEmpty() && !r.error.toString().startsWith(path + u':'))
                problem = QStringLiteral("the message does not name the file: ") + r.error.toString();
            if (!problem.isEmpty() && ++failures <= 20)
                qWarning("%s: %s", qPrintable(input.name), qPrintable(problem));
        }
        qInfo("%zu bad documents refused", inputs.size());
        QCOMPARE(failures, 0);
        QVERIFY(inputs.size() > 10000);
    }

    void aListOfAnyLengthIsNamedPlainly()
    {
        const LoadResult r = parseDocument(withValue(u"masked"_qs, QJsonObject {}));
        QCOMPARE(r.error.toString(), u"masked: expected a list of [query, key] pairs, got an object"_qs);
    }

    // An entry that chooses nothing stores nothing: 20,000 words at 64 heads × dim 1024 would
    // otherwise be 30 GB of default vectors from a 300 KB file.
    void emptyEntriesCostNothing()
    {
        QByteArray words;
        for (int i = 0; i < 20000; ++i)
            words += "\"w" + QByteArray::number(i) + "\": {}, ";
        words.chop(2);
        const LoadResult r = parseDocument(
            R"({"format": "qkvlab", "version": 1, "sentence": "w1 w2", "heads": 64, "dim": 1024, "words": {)" + words
            + "}}");
        QVERIFY2(r, qPrintable(r.error.toString()));
        QVERIFY(r.document->storedWords().empty());
        QCOMPARE(r.document->wordVectors(u"w1"_qs).q.cols(), 1024);
        // The same for projections: 64 × 3 default matrices of 1500 × 1024 would be 2.4 GB.
        QByteArray heads = "{}";
        for (int h = 1; h < 64; ++h)
            heads += ", {}";
        const LoadResult p = parseDocument(R"({"format": "qkvlab", "version": 1, "sentence": "a", "heads": 64, )"
                                           R"("dim": 1024, "d_model": 1500, "projections": [)"
            + heads + "]}");
        QVERIFY2(p, qPrintable(p.error.toString()));
        QVERIFY(!p.document->hasStoredProjections());
    }

    void edgeCasesThatAreFine_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("tokens");
        const QByteArray head = "{\"format\": \"qkvlab\", \"version\": 1, ";
        QTest::newRow("empty sentence") << head + "\"sentence\": \"\"}" << 0;
        QTest::newRow("only spaces") << head + "\"sentence\": \" \\t\\n \\u3000\"}" << 0;
        QTest::newRow("empty sentence, causal, weights")
            << head + "\"sentence\": \"\", \"mode\": \"weights\", \"mask\": \"causal\", \"attention\": [[]]}" << 0;
        QString many;
        for (int i = 0; i < 8192; ++i)
            many += QStringLiteral("w%1 ").arg(i % 97);
        QTest::newRow("8,192 tokens (the limit)") << head + "\"sentence\": \"" + many.toUtf8() + "\"}" << 8192;
        QTest::newRow("smallest and largest numbers")
            << head + "\"sentence\": \"a\", \"words\": {\"a\": {\"q\": [1e6, -1e6, 5e-324]}}}" << 1;
        QTest::newRow("duplicate key: the last one counts")
            << head + "\"sentence\": \"a\", \"sentence\": \"a b\"}" << 2;
    }
    void edgeCasesThatAreFine()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, tokens);
        const LoadResult r = parseDocument(json);
        QVERIFY2(r, qPrintable(r.error.toString()));
        QCOMPARE(r.document->tokenCount(), tokens);
        QCOMPARE(
            serializeDocument(*parseDocument(serializeDocument(*r.document)).document), serializeDocument(*r.document));
        if (tokens < 100) {
            const Result result = compute(*r.document);
            QCOMPARE(result.heads[0].weights.rows(), tokens);
            QVERIFY(result.output.allFinite());
        }
    }

    void unicodeSurvivesByteForByte_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("wordTokens");
        QTest::newRow("combining marks") << u"e\u0301te\u0301 Cafe\u0301 na\u0308ive Z\u0351\u0362a\u0335"_qs << 4 << 4;
        QTest::newRow("emoji with joiners")
            << u"👩‍💻 👨‍👩‍👧‍👦 🏳️‍🌈 ❤️ 👍🏽"_qs << 5 << 5;
        QTest::newRow("CJK") << u"日本語 中文 한국어 𠀀𪚥"_qs << 4 << 4;
        QTest::newRow("right-to-left") << u"שלום עולם مرحبا بالعالم"_qs << 4 << 4;
        QTest::newRow("mixed direction and controls") << u"abc \u202Eمرحبا\u202C x\u200By"_qs << 3 << 3;
        // Qt 6.4 reads a raw U+FEFF at the start of a JSON string as a byte order mark and drops it.
        QTest::newRow("U+FEFF starting words") << u"\uFEFF \uFEFFz a\uFEFF"_qs << 3 << 3;
        QTest::newRow("punctuation split off") << u"「日本」, ¿qué? «ok»"_qs << 3 << 10;
    }
    void unicodeSurvivesByteForByte()
    {
        QFETCH(QString, text);
        QFETCH(int, tokens);
        QFETCH(int, wordTokens);
        for (TokenizerKind kind : {TokenizerKind::Whitespace, TokenizerKind::Words}) {
            const Document doc = unicodeDocument(text, kind);
            QCOMPARE(doc.tokenCount(), kind == TokenizerKind::Words ? wordTokens : tokens);
            QCOMPARE(doc.tokens().join(QString()), QString(text).remove(QRegularExpression(u"\\s"_qs)));
            const QByteArray saved = serializeDocument(doc);
            // Written as text, not as \u escapes, but for U+FEFF (see jsonwriter.cpp).
            QVERIFY(saved.contains(text.toUtf8().replace("\xEF\xBB\xBF", "\\ufeff")));

            QTemporaryDir dir;
            const QString path = dir.filePath(u"日本 👩‍💻.qkv.json"_qs);
            QCOMPARE(saveAtomically(path, saved), QString());
            const LoadResult back = loadDocument(path);
            QVERIFY2(back, qPrintable(back.error.toString()));
            QVERIFY(*back.document == doc);
            QCOMPARE(back.document->sentence(), text); // no normalization (NFC would merge e + ◌́)
            QCOMPARE(serializeDocument(*back.document), saved);

            // The same text written with \u escapes reads as the same document.
            QByteArray escaped = saved;
            escaped.replace(text.toUtf8().replace("\xEF\xBB\xBF", "\\ufeff"), escapedJson(text));
            const LoadResult fromEscapes = parseDocument(escaped);
            QVERIFY2(fromEscapes, qPrintable(fromEscapes.error.toString()));
            QCOMPARE(fromEscapes.document->sentence(), text);
        }
    }

    void hugeFilesAreRefusedBeforeReading_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::addColumn<QString>("message");
        QTest::newRow("300 MiB") << 300LL * 1024 * 1024 << u"the file is 300 MiB; documents are limited to 64 MiB"_qs;
        QTest::newRow("1 byte over") << limits::maxFileBytes + 1
                                     << u"the file is 65 MiB; documents are limited to 64 MiB"_qs;
        QTest::newRow("8 GiB") << 8LL * 1024 * 1024 * 1024
                               << u"the file is 8192 MiB; documents are limited to 64 MiB"_qs;
    }
    void hugeFilesAreRefusedBeforeReading()
    {
        QFETCH(qint64, size);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QFile huge(dir.filePath(QStringLiteral("huge.qkv.json")));
        QVERIFY(huge.open(QIODevice::WriteOnly));
        QVERIFY(huge.resize(size)); // sparse: takes no disk and no time
        huge.close();
        QCOMPARE(loadDocument(huge.fileName()).error.toString(), huge.fileName() + u": "_qs + message);
    }

    // As an ordinary user a file that may not be read says so, except a huge one, which is refused
    // by its size alone: proof that it is refused before it is opened.
    void unreadableFiles()
    {
        QKV_RUN_AS_ORDINARY_USER();
        QTemporaryDir dir;
        const QString locked = dir.filePath(QStringLiteral("locked.qkv.json"));
        QVERIFY(write(locked, serializeDocument(Document())));
        QVERIFY(QFile::setPermissions(locked, QFile::WriteOwner));
        QCOMPARE(loadDocument(locked).error.toString(), locked + u": Permission denied"_qs);
        QFile huge(dir.filePath(QStringLiteral("huge.qkv.json")));
        QVERIFY(huge.open(QIODevice::WriteOnly) && huge.resize(300LL * 1024 * 1024));
        huge.close();
        QVERIFY(QFile::setPermissions(huge.fileName(), QFile::WriteOwner));
        QCOMPARE(
            loadDocument(huge.fileName()).error.message, u"the file is 300 MiB; documents are limited to 64 MiB"_qs);
    }

    void unwritablePaths()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("doc.qkv.json"));
        QVERIFY(write(file, "old bytes"));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder")));
        checkRefusedSave(dir.filePath(QStringLiteral("no/such/folder/doc.qkv.json")), u"No such file or directory"_qs);
        checkRefusedSave(dir.filePath(QStringLiteral("folder")), u"directory"_qs);
        checkRefusedSave(file + u"/doc.qkv.json"_qs, u"Not a directory"_qs);
        checkRefusedSave(dir.filePath(QString(300, u'x') + u".qkv.json"_qs), u"File name too long"_qs);
        QCOMPARE(readAll(file), QByteArray("old bytes"));
    }

    void readOnlyPlacesAsAnOrdinaryUser()
    {
        QKV_RUN_AS_ORDINARY_USER();
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("doc.qkv.json"));
        QVERIFY(write(file, "old bytes"));
        QVERIFY(QFile::setPermissions(file, QFile::ReadOwner));
        checkRefusedSave(file, u"is not writable"_qs);
        QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner));
        QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner));
        const auto restore = qScopeGuard(
            [&] { QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner); });
        checkRefusedSave(file, u"Permission denied"_qs);
        checkRefusedSave(dir.filePath(QStringLiteral("new.qkv.json")), u"Permission denied"_qs);
        QCOMPARE(readAll(file), QByteArray("old bytes"));
    }

    void fullDisk()
    {
        QTemporaryDir dir;
        const TinyDisk disk(dir.filePath(u"tiny"_qs));
        if (!disk.skipReason().isEmpty())
            QSKIP(qPrintable(disk.skipReason()));
        const QString path = disk.filePath(u"doc.qkv.json"_qs);
        const QByteArray old = withValue(u"title"_qs, u"old"_qs);
        QCOMPARE(saveAtomically(path, old), QString());
        disk.fill();
        // Small enough to sit in Qt's buffer until flush: the case QSaveFile 6.4 gets wrong.
        for (const QByteArray &bytes : {QByteArray(8 * 1024, 'y'), QByteArray(256 * 1024, 'z')}) {
            const QString error = saveAtomically(path, bytes);
            QVERIFY2(error.contains(u"No space left on device"_qs), qPrintable(error));
            QCOMPARE(readAll(path), old);
            QCOMPARE(QDir(disk.path()).entryList(QDir::Files), (QStringList {u"doc.qkv.json"_qs, u"filler"_qs}));
        }
    }
};

QTEST_GUILESS_MAIN(TstBadInput)
#include "tst_badinput.moc"
