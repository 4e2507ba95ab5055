#include "export/exportsettings.h"

#include "export/settingsvalues.h"

#include <QFileInfo>
#include <QSettings>

#include <limits>

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
const QString colorScaleKey = QStringLiteral("export/figureColours"); // "export/colorScale" had no "as the window"
const QString folderKey = QStringLiteral("export/folder");

int settingsInt(const QSettings &settings, const QString &key, int fallback)
{
    return static_cast<int>(
        settingsNumber(settings, key, std::numeric_limits<int>::min(), std::numeric_limits<int>::max(), fallback));
}

} // namespace

ExportSettings ExportSettings::load(const QSettings &settings)
{
    ExportSettings s;
    s.view = figureKindNamed(settings.value(viewKey).toString()).value_or(s.view);
    s.format = settingsInt(settings, formatKey, s.format);
    s.width = settingsInt(settings, widthKey, s.width);
    s.height = settingsInt(settings, heightKey, s.height);
    s.scale = settingsNumber(settings, scaleKey, 0.01, 100.0, s.scale);
    s.table = settingsInt(settings, tableKey, s.table);
    s.decimals = settingsInt(settings, decimalsKey, s.decimals);
    s.textSize = settingsInt(settings, textSizeKey, s.textSize);
    s.colorScale = settingsInt(settings, colorScaleKey, s.colorScale);
    return s;
}

void ExportSettings::save(QSettings &settings) const
{
    settings.setValue(viewKey, figureKindName(view));
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
