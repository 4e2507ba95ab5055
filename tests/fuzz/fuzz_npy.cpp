// The NumPy .npy reader (issue 7) on any bytes: a refusal says where, an accepted array's shape
// and values agree (strings for a string array), every value is finite and within the cap, and
// the array, as a model's attention with side-car tokens, either agrees in every size or is
// refused with a reason.
#include "tensorfuzz.h"

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString where = QStringLiteral("fuzz.npy");
    const TensorFile file = readNpy(fuzz::bytes(data, size), where);
    fuzz::checkTensorFile(file, where);
    if (file) {
        FUZZ_CHECK(file.tensors.size() == 1 && file.names == QStringList {QString()},
            QStringLiteral("an .npy file is one unnamed array"));
    }
    fuzz::checkInterpretation(file, where);
    return 0;
}
