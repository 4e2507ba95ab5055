#include "workedcomputation.h"

#include <QTest>

class TstWorkedComputation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placeholder() { QSKIP("being written"); }
};

QTEST_MAIN(TstWorkedComputation)
#include "tst_workedcomputation.moc"
