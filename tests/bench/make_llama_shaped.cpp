// Writes a Llama-shaped model of random weights for the large_model section, as people have the
// model: a Hugging Face folder in BF16 and llama.cpp's Q4_K_M and Q8_0 GGUF files.
//   qkvmake_llama_shaped OUTDIR 1b|8b
// OUTDIR/NAME-bf16/ (config.json, model.safetensors), OUTDIR/NAME-q4_k_m.gguf, OUTDIR/NAME-q8_0.gguf.
#include "randomllama.h"

#include <QCoreApplication>
#include <QDir>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() != 3 || (args[2] != u"1b" && args[2] != u"8b")) {
        std::fprintf(stderr, "usage: qkvmake_llama_shaped OUTDIR 1b|8b\n");
        return 2;
    }
    const qkv::test::LlamaShape shape = args[2] == u"1b" ? qkv::test::llama32OneB() : qkv::test::llama31EightB();
    const QDir out(args[1]);
    const QString folder = out.filePath(shape.name + u"-bf16"_qs);
    QString error;
    if (!QDir().mkpath(folder) || !qkv::test::writeRandomLlamaFolder(folder, shape, u"BF16"_qs, 1, &error)
        || !qkv::test::writeRandomLlamaGguf(
            out.filePath(shape.name + u"-q4_k_m.gguf"_qs), shape, u"Q4_K_M"_qs, 2, &error)
        || !qkv::test::writeRandomLlamaGguf(
            out.filePath(shape.name + u"-q8_0.gguf"_qs), shape, u"Q8_0"_qs, 3, &error)) {
        std::fprintf(stderr, "qkvmake_llama_shaped: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("%s\n", qPrintable(shape.name));
    return 0;
}
