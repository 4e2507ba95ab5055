// The safetensors reader (issue 7) on any bytes: what tensorfuzz.h checks of every reader, and
// reading only the model's arrays (as a model file is read) agrees with reading them all.
#include "tensorfuzz.h"

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString where = QStringLiteral("fuzz.safetensors");
    const TensorFile all = readSafetensors(fuzz::bytes(data, size), where);
    fuzz::checkTensorFile(all, where);
    const TensorFile model = readSafetensors(fuzz::bytes(data, size), where, isModelArrayName);
    fuzz::checkTensorFile(model, where);
    fuzz::checkFiltered(all, model, isModelArrayName);
    fuzz::checkInterpretation(model, where);
    return 0;
}
