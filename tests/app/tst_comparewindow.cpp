// Model → Compare With Another File… in the window: a GGUF model in F32 against its F16 file (the
// same random weights rounded). The actions follow the comparison, the Prediction dock's bars go
// from the other file's probabilities to these, the views' baseline is the other file's numbers
// (the heatmap draws the changes), the status bar says what is compared, and Stop Comparing
// shows the model alone again.
#include "app/mainwindow.h"
#include "livemodel/livemodel.h"
#include "livemodel/livesession.h"
#include "session/documentsession.h"
#include "views/predictionview.h"
#include "workspace/modelcomparison.h"
#include "workspace/modelworkspace.h"

#include <QAction>
#include <QApplication>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "named.h"
#include "randomllama.h"

using namespace qkv;
using namespace Qt::StringLiterals;

class TstCompareWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString &preset)
    {
        test::LlamaShape shape;
        shape.vocab = 1000;
        shape.amplitude = 0.3f;
        const QString path = m_dir.filePath(preset + u".gguf"_s);
        QString error;
        if (!test::writeRandomLlamaGguf(path, shape, preset, 3, &error))
            qWarning().noquote() << error;
        return path;
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void comparingWithTheF16File()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto *compare = test::named<QAction>(&window, "actionCompareModel");
        auto *stop = test::named<QAction>(&window, "actionStopComparing");
        QVERIFY(!compare->isEnabled()); // no model runs
        QVERIFY(window.openDocument(write(u"F32"_s)));
        QTRY_VERIFY_WITH_TIMEOUT(window.liveSession()->run() && !window.liveSession()->isComputing(), 20000);
        QTRY_VERIFY(compare->isEnabled());
        QVERIFY(!stop->isEnabled());

        auto *workspace = window.findChild<ModelWorkspace *>();
        QVERIFY(workspace);
        QString why;
        const auto other = live::LiveModel::open(write(u"F16"_s), &why);
        QVERIFY2(other, qPrintable(why));
        QCOMPARE(workspace->comparison()->start(other), QString());
        workspace->comparison()->waitForRun();
        window.session()->waitForResult();
        QVERIFY(stop->isEnabled());
        QVERIFY(window.statusBar()->currentMessage().startsWith(u"Compared with F16.gguf"_s));
        QCOMPARE(window.session()->document().baseline(), u"Compared: F16.gguf"_s);

        auto *predictions = test::named<PredictionView>(&window, "predictionView");
        QTRY_VERIFY(!predictions->predictions().empty());
        const PredictionGroup &group = predictions->predictions().front();
        QVERIFY2(group.title.endsWith(u"(from F16.gguf)"_s), qPrintable(group.title));
        QVERIFY(!group.bars.empty());
        for (const PredictedBar &bar : group.bars)
            QVERIFY(bar.before.has_value()); // each bar from the other file's probability

        if (!qEnvironmentVariableIsEmpty("QKV_SCREENSHOT"))
            window.grab().save(qEnvironmentVariable("QKV_SCREENSHOT"));

        stop->trigger();
        QVERIFY(!stop->isEnabled());
        QVERIFY(window.session()->document().baseline().isEmpty());
        QTRY_VERIFY(!predictions->predictions().front().title.contains(u"(from"_s));
        window.session()->undoStack()->setClean();
    }
};

QTEST_MAIN(TstCompareWindow)
#include "tst_comparewindow.moc"
