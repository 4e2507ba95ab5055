#include "headsgridview.h"

#include <QTest>

class TstHeadsGridView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placeholder() { QSKIP("being written"); }
};

QTEST_MAIN(TstHeadsGridView)
#include "tst_headsgridview.moc"
