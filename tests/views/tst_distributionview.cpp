#include "distributionview.h"

#include <QTest>

class TstDistributionView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placeholder() { QSKIP("being written"); }
};

QTEST_MAIN(TstDistributionView)
#include "tst_distributionview.moc"
