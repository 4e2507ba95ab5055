#include "app/viewoptions.h"

#include <QSettings>

#include <limits>

namespace qkv {
namespace {

const QString barsSortedKey = QStringLiteral("views/barsSorted");
const QString arcsKey = QStringLiteral("views/arrowArcs");
const QString allHeadsKey = QStringLiteral("views/arrowAllHeads");
const QString thresholdKey = QStringLiteral("views/arrowThreshold");
const QString topKKey = QStringLiteral("views/arrowTopK");
const QString massKey = QStringLiteral("views/arrowMass");

bool readBool(const QSettings &settings, const QString &key, bool fallback)
{
    const QVariant v = settings.value(key);
    // An INI file gives "true"/"false" as text; anything else keeps the default.
    if (v.typeId() == QMetaType::Bool)
        return v.toBool();
    const QString text = v.toString();
    return text == u"true" ? true : text == u"false" ? false : fallback;
}

double readNumber(const QSettings &settings, const QString &key, double low, double high, double fallback)
{
    bool ok = false;
    const double x = settings.value(key).toDouble(&ok);
    return ok && x >= low && x <= high ? x : fallback;
}

} // namespace

ViewOptions ViewOptions::load(const QSettings &settings)
{
    ViewOptions o;
    o.barsSorted = readBool(settings, barsSortedKey, o.barsSorted);
    o.arrowArcs = readBool(settings, arcsKey, o.arrowArcs);
    o.arrowAllHeads = readBool(settings, allHeadsKey, o.arrowAllHeads);
    EdgeFilter &f = o.arrowFilter;
    f.threshold = readNumber(settings, thresholdKey, 0.0, 1.0, f.threshold);
    f.topK = static_cast<int>(readNumber(settings, topKKey, 0, std::numeric_limits<int>::max(), f.topK));
    f.mass = readNumber(settings, massKey, 0.01, 1.0, f.mass);
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
