#include "appidentity.h"

namespace qkv::app {

QString applicationId()
{
    return QStringLiteral("io.github.qkvlab.QKVLab");
}

QIcon applicationIcon()
{
    return QIcon::fromTheme(applicationId(), QIcon(QStringLiteral(":/icons/qkvlab.svg")));
}

} // namespace qkv::app
