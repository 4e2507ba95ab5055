#include "tensorfiles/tensor.h"

#include "tensorfiles/tensordecode.h"

#include <utility>

namespace qkv {

qint64 Tensor::count() const
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    return n;
}

QString Tensor::shapeString() const
{
    return tensorio::shapeString(shape);
}

const Tensor *TensorFile::find(const QString &name) const
{
    for (const Tensor &t : tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

Tensor *TensorFile::find(const QString &name)
{
    return const_cast<Tensor *>(std::as_const(*this).find(name));
}

} // namespace qkv
