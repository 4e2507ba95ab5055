#include "cli/appidentity.h"

namespace qkv::cli {

QString applicationId()
{
    return QStringLiteral("io.github.qkvlab.QKVLab");
}

QString applicationVersion()
{
    return QStringLiteral(QKV_VERSION);
}

QIcon applicationIcon()
{
    return QIcon::fromTheme(applicationId(), QIcon(QStringLiteral(":/icons/qkvlab.svg")));
}

} // namespace qkv::cli
