#include "checkpointfixtures.h"
#include "ggufwriter.h"
#include "transformer/forward.h"
#include "transformer/hubcache.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <thread>

using namespace qkv::transformer;

namespace {

bool copyFolder(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const QString &name : QDir(from).entryList(QDir::Files)) {
        if (!QFile::copy(from + u'/' + name, to + u'/' + name))
            return false;
    }
    return true;
}

bool writeText(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

// Sets or clears the Hugging Face variables for one test, restoring them after.
class HubEnvironment
{
public:
    HubEnvironment()
    {
        for (const char *name : names)
            m_saved.push_back(qgetenv(name));
        for (const char *name : names)
            qunsetenv(name);
    }
    ~HubEnvironment()
    {
        for (std::size_t i = 0; i < std::size(names); ++i) {
            if (m_saved[i].isNull())
                qunsetenv(names[i]);
            else
                qputenv(names[i], m_saved[i]);
        }
    }

private:
    static constexpr const char *names[] = {"HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME", "XDG_CACHE_HOME"};
    std::vector<QByteArray> m_saved;
};

} // namespace

class TestTransformerFiles : public QObject
{
    Q_OBJECT

private:
    CheckpointFixtures m_fixtures;
    bool m_skip = false;
    QString m_why;

private Q_SLOTS:
    void initTestCase()
    {
        m_why = m_fixtures.prepare(m_skip);
        if (!m_skip)
            QVERIFY2(m_why.isEmpty(), qPrintable(m_why));
    }

    void badCheckpoints_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name : {"bad_nan", "bad_inf_f16", "bad_missing", "bad_shape", "bad_type", "bad_activation",
                 "bad_truncated", "bad_header_length", "bad_overlap", "bad_lying_size", "bad_index", "bad_rope",
                 "bad_huge", "bad_attention_bias", "bad_untied"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    // Refused with a message naming the file and what is wrong in it.
    void badCheckpoints()
    {
        if (m_skip)
            QSKIP(qPrintable(m_why));
        QFETCH(QString, name);
        QFile expect(m_fixtures.path(name + u"/expect.txt"_qs));
        if (!expect.open(QIODevice::ReadOnly))
            QSKIP("this file system cannot hold the sparse file of this case");
        const OpenResult r = Model::open(m_fixtures.path(name));
        QVERIFY(!r.model);
        for (const QByteArray &line : expect.readAll().split('\n')) {
            if (!line.isEmpty())
                QVERIFY2(r.error.contains(QString::fromUtf8(line)),
                    qPrintable(QString::fromUtf8(line) + u" not in: "_qs + r.error));
        }
    }

    void missingFolder()
    {
        const OpenResult r = Model::open(u"/nonexistent/model"_qs);
        QVERIFY(!r.model);
        QVERIFY2(r.error.contains(u"/nonexistent/model"_qs), qPrintable(r.error));
    }

    // A shard is a file of the model's folder: in the Hugging Face cache it is a link into the
    // repository's blobs, which opens; a link to a file elsewhere is refused, naming it.
    // GGUF files QKV Lab cannot run: refused naming the key or the tensor (as llama.cpp names it).
    void ggufRefusals()
    {
        QTemporaryDir dir;
        const auto refusal = [&](const qkv::test::GgufWriter &w) {
            const QString path = dir.filePath(u"model.gguf"_qs);
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly) || f.write(w.bytes()) < 0)
                return u"(not written)"_qs;
            f.close();
            return Model::open(path).error;
        };
        qkv::test::GgufWriter falcon;
        falcon.addString(u"general.architecture"_qs, u"falcon"_qs);
        QVERIFY2(refusal(falcon).contains(u"metadata general.architecture: \"falcon\" is not one QKV Lab runs"_qs),
            qPrintable(refusal(falcon)));

