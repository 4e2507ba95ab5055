#include "views/numberdelegate.h"

#include <QFont>
#include <QHeaderView>
#include <QStandardItemModel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTest>

using namespace qkv;

namespace {

// A table of numbers as the vector tables show them: right-aligned, some in italics, one
// dimmed, a long one in a narrow column, a selection.
struct Table {
    QStandardItemModel model {4, 3};
    QTableView view;

    explicit Table(QAbstractItemDelegate *delegate)
    {
        const QStringList numbers {u"0.5"_qs, u"-0.0001234"_qs, u"1.234e-05"_qs, u"-12.5"_qs, u"0"_qs, u"3.142"_qs,
            u"-1"_qs, u"0.09979"_qs, u"2"_qs, u"-0.3"_qs, u"100"_qs, u"7.5"_qs};
        for (int i = 0; i < numbers.size(); ++i) {
            auto *item = new QStandardItem(numbers[i]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (i % 4 == 1) {
                QFont italic;
                italic.setItalic(true);
                item->setFont(italic);
            }
            if (i == 6)
                item->setForeground(QPalette().brush(QPalette::Disabled, QPalette::Text));
            model.setItem(i / 3, i % 3, item);
        }
        view.setModel(&model);
        view.setItemDelegate(delegate);
        view.setWordWrap(false);
        view.horizontalHeader()->resizeSection(1, 40); // too narrow for "-0.0001234"
        view.resize(360, 200);
        view.selectionModel()->select(model.index(2, 0), QItemSelectionModel::Select);
    }
    QImage picture() { return view.viewport()->grab().toImage(); }
};

} // namespace

class TestNumberDelegate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void drawsCellsAsTheStyleDoes()
    {
        // Its quicker path must not change a pixel: same background, selection, text and place.
        QStyledItemDelegate styled;
        NumberDelegate numbers;
        Table reference(&styled), quick(&numbers);
        const QImage expected = reference.picture(), actual = quick.picture();
        QCOMPARE(actual.size(), expected.size());
        int differing = 0;
        for (int y = 0; y < expected.height(); ++y)
            for (int x = 0; x < expected.width(); ++x)
                differing += expected.pixel(x, y) != actual.pixel(x, y);
        if (differing) {
            expected.save(u"numberdelegate-expected.png"_qs);
            actual.save(u"numberdelegate-actual.png"_qs);
        }
        QCOMPARE(differing, 0);
        // And numbers were drawn at all: many dark pixels of text.
        int ink = 0;
        for (int y = 0; y < actual.height(); ++y)
            for (int x = 0; x < actual.width(); ++x)
                ink += qGray(actual.pixel(x, y)) < 100;
        QCOMPARE_GT(ink, 200);
    }

    void repaintsTheNewNumberAfterAnEdit()
    {
        NumberDelegate numbers;
        Table table(&numbers);
        const QImage before = table.picture();
        table.model.item(0, 0)->setText(u"0.75"_qs);
        QVERIFY(table.picture() != before);
        table.model.item(0, 0)->setText(u"0.5"_qs);
        QCOMPARE(table.picture(), before);
    }
};

QTEST_MAIN(TestNumberDelegate)
#include "tst_numberdelegate.moc"
