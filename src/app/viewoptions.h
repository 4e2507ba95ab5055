#pragma once

#include "attention/edgefilter.h"

class QSettings;

namespace qkv {

// The options of the window's views that outlast a session, read and written in one place (the
// "views" group of the settings): the bar chart's order and the arrow graph's layout, heads and
// filter. A value that is missing, not a number or out of range reads as its default.
struct ViewOptions {
    bool barsSorted = false;
    bool arrowArcs = false;
    bool arrowAllHeads = false;
    EdgeFilter arrowFilter;

    static ViewOptions load(const QSettings &settings);
    void save(QSettings &settings) const;
};

} // namespace qkv