        qkv::test::GgufWriter llama;
        llama.addString(u"general.architecture"_qs, u"llama"_qs);
        QVERIFY2(refusal(llama).contains(u"metadata llama.block_count: missing"_qs), qPrintable(refusal(llama)));
        llama.addU32(u"llama.block_count"_qs, 1);
        llama.addU32(u"llama.attention.head_count"_qs, 2);
        llama.addU32(u"llama.embedding_length"_qs, 256);
        llama.addU32(u"llama.feed_forward_length"_qs, 256);
        llama.addU32(u"llama.vocab_size"_qs, 4);
        const auto f32 = [](quint64 n) { return qkv::test::GgufWriter::f32s(std::vector<float>(n, 0.5f)); };
        llama.addTensor({u"token_embd.weight"_qs, {256, 4}, 0, f32(1024)});
        llama.addTensor({u"blk.0.attn_norm.weight"_qs, {256}, 0, f32(256)});
        // IQ2_XXS: a type ggml has that QKV Lab does not dequantize.
        llama.addTensor({u"blk.0.attn_q.weight"_qs, {256, 256}, 16, QByteArray(256 * 66, '\0')});
        const QString why = refusal(llama);
        QVERIFY2(
            why.contains(u"tensor blk.0.attn_q.weight is IQ2_XXS; weights are read as F32, F16"_qs), qPrintable(why));
        QVERIFY2(why.startsWith(dir.filePath(u"model.gguf"_qs)), qPrintable(why));
    }

    void shardLinks()
    {
        if (m_skip)
            QSKIP(qPrintable(m_why));
        QTemporaryDir root;
        const QString from = m_fixtures.path(u"gpt2_f16_shards"_qs);
        const QString repo = root.filePath(u"models--tiny"_qs), snapshot = repo + u"/snapshots/abc"_qs;
        QVERIFY(QDir().mkpath(repo + u"/blobs"_qs) && QDir().mkpath(snapshot));
        for (const QString &name : QDir(from).entryList(QDir::Files)) {
            QVERIFY(QFile::copy(from + u'/' + name, repo + u"/blobs/"_qs + name + u".blob"_qs));
            QVERIFY(QFile::link(u"../../blobs/"_qs + name + u".blob"_qs, snapshot + u'/' + name));
        }
        const OpenResult cached = Model::open(snapshot);
        QVERIFY2(cached.model, qPrintable(cached.error));

        const QString folder = root.filePath(u"model"_qs), shard = u"model-00002-of-00002.safetensors"_qs;
        QVERIFY(copyFolder(from, folder));
        QVERIFY(QFile::remove(folder + u'/' + shard));
        QVERIFY(QFile::link(repo + u"/blobs/"_qs + shard + u".blob"_qs, folder + u'/' + shard));
        const OpenResult outside = Model::open(folder);
        QVERIFY(!outside.model);
        QVERIFY2(outside.error.contains(shard + u" is a link to a file outside the model's folder"_qs),
            qPrintable(outside.error));
        // A name the system would end at a NUL, leaving the link's name: refused as a name before
        // anything is opened.
        const QString index = folder + u"/model.safetensors.index.json"_qs;
        QFile indexFile(index);
        QVERIFY(indexFile.open(QIODevice::ReadOnly));
        QByteArray json = indexFile.readAll();
        indexFile.close();
        QVERIFY(json.contains(shard.toUtf8()));
        QVERIFY(writeText(index, json.replace(shard.toUtf8(), shard.toUtf8() + "\\u0000x")));
        const OpenResult nul = Model::open(folder);
        QVERIFY(!nul.model);
        QVERIFY2(nul.error.contains(u": expected a file name in the same folder"_qs), qPrintable(nul.error));
    }

    // hf:NAME as huggingface_hub finds it: HF_HUB_CACHE, else HF_HOME/hub; refs/main names the
    // snapshot, else the newest one.
    void hubCache()
    {
        if (m_skip)
            QSKIP(qPrintable(m_why));
        HubEnvironment environment;
        QTemporaryDir root;
        const QString hub = root.filePath(u"cache/hub"_qs);
        const QString repo = hub + u"/models--owner--tiny-gpt2"_qs;
        QVERIFY(copyFolder(m_fixtures.path(u"gpt2"_qs), repo + u"/snapshots/abc123"_qs));
        QVERIFY(copyFolder(m_fixtures.path(u"llama_gqa_bf16"_qs), repo + u"/snapshots/old999"_qs));
        QVERIFY(writeText(repo + u"/refs/main"_qs, "abc123\n"));
        QVERIFY(copyFolder(m_fixtures.path(u"bert"_qs), hub + u"/models--bert-tiny/snapshots/only"_qs));
        QVERIFY(copyFolder(m_fixtures.path(u"bad_type"_qs), hub + u"/models--someone--t5/snapshots/x"_qs));
        QDir().mkpath(hub + u"/models--empty--repo/snapshots"_qs);

        qputenv("HF_HUB_CACHE", hub.toUtf8());
        QCOMPARE(hubCacheFolder(), hub);
        QCOMPARE(resolveLocation(u"hf:owner/tiny-gpt2"_qs), repo + u"/snapshots/abc123"_qs);
        // A revision that is no snapshot's name (the repository itself, "..") is passed over.
        QVERIFY(writeText(repo + u"/refs/main"_qs, "..\n"));
        const QString passedOver = resolveLocation(u"hf:owner/tiny-gpt2"_qs);
        QVERIFY2(QFileInfo(passedOver).canonicalPath() == QFileInfo(repo + u"/snapshots"_qs).canonicalFilePath(),
            qPrintable(passedOver));
        QVERIFY(writeText(repo + u"/refs/main"_qs, "abc123\n"));
        QCOMPARE(resolveLocation(u"hf:bert-tiny"_qs), hub + u"/models--bert-tiny/snapshots/only"_qs);
        const OpenResult opened = Model::open(u"hf:owner/tiny-gpt2"_qs);
        QVERIFY2(opened.model, qPrintable(opened.error));
        QCOMPARE(opened.model->config().modelType, u"gpt2"_qs);
        const OpenResult missing = Model::open(u"hf:owner/absent"_qs);
        QVERIFY(missing.error.contains(u"models--owner--absent"_qs));

        const std::vector<CachedModel> models = listCachedModels();
        QCOMPARE(models.size(), std::size_t(2));
        QCOMPARE(models[0].name, u"bert-tiny"_qs);
        QCOMPARE(models[0].family, u"BERT"_qs);
        QCOMPARE(models[1].name, u"owner/tiny-gpt2"_qs);
        QCOMPARE(models[1].modelType, u"gpt2"_qs);
        QCOMPARE(models[1].layers, 2);
        QCOMPARE(models[1].heads, 4);
        QCOMPARE(models[1].parameters, opened.model->parameterCount());
        QVERIFY(models[1].bytes > models[1].parameters * 4);

        // Without refs/main: the newest snapshot (a folder made and removed inside makes it newer).
        QVERIFY(QFile::remove(repo + u"/refs/main"_qs));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        QVERIFY(QDir(repo + u"/snapshots"_qs).rename(u"old999"_qs, u"newer"_qs));
        QVERIFY(QDir(repo + u"/snapshots"_qs).mkdir(u"newer/sub"_qs)
            && QDir(repo + u"/snapshots/newer"_qs).rmdir(u"sub"_qs));
        QCOMPARE(resolveLocation(u"hf:owner/tiny-gpt2"_qs), repo + u"/snapshots/newer"_qs);

        // HF_HOME/hub when HF_HUB_CACHE is not set.
        qunsetenv("HF_HUB_CACHE");
        qputenv("HF_HOME", root.filePath(u"cache"_qs).toUtf8());
        QCOMPARE(hubCacheFolder(), hub);
        QCOMPARE(listCachedModels().size(), std::size_t(2));
        qunsetenv("HF_HOME");
        qputenv("XDG_CACHE_HOME", root.filePath(u"xdg"_qs).toUtf8());
        QCOMPARE(hubCacheFolder(), root.filePath(u"xdg/huggingface/hub"_qs));
        QVERIFY(listCachedModels().empty());
    }
};

QTEST_GUILESS_MAIN(TestTransformerFiles)
#include "tst_transformerfiles.moc"
