// The vector tables lay themselves out in the same pass as the model's change: a real model's run
// at every keystroke renames and adds rows, and a relayout left for a later pass painted the table
// twice, with its scroll bars.
#include "views/scrubtableview.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace qkv;

class TstScrubTableView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aNewRowNameOrRowIsLaidOutAtOnce()
    {
        QStandardItemModel model(3, 4);
        model.setVerticalHeaderLabels({u"a"_s, u"b"_s, u"c"_s});
        ScrubTableView view;
        view.setModel(&model);
        view.resize(400, 120);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCoreApplication::processEvents();
        QHeaderView *rows = view.verticalHeader();
        const int narrow = rows->width();

        // A longer token: the row header is as wide as its names before the event loop runs again.
        model.setVerticalHeaderItem(1, new QStandardItem(u"a much longer token"_s));
        QVERIFY(rows->width() > narrow);
        QCOMPARE(rows->width(), rows->sizeHint().width());
        QCOMPARE(view.viewport()->x(), rows->geometry().right() + 1);

        // More rows than fit: the scroll bar's range is there at once too.
        QCOMPARE(view.verticalScrollBar()->maximum(), 0);
        for (int i = 0; i < 20; ++i)
            model.appendRow(new QStandardItem(u"0.5"_s));
        QVERIFY(view.verticalScrollBar()->maximum() > 0);
        const int most = view.verticalScrollBar()->maximum();
        model.removeRows(3, 20);
        QVERIFY(view.verticalScrollBar()->maximum() < most);

        // Another model: the first one's changes no longer lay the table out.
        QStandardItemModel other(2, 2);
        view.setModel(&other);
        QCoreApplication::processEvents();
        const int width = rows->width();
        model.setVerticalHeaderItem(0, new QStandardItem(u"an even much longer token than before"_s));
        QCOMPARE(rows->width(), width);
    }
};

QTEST_MAIN(TstScrubTableView)
#include "tst_scrubtableview.moc"
