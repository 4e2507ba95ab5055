// The GGUF models other tools keep, found where they keep them: Ollama's store (a manifest names
// the weights' blob), LM Studio's folders, the .gguf files of the Hugging Face cache picked by
// their quantization; hostile manifests and names refused.
#include "transformer/hubcache.h"
#include "transformer/localmodels.h"
#include "transformer/refusal.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "ggufwriter.h"

using namespace Qt::StringLiterals;
using namespace qkv::transformer;

namespace {

// A llama file's metadata, enough to be listed (its tensors are not read by the listing).
QByteArray llamaGguf(int layers, const QString &name = {})
{
    qkv::test::GgufWriter w;
    w.addString(u"general.architecture"_s, u"llama"_s);
    if (!name.isEmpty())
        w.addString(u"general.name"_s, name);
    w.addU32(u"llama.block_count"_s, quint32(layers));
    w.addU32(u"llama.attention.head_count"_s, 4);
    w.addU32(u"llama.embedding_length"_s, 64);
    w.addU32(u"llama.feed_forward_length"_s, 128);
    w.addU32(u"llama.vocab_size"_s, 10);
    return w.bytes();
}

bool write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray manifest(const QString &digest)
{
    return QStringLiteral(R"({"schemaVersion": 2, "config": {"digest": "sha256:%1"}, "layers": [
        {"mediaType": "application/vnd.ollama.image.template", "digest": "sha256:%1"},
        {"mediaType": "application/vnd.ollama.image.model", "digest": "%2", "size": 100}]})")
        .arg(QString(64, u'a'), digest)
        .toUtf8();
}

} // namespace

class TstLocalModels : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;

