// The views' options outlast the window: what a person set in the arrow graph's controls and the
// bar chart comes back in the next window, through one load and one save; a settings file with
// missing, mistyped or out-of-range values gives the defaults for those and keeps the rest.
#include "app/mainwindow.h"
#include "app/viewoptions.h"
#include "views/arrowgraphview.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

class TstViewOptions : public QObject
{
    Q_OBJECT

    template<typename T>
    static T *child(QWidget *window, const char *name)
    {
        auto *w = window->findChild<T *>(QLatin1String(name));
        if (!w)
            qFatal("no child %s", name);
        return w;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void aSettingsFileReadsBackWhatWasSaved()
    {
        QTemporaryDir dir;
        QSettings file(dir.filePath(QStringLiteral("qkvlab.ini")), QSettings::IniFormat);
        const ViewOptions saved {true, true, true, {0.125, 3, 0.75}};
        saved.save(file);
        file.sync();
        const QSettings again(dir.filePath(QStringLiteral("qkvlab.ini")), QSettings::IniFormat);
        const ViewOptions read = ViewOptions::load(again);
        QCOMPARE(read.barsSorted, true);
        QCOMPARE(read.arrowArcs, true);
        QCOMPARE(read.arrowAllHeads, true);
        QCOMPARE(read.arrowFilter.threshold, 0.125);
        QCOMPARE(read.arrowFilter.topK, 3);
        QCOMPARE(read.arrowFilter.mass, 0.75);
    }

    void badValuesReadAsTheirDefaults()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("qkvlab.ini"));
        QFile ini(path);
        QVERIFY(ini.open(QIODevice::WriteOnly));
        ini.write("[views]\nbarsSorted=yes please\narrowArcs=true\narrowThreshold=1.5\narrowTopK=-2\n"
                  "arrowMass=lots\n");
        ini.close();
        const ViewOptions read = ViewOptions::load(QSettings(path, QSettings::IniFormat));
        const ViewOptions defaults;
        const EdgeFilter defaultFilter;
        QCOMPARE(read.barsSorted, defaults.barsSorted);
        QCOMPARE(read.arrowArcs, true); // the one good value is kept
        QCOMPARE(read.arrowAllHeads, defaults.arrowAllHeads); // missing
        QCOMPARE(read.arrowFilter.threshold, defaultFilter.threshold);
        QCOMPARE(read.arrowFilter.topK, defaultFilter.topK);
        QCOMPARE(read.arrowFilter.mass, defaultFilter.mass);
    }

    void theNextWindowShowsWhatThisOneWasSetTo()
    {
        {
            MainWindow window;
            QVERIFY(window.openDocument(QStringLiteral("example:animal")));
            window.show();
            child<QComboBox>(&window, "arrowLayoutBox")->setCurrentIndex(1);
            child<QDoubleSpinBox>(&window, "thresholdBox")->setValue(0.1);
            child<QSpinBox>(&window, "topKBox")->setValue(4);
            child<QDoubleSpinBox>(&window, "massBox")->setValue(80);
            child<QCheckBox>(&window, "sortedBox")->setChecked(true);
            QVERIFY(window.close());
        }
        MainWindow next;
        QVERIFY(next.openDocument(QStringLiteral("example:animal")));
        auto *graph = child<ArrowGraphView>(&next, "arrowsView");
        QCOMPARE(graph->graphLayout(), ArrowGraphView::Layout::Arcs);
        QCOMPARE(graph->filter().threshold, 0.1);
        QCOMPARE(graph->filter().topK, 4);
        QCOMPARE(graph->filter().mass, 0.8);
        QCOMPARE(child<QSpinBox>(&next, "topKBox")->value(), 4);
        QVERIFY(child<QCheckBox>(&next, "sortedBox")->isChecked());
        QSettings().clear();
    }
};

QTEST_MAIN(TstViewOptions)
#include "tst_viewoptions.moc"
