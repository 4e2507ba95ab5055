#include "app/exportsettings.h"

#include <QFileInfo>
#include <QSettings>

namespace qkv {
namespace {

const QString viewKey = QStringLiteral("export/view");
const QString formatKey = QStringLiteral("export/format");
const QString widthKey = QStringLiteral("export/width");
const QString heightKey = QStringLiteral("export/height");
const QString scaleKey = QStringLiteral("export/scale");
const QString tableKey = QStringLiteral("export/table");
const QString decimalsKey = QStringLiteral("export/decimals");
const QString textSizeKey = QStringLiteral("export/textSize");
const QString colorScaleKey = QStringLiteral("export/colorScale");
const QString folderKey = QStringLiteral("export/folder");

int readInt(const QSettings &settings, const QString &key, int fallback)
{
    bool ok = false;
    const int x = settings.value(key).toInt(&ok);
    return ok ? x : fallback;
}

} // namespace

ExportSettings ExportSettings::load(const QSettings &settings)
{
    ExportSettings s;
    s.view = settings.value(viewKey, s.view).toString();
    s.format = readInt(settings, formatKey, s.format);
    s.width = readInt(settings, widthKey, s.width);
    s.height = readInt(settings, heightKey, s.height);
    bool ok = false;
    const double scale = settings.value(scaleKey).toDouble(&ok);
    if (ok && scale > 0 && scale < 100) // a spin box takes any finite number, NaN not
        s.scale = scale;
    s.table = readInt(settings, tableKey, s.table);
    s.decimals = readInt(settings, decimalsKey, s.decimals);
    s.textSize = readInt(settings, textSizeKey, s.textSize);
    s.colorScale = readInt(settings, colorScaleKey, s.colorScale);
    return s;
}

void ExportSettings::save(QSettings &settings) const
{
    settings.setValue(viewKey, view);
    settings.setValue(formatKey, format);
    settings.setValue(widthKey, width);
    settings.setValue(heightKey, height);
    settings.setValue(scaleKey, scale);
    settings.setValue(tableKey, table);
    settings.setValue(decimalsKey, decimals);
    settings.setValue(textSizeKey, textSize);
    settings.setValue(colorScaleKey, colorScale);
}

QString ExportSettings::lastFolder(const QSettings &settings)
{
    return settings.value(folderKey).toString();
}

void ExportSettings::rememberFolder(QSettings &settings, const QString &savedFile)
{
    settings.setValue(folderKey, QFileInfo(savedFile).absolutePath());
}

} // namespace qkv
