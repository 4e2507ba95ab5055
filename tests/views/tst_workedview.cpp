#include "workedview.h"

#include <QTest>

class TstWorkedView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placeholder() { QSKIP("being written"); }
};

QTEST_MAIN(TstWorkedView)
#include "tst_workedview.moc"