private Q_SLOTS:
    void init()
    {
        qputenv("OLLAMA_MODELS", m_home.filePath(u"ollama"_s).toLocal8Bit());
        qputenv("LMSTUDIO_MODELS", m_home.filePath(u"lmstudio"_s).toLocal8Bit());
        qputenv("HF_HUB_CACHE", m_home.filePath(u"hf"_s).toLocal8Bit());
    }

    void ollamaStore()
    {
        const QString hex = QString(64, u'b');
        const QString blob = m_home.filePath(u"ollama/blobs/sha256-"_s + hex);
        QVERIFY(write(blob, llamaGguf(3)));
        QVERIFY(write(
            m_home.filePath(u"ollama/manifests/registry.ollama.ai/library/tiny/1b"_s), manifest(u"sha256:"_s + hex)));
        QVERIFY(write(m_home.filePath(u"ollama/manifests/hf.co/org/repo/Q4_K_M"_s), manifest(u"sha256:"_s + hex)));
        QCOMPARE(resolveLocation(u"ollama:tiny:1b"_s), blob);
        QCOMPARE(resolveLocation(u"ollama:hf.co/org/repo:Q4_K_M"_s), blob);
        QVERIFY_THROWS_EXCEPTION(Refusal, resolveLocation(u"ollama:tiny"_s)); // tag latest: not pulled
        QVERIFY_THROWS_EXCEPTION(Refusal, resolveLocation(u"ollama:../../etc:passwd"_s));

        QStringList listed;
        for (const CachedModel &m : listCachedModels())
            listed << m.location + u' ' + QString::number(m.layers) + u' ' + m.family;
        QVERIFY2(listed.contains(u"ollama:tiny:1b 3 Llama"_s), qPrintable(listed.join(u'\n')));
        QVERIFY2(listed.contains(u"ollama:hf.co/org/repo:Q4_K_M 3 Llama"_s), qPrintable(listed.join(u'\n')));
    }

    void hostileManifests_data()
    {
        QTest::addColumn<QByteArray>("manifest");
        QTest::addColumn<QString>("message");
        QTest::newRow("not JSON") << QByteArray("{") << u"not a JSON object"_s;
        QTest::newRow("no model layer") << QByteArray(R"({"layers": []})") << u"no layer of type"_s;
        QTest::newRow("a path for a digest")
            << manifest(u"../../../etc/passwd"_s) << u"layers[1].digest: expected sha256:"_s;
        QTest::newRow("short digest") << manifest(u"sha256:abc"_s) << u"layers[1].digest"_s;
    }

    void hostileManifests()
    {
        QFETCH(QByteArray, manifest);
        QFETCH(QString, message);
        QString why;
        QVERIFY(ollamaModelDigest(manifest, &why).isEmpty());
        QVERIFY2(why.contains(message), qPrintable(why));
    }

    void lmStudioAndTheHubCache()
    {
        QVERIFY(write(m_home.filePath(u"lmstudio/pub/model-GGUF/model-Q8_0.gguf"_s), llamaGguf(2)));
        QVERIFY(write(m_home.filePath(u"lmstudio/pub/model-GGUF/mmproj-model-f16.gguf"_s), llamaGguf(1)));
        const QString snapshot = m_home.filePath(u"hf/models--org--name-GGUF/snapshots/"_s + QString(40, u'c'));
        QVERIFY(write(snapshot + u"/name.Q4_K_M.gguf"_s, llamaGguf(5)));
        QVERIFY(write(snapshot + u"/name-q8_0.gguf"_s, llamaGguf(6)));
        QVERIFY(write(m_home.filePath(u"hf/models--org--name-GGUF/refs/main"_s), QByteArray(40, 'c')));

        QCOMPARE(resolveLocation(u"hf:org/name-GGUF:Q4_K_M"_s), snapshot + u"/name.Q4_K_M.gguf"_s);
        QCOMPARE(resolveLocation(u"hf:org/name-GGUF:q8_0"_s), snapshot + u"/name-q8_0.gguf"_s);
        QCOMPARE(resolveLocation(u"hf:org/name-GGUF@main:Q8_0"_s), snapshot + u"/name-q8_0.gguf"_s);
        try {
            resolveLocation(u"hf:org/name-GGUF:Q2_K"_s);
            QFAIL("a quantization the snapshot does not hold");
        } catch (const Refusal &r) {
            QVERIFY2(r.message.contains(u"no .gguf file of Q2_K"_s), qPrintable(r.message));
        }

        QStringList listed;
        for (const CachedModel &m : listCachedModels())
            listed << m.location + u' ' + QString::number(m.layers);
        QVERIFY2(listed.contains(m_home.filePath(u"lmstudio/pub/model-GGUF/model-Q8_0.gguf 2"_s)),
            qPrintable(listed.join(u'\n')));
        QVERIFY2(listed.contains(u"hf:org/name-GGUF:Q4_K_M 5"_s), qPrintable(listed.join(u'\n')));
        QVERIFY2(listed.contains(u"hf:org/name-GGUF:Q8_0 6"_s), qPrintable(listed.join(u'\n')));
        QVERIFY(listed.filter(u"mmproj"_s).isEmpty()); // a vision projector is no model
    }

    // The listing remembers each file's header, and reads it again once the file changed (its
    // size here: two writes within a millisecond may keep its modification time).
    void aChangedFileIsReadAgain()
    {
        const QString path = m_home.filePath(u"lmstudio/pub/changing/model-Q8_0.gguf"_s);
        const auto layersListed = [&path] {
            for (const CachedModel &m : listCachedModels())
                if (m.location == path)
                    return m.layers;
            return -1;
        };
        QVERIFY(write(path, llamaGguf(3)));
        QCOMPARE(layersListed(), 3);
        QCOMPARE(layersListed(), 3);
        QVERIFY(write(path, llamaGguf(12, u"twelve"_s)));
        QCOMPARE(layersListed(), 12);
        QVERIFY(write(path, QByteArray("GGUF") + QByteArray(60, '\xff'))); // damaged: no longer listed
        QCOMPARE(layersListed(), -1);
        QVERIFY(write(path, llamaGguf(7, u"seven layers"_s)));
        QCOMPARE(layersListed(), 7);
    }
};

QTEST_GUILESS_MAIN(TstLocalModels)
#include "tst_localmodels.moc"
