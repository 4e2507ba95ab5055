#include "arrowgraphview.h"

#include <QTest>

class TstArrowGraphView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placeholder() { QSKIP("being written"); }
};

QTEST_MAIN(TstArrowGraphView)
#include "tst_arrowgraphview.moc"
