#include "heatmapview.h"

#include <QTest>

class TstHeatmapView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placeholder() { QSKIP("being written"); }
};

QTEST_MAIN(TstHeatmapView)
#include "tst_heatmapview.moc"
