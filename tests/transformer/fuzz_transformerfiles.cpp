// The checkpoint readers of qkvtransformer on any bytes: a safetensors header, config.json and
// an index's weight_map each refuse what they cannot read and never crash; what they accept
// is consistent (every tensor inside the data, sizes as the shapes say). Replayed from
// corpus/transformerfiles by ctest; a libFuzzer build links it without replaymain.cpp.
#include "tensorfiles/formaterror.h"
#include "tensorfiles/safetensorsheader.h"
#include "transformer/config.h"
#include "transformer/refusal.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <cstdlib>

using namespace qkv::transformer;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try {
        const auto header
            = qkv::parseSafetensorsHeader(QByteArrayView(reinterpret_cast<const char *>(data), qsizetype(size)));
        for (const qkv::SafetensorsEntry &e : header.entries) {
            if (e.offset < 8 || e.size < 0 || e.size > qint64(size) - e.offset) {
                std::fprintf(stderr, "tensor %s lies outside the input\n", qPrintable(e.name));
                std::abort();
            }
        }
    } catch (const qkv::tensorio::Invalid &) { }
    const QJsonDocument json
        = QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)));
    try {
        const Config c = parseConfig(json.object(), u"config.json"_qs);
        if (c.layers < 1 || c.heads < 1 || c.headDim < 1 || c.kvHeads < 1 || c.heads % c.kvHeads != 0) {
            std::fprintf(stderr, "an impossible config was accepted\n");
            std::abort();
        }
    } catch (const Refusal &) { }
    return 0;
}
