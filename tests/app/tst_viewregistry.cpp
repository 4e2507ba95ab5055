// The views' registry: every view of the window is one row (its name, its place, its What's This,
// its screen reader's interface, its exported figure), and a view missing any of them fails here.
#include "app/mainwindow.h"
#include "session/documentsession.h"
#include "views/figurerenderer.h"
#include "views/viewregistry.h"

#include <QAccessible>
#include <QAccessibleTableInterface>
#include <QDockWidget>
#include <QImage>
#include <QStandardPaths>
#include <QTest>

using namespace qkv;
using namespace Qt::StringLiterals;

class TstViewRegistry : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(u"example:animal"_s));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanupTestCase() { m_window.reset(); }

    // A row for every figure kind but the composed teaching figure, in the export list's order.
    void everyKindHasItsRow()
    {
        std::vector<FigureKind> kinds;
        for (const FigureKind kind : figureKinds)
            if (kind != FigureKind::Figure)
                kinds.push_back(kind);
        QCOMPARE(viewRows().size(), kinds.size());
        for (std::size_t i = 0; i < kinds.size(); ++i) {
            QVERIFY(viewRows()[i].kind == kinds[i]);
            QCOMPARE(viewRow(kinds[i]), &viewRows()[i]);
        }
        QCOMPARE(viewRow(FigureKind::Figure), nullptr);
    }

    void everyViewIsComplete_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < viewRows().size(); ++i)
            QTest::newRow(qPrintable(viewRows()[i].name())) << int(i);
    }
    void everyViewIsComplete()
    {
        QFETCH(int, index);
        const ViewRow &row = viewRows()[std::size_t(index)];
        // In the window by its one name, in its place (a dock shows and hides it).
        auto *view = m_window->findChild<QWidget *>(row.widgetName());
        QVERIFY2(view, qPrintable(row.widgetName() + u" is not in the window"_s));
        auto *place = m_window->findChild<QWidget *>(row.placeName());
        QVERIFY2(place && (place == view || place->isAncestorOf(view)), qPrintable(row.placeName()));
        if (row.placeName().endsWith(u"Dock"))
            QVERIFY(qobject_cast<QDockWidget *>(place));
        // Its What's This, with the glossary link.
        QVERIFY(row.whatsThis && *row.whatsThis);
        QVERIFY2(view->whatsThis().contains(QCoreApplication::translate("WhatsThis", row.whatsThis)),
            qPrintable(view->whatsThis()));
        if (row.glossary)
            QVERIFY(view->whatsThis().contains(u"glossary:"_s + QString::fromLatin1(row.glossary)));
        // Its screen reader's table (the factory asks the rows), and only for its own kind of view.
        QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(view);
        QVERIFY(accessible && accessible->tableInterface());
        QVERIFY(!row.accessible(m_window.get()));
        // Its figure for export, drawn.
        FigureOptions options;
        options.kind = row.kind;
        FigureRenderer renderer(figureInput(*m_window->session()), options);
        QVERIFY(renderer.isValid());
        const QImage image
            = renderImage(FigureSpec {QSize(400, 400), 1.0, FigureFormat::Png, {}, false}, renderer.painter());
        QVERIFY(!image.isNull());
        int inked = 0;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                inked += image.pixel(x, y) != qRgb(255, 255, 255);
        QVERIFY2(inked > 50, qPrintable(QString::number(inked)));
    }

    // The vector plot reads its points aloud (its row was the one without an interface).
    void theVectorPlotReadsItsPoints()
    {
        auto *dock = m_window->findChild<QDockWidget *>(viewRow(FigureKind::Vectors)->placeName());
        dock->show();
        dock->raise();
        auto *view = m_window->findChild<QWidget *>(viewRow(FigureKind::Vectors)->widgetName());
        QAccessibleTableInterface *table = QAccessible::queryAccessibleInterface(view)->tableInterface();
        const Document &doc = m_window->session()->document();
        QCOMPARE(table->rowCount(), int(doc.tokens().size()));
        QCOMPARE(table->columnCount(), 3);
        QAccessibleInterface *cell = table->cellAt(1, 1); // the key of "animal"
        QVERIFY(cell);
        const QString text = cell->text(QAccessible::Name);
        QVERIFY2(text.contains(u"animal"_s) && text.contains(u"("_s), qPrintable(text));
        QVERIFY(!text.contains(u'\n'));
    }
};

QTEST_MAIN(TstViewRegistry)
#include "tst_viewregistry.moc"
