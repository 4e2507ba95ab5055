// Switching a head off (issue 46): a document's head switched off from the Model menu, as an undo
// step, said by a bar over the views; its worked computation ends with its output replaced by zero.
#include "app/mainwindow.h"
#include "attention/engine.h"
#include "document/documentio.h"
#include "export/workedcomputation.h"
#include "session/documentsession.h"
#include "views/switchedoffbar.h"

#include <QAction>
#include <QApplication>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>

#include "named.h"

using namespace qkv;
using namespace Qt::StringLiterals;

class TstHeadSwitch : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;

    template<typename T>
    T *child(const char *name) const
    {
        return test::named<T>(m_window.get(), name);
    }
    DocumentSession *session() const { return m_window->session(); }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(u"example:animal"_s));
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup()
    {
        session()->undoStack()->setClean();
        m_window.reset();
    }

    // A document of several heads switches one off from the Model menu, as an undo step; the bar
    // over the views says so and switches it back on.
    void aDocumentsHeadSwitchesOff()
    {
        auto *off = child<QAction>("actionAblateHead");
        QVERIFY(!off->isEnabled()); // one head: nothing to switch off
        Settings s = session()->document().settings();
        s.heads = 2;
        session()->editSettings(s);
        session()->setCurrentHead(1);
        QVERIFY(off->isEnabled());
        QCOMPARE(off->text(), u"Switch &Head 2 Off"_s);
        off->trigger();
        QVERIFY(session()->document().isSwitchedOff(1));
        QVERIFY(off->isChecked());
        QCOMPARE(session()->undoStack()->undoText(), u"Switch head 2 off"_s);
        QVERIFY(session()->result().output.rightCols(s.dim).isZero(0));
        auto *bar = child<SwitchedOffBar>("switchedOffBar");
        QVERIFY(bar->isVisible());
        QVERIFY2(bar->text().startsWith(u"Head 2 is switched off"_s), qPrintable(bar->text()));
        session()->setCurrentHead(0);
        QVERIFY(!bar->isVisible());
        QVERIFY(!off->isChecked());
        session()->setCurrentHead(1);
        QTest::mouseClick(child<QPushButton>("switchOnButton"), Qt::LeftButton);
        QVERIFY(!session()->document().isSwitchedOff(1));
        QVERIFY(!bar->isVisible());
        session()->undoStack()->undo();
        QVERIFY(session()->document().isSwitchedOff(1));
    }

    // A head switched off computes its output as ever, and the steps say that it gives zero
    // instead; the other head is untouched.
    void theWorkedComputationSaysSo()
    {
        Document doc = *loadDocument(u"example:animal"_s).document;
        Settings s = doc.settings();
        s.heads = 2;
        doc.setSettings(s);
        doc.setSwitchedOffHeads({0});
        const Result result = compute(doc);
        QVERIFY(result.heads[0].switchedOff && !result.heads[1].switchedOff);
        QVERIFY(result.output.leftCols(3).isZero(0));
        QCOMPARE(Eigen::VectorXd(result.output.row(7).rightCols(3).transpose()),
            Eigen::VectorXd(result.heads[1].output.row(7).transpose()));
        const QString md = workedMarkdown(workedComputation(doc, result, 0, 7));
        const qsizetype computed = md.indexOf(u"\n**o(it) = [0.405, 0.377, 0.323]**\n"_s);
        const qsizetype off = md.indexOf(u"Head 1 is switched off: its output is replaced by zero"_s);
        const qsizetype zero = md.indexOf(u"\n**o(it) = [0.000, 0.000, 0.000]**\n"_s);
        QVERIFY2(computed > 0 && off > computed && zero > off, qPrintable(md));
        QVERIFY(!workedMarkdown(workedComputation(doc, result, 1, 7)).contains(u"switched off"_s));
    }
};

QTEST_MAIN(TstHeadSwitch)
#include "tst_headswitch.moc"
