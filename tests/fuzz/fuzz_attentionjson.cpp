// The JSON form of a model's attention (issue 7) on any bytes: what tensorfuzz.h checks of every
// reader; a refusal names the JSON path or the line and column of a syntax error.
#include "tensorfuzz.h"

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString where = QStringLiteral("fuzz.json");
    const TensorFile file = readAttentionJson(fuzz::bytes(data, size), where);
    fuzz::checkTensorFile(file, where);
    fuzz::checkInterpretation(file, where);
    return 0;
}
