#include "edgefilter.h"

#include <QTest>

class TstEdgeFilter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placeholder() { QSKIP("being written"); }
};

QTEST_MAIN(TstEdgeFilter)
#include "tst_edgefilter.moc"
