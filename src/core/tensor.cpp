#include "tensor.h"

#include "tensordecode.h"

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

} // namespace qkv
