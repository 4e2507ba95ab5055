// Repository names as typed or pasted, the Hub's settings, its model info read and checked, and
// which files a model needs.
#include "hub/hublisting.h"
#include "hub/hubrepo.h"

#include <QTest>

using namespace qkv::hub;
using namespace Qt::StringLiterals;

class TstHubRepo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesAsTypedOrPasted_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("revision");
        QTest::addColumn<QString>("quantization");
        QTest::newRow("name") << u"gpt2"_s << u"gpt2"_s << u"main"_s << QString();
        QTest::newRow("org") << u"HuggingFaceTB/SmolLM2-135M"_s << u"HuggingFaceTB/SmolLM2-135M"_s << u"main"_s
                             << QString();
        QTest::newRow("revision") << u"org/name@v1.0"_s << u"org/name"_s << u"v1.0"_s << QString();
        QTest::newRow("hf:") << u"hf:gpt2"_s << u"gpt2"_s << u"main"_s << QString();
        QTest::newRow("page") << u"https://huggingface.co/HuggingFaceTB/SmolLM2-135M"_s
                              << u"HuggingFaceTB/SmolLM2-135M"_s << u"main"_s << QString();
        QTest::newRow("tree") << u"https://huggingface.co/org/name/tree/refs%2Fpr%2F1"_s << u"org/name"_s
                              << u"refs/pr/1"_s << QString();
        QTest::newRow("file") << u"https://huggingface.co/org/name/blob/abc/config.json"_s << u"org/name"_s << u"abc"_s
                              << QString();
        // One GGUF file of a repository, by its quantization.
        QTest::newRow("quantization") << u"org/name-GGUF:q4_k_m"_s << u"org/name-GGUF"_s << u"main"_s << u"Q4_K_M"_s;
        QTest::newRow("revision and quantization")
            << u"hf:org/name-GGUF@v2:Q8_0"_s << u"org/name-GGUF"_s << u"v2"_s << u"Q8_0"_s;
    }
    void namesAsTypedOrPasted()
    {
        QFETCH(QString, text);
        QFETCH(QString, id);
        QFETCH(QString, revision);
        QFETCH(QString, quantization);
        QString why;
        const std::optional<RepoRef> ref = parseRepo(text, &why);
        QVERIFY2(ref, qPrintable(why));
        QCOMPARE(ref->id, id);
        QCOMPARE(ref->revision, revision);
        QCOMPARE(ref->quantization, quantization);
    }

    void hostileNamesAreRefused_data()
    {
        QTest::addColumn<QString>("text");
        for (const QString &bad : {u""_s, u".."_s, u"../x"_s, u"a/b/c"_s, u"a/../b"_s, u"a b"_s, u"a\nb"_s, u"-a"_s,
                 u"a--b"_s, u"a/b@../../x"_s, u"a@"_s, u"a@-x"_s, u"a@x y"_s, u"/a"_s, QString(97, u'a'), u"a:"_s,
                 u"a:Q4/../x"_s, u"a:Q4 K"_s})
            QTest::newRow(qPrintable(QString(bad).replace(u'\n', u"\\n"_s))) << bad;
    }
    void hostileNamesAreRefused()
    {
        QFETCH(QString, text);
        QString why;
        QVERIFY(!parseRepo(text, &why));
        QVERIFY(!why.isEmpty());
    }

    void theCacheFolderIsHuggingFaces()
    {
        QString why;
        QCOMPARE(parseRepo(u"HuggingFaceTB/SmolLM2-135M"_s, &why)->cacheFolderName(),
            u"models--HuggingFaceTB--SmolLM2-135M"_s);
        QVERIFY(isCommitHash(u"0123456789abcdef0123456789abcdef01234567"_s));
        QVERIFY(!isCommitHash(u"main"_s));
    }

    void theHubsSettings()
    {
        qputenv("HF_ENDPOINT", "http://127.0.0.1:9/");
        QCOMPARE(hubEndpoint(), u"http://127.0.0.1:9"_s);
        qunsetenv("HF_ENDPOINT");
        QCOMPARE(hubEndpoint(), u"https://huggingface.co"_s);
        for (const char *on : {"1", "true", "YES", "on"}) {
            qputenv("HF_HUB_OFFLINE", on);
            QVERIFY(hubOffline());
        }
        qputenv("HF_HUB_OFFLINE", "0");
        QVERIFY(!hubOffline());
        qputenv("HF_TOKEN", " hf_abc \n");
        QCOMPARE(hubToken(), QByteArray("hf_abc"));
        qunsetenv("HF_TOKEN");
    }

    // A model's own files: configuration, tokenizer and safetensors weights, never the same
    // weights twice in other formats nor a sub-folder's; --include patterns instead.
    void aModelsOwnFiles()
    {
        RepoListing listing;
        for (const QString &path : {u"config.json"_s, u"model.safetensors"_s, u"model-00001-of-00002.safetensors"_s,
                 u"model.safetensors.index.json"_s, u"pytorch_model.bin"_s, u"tf_model.h5"_s, u"flax_model.msgpack"_s,
                 u"rust_model.ot"_s, u"model.onnx"_s, u"onnx/model.safetensors"_s, u"tokenizer.json"_s,
                 u"tokenizer_config.json"_s, u"vocab.json"_s, u"merges.txt"_s, u"tokenizer.model"_s,
                 u"generation_config.json"_s, u"model.gguf"_s, u".gitattributes"_s})
            listing.files.push_back({path, 1, {}, {}});
        QStringList chosen;
        for (const RepoFile &f : chooseFiles(listing))
            chosen << f.path;
        QCOMPARE(chosen,
            (QStringList {u"config.json"_s, u"model.safetensors"_s, u"model-00001-of-00002.safetensors"_s,
                u"model.safetensors.index.json"_s, u"tokenizer.json"_s, u"tokenizer_config.json"_s, u"vocab.json"_s,
                u"merges.txt"_s, u"tokenizer.model"_s, u"generation_config.json"_s}));
        chosen.clear();
        for (const RepoFile &f : chooseFiles(listing, {u"*.onnx"_s, u"onnx/*"_s}))
            chosen << f.path;
        QCOMPARE(chosen, (QStringList {u"model.onnx"_s, u"onnx/model.safetensors"_s}));
    }

    void theModelInfoIsRead()
    {
        const QByteArray json = R"({"id": "gpt2", "sha": "607a30d783dfa663caf39e06633721c8d4cfcd7e", "gated": false,
            "config": {"model_type": "gpt2"}, "siblings": [
            {"rfilename": "config.json", "blobId": "10c66461e4c109db5a2196bff4bb59be30396ed8", "size": 665},
            {"rfilename": "model.safetensors", "blobId": "1f4a8a2cbfbbd5ca2c1e6d1b4ae2b1f1cd3bfe04", "size": 548105171,
             "lfs": {"sha256": "248dfc3911869ec493c76e65bf2fcf7f615828b0254c12b473182f0f81d3a707", "size": 548105171,
                     "pointerSize": 135}}]})";
        QString why;
        const std::optional<RepoListing> listing = parseListing(json, &why);
        QVERIFY2(listing, qPrintable(why));
        QCOMPARE(listing->commit, u"607a30d783dfa663caf39e06633721c8d4cfcd7e"_s);
        QCOMPARE(listing->modelType, u"gpt2"_s);
        QVERIFY(listing->gated.isEmpty());
        QCOMPARE(listing->files.size(), std::size_t(2));
        QCOMPARE(listing->files[0].etag(), u"10c66461e4c109db5a2196bff4bb59be30396ed8"_s);
        QVERIFY(listing->files[1].isLfs());
        QCOMPARE(listing->files[1].size, 548105171);
        QCOMPARE(listing->files[1].etag(), u"248dfc3911869ec493c76e65bf2fcf7f615828b0254c12b473182f0f81d3a707"_s);
        QByteArray wrong = json;
        wrong.replace(R"("size": 548105171,
             "lfs")",
            R"("size": 1,
             "lfs")");
        QVERIFY(!parseListing(wrong, &why));
        QVERIFY2(why.contains(u"siblings[1].lfs.size: differs from the file's size"_s), qPrintable(why));
    }

    void searchResults()
    {
        QString why;
        const auto results = parseSearch(
            R"([{"id": "gpt2", "downloads": 123, "config": {"model_type": "gpt2"}}, {"id": "../evil"}, 3])", &why);
        QVERIFY2(results, qPrintable(why));
        QCOMPARE(results->size(), std::size_t(1));
        QCOMPARE(results->front().downloads, 123);
        QCOMPARE(results->front().parameters, 0); // not listed: not known
        QCOMPARE(results->front().weightBytes, 0);
        // The parameters by type, as the Hub read them from the safetensors headers: bytes each.
        const auto sized = parseSearch(R"([{"id": "a/b", "safetensors": {"parameters": {"BF16": 1000, "F32": 24},
            "total": 1024}}, {"id": "a/c", "safetensors": {"parameters": {"F32": 10, "Q9": 5}}},
            {"id": "a/d", "safetensors": {"parameters": {"F32": "many"}}}])",
            &why);
        QVERIFY2(sized && sized->size() == 3, qPrintable(why));
        QCOMPARE((*sized)[0].parameters, 1024);
        QCOMPARE((*sized)[0].weightBytes, 1000 * 2 + 24 * 4);
        QCOMPARE((*sized)[1].parameters, 15); // counted, but a type we do not know leaves the bytes unknown
        QCOMPARE((*sized)[1].weightBytes, 0);
        QCOMPARE((*sized)[2].parameters, 0);
        QVERIFY(!parseSearch("{}", &why));
    }
};

QTEST_GUILESS_MAIN(TstHubRepo)
#include "tst_hubrepo.moc"
