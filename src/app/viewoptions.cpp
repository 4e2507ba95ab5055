#include "app/viewoptions.h"

#include "export/settingsvalues.h"

#include <limits>

namespace qkv {
namespace {

const QString barsSortedKey = QStringLiteral("views/barsSorted");
const QString arcsKey = QStringLiteral("views/arrowArcs");
const QString allHeadsKey = QStringLiteral("views/arrowAllHeads");
const QString thresholdKey = QStringLiteral("views/arrowThreshold");
const QString topKKey = QStringLiteral("views/arrowTopK");
const QString massKey = QStringLiteral("views/arrowMass");

} // namespace

ViewOptions ViewOptions::load(const QSettings &settings)
{
    ViewOptions o;
    o.barsSorted = settingsBool(settings, barsSortedKey, o.barsSorted);
    o.arrowArcs = settingsBool(settings, arcsKey, o.arrowArcs);
    o.arrowAllHeads = settingsBool(settings, allHeadsKey, o.arrowAllHeads);
    EdgeFilter &f = o.arrowFilter;
    f.threshold = settingsNumber(settings, thresholdKey, 0.0, 1.0, f.threshold);
    f.topK = static_cast<int>(settingsNumber(settings, topKKey, 0, std::numeric_limits<int>::max(), f.topK));
    f.mass = settingsNumber(settings, massKey, 0.01, 1.0, f.mass);
    return o;
}

void ViewOptions::save(QSettings &settings) const
{
    settings.setValue(barsSortedKey, barsSorted);
    settings.setValue(arcsKey, arrowArcs);
    settings.setValue(allHeadsKey, arrowAllHeads);
    settings.setValue(thresholdKey, arrowFilter.threshold);
    settings.setValue(topKKey, arrowFilter.topK);
    settings.setValue(massKey, arrowFilter.mass);
}

} // namespace qkv
