#include "vectorplotview.h"

#include <QTest>

class TstVectorPlotView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void placeholder() { QSKIP("being written"); }
};

QTEST_MAIN(TstVectorPlotView)
#include "tst_vectorplotview.moc"
