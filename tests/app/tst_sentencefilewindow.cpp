// Model → Sentence from Text File… (issue 52, long documents): a text file typed as the sentence
// in one step of the history, one past the model's positions refused or cut to them, a file that
// is not text refused naming the place; the long run's memory said in the status bar, and its
// layer in view shown before the others are computed.
#include "app/mainwindow.h"
#include "app/sentencefilemenu.h"
#include "livemodel/livesession.h"
#include "modelwindow.h"
#include "views/predictionview.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoGroup>
#include <QUndoStack>

using namespace qkv;
using namespace Qt::StringLiterals;

class TestSentenceFileWindow : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

    QString written(const QString &name, const QByteArray &bytes)
    {
        QFile f(m_dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qWarning("cannot write %s", qPrintable(f.fileName()));
        return f.fileName();
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(test::openModelWindow(m_window)); }

    void typesTheFileAsOneStep()
    {
        auto *menu = m_window->findChild<SentenceFileMenu *>();
        QVERIFY(menu);
        auto *action = m_window->findChild<QAction *>(u"actionSentenceFromFile"_s);
        QVERIFY(action && action->isEnabled());
        auto *edit = m_window->findChild<QLineEdit *>(u"sentenceEdit"_s);
        const QString before = edit->text();
        QUndoStack *stack = m_window->history()->activeStack();
        const int steps = stack->count();

        QCOMPARE(menu->typeFile(written(u"short.txt"_s, "the dog ran to the park .\n"), false), QString());
        QTRY_COMPARE_WITH_TIMEOUT(edit->text(), u"the dog ran to the park ."_s, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->liveSession()->isComputing(), 10000);
        QCOMPARE(m_window->liveSession()->run()->sentence, u"the dog ran to the park ."_s);
        QCOMPARE(stack->count(), steps + 1);
        QCOMPARE(stack->undoText(), u"Sentence from short.txt"_s);
        stack->undo();
        QTRY_COMPARE_WITH_TIMEOUT(edit->text(), before, 5000);
    }

    // A long run shows the layer in view first: the status bar says the others are computing and
    // the Model dock names them without offering them, until the whole run is shown.
    void aLongRunShowsItsLayerFirst()
    {
        live::LiveSession *live = m_window->liveSession();
        auto *layers = m_window->findChild<QComboBox *>(u"layerBox"_s);
        QVERIFY(layers);
        QTest::keyClick(layers, Qt::Key_Home); // the first of the model's layers, not the last it shows
        QCOMPARE(layers->currentData().toInt(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!live->isComputing(), 10000);
        const double after = live->previewAfter();
        live->setPreviewAfter(0); // every run counts as long
        QString message, predictionMessage;
        int offered = -1, named = -1;
        const QMetaObject::Connection c = connect(live, &live::LiveSession::previewed, this, [&] {
            message = m_window->statusBar()->currentMessage();
            predictionMessage = m_window->findChild<PredictionView *>(u"predictionView"_s)->message();
            named = layers->count();
            offered = 0;
            for (int i = 0; i < layers->count(); ++i)
                offered += qobject_cast<QStandardItemModel *>(layers->model())->item(i)->isEnabled() ? 1 : 0;
        });
        auto *menu = m_window->findChild<SentenceFileMenu *>();
        QCOMPARE(menu->typeFile(written(u"long.txt"_s, "the cat ran to the park .\n"), false), QString());
        QTRY_VERIFY_WITH_TIMEOUT(!message.isEmpty(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!live->isComputing(), 10000);
        disconnect(c);
        live->setPreviewAfter(after);
        const int all = live->model()->model().config().layers;
        QCOMPARE(message, u"Layer 1 of %1 is shown; the model is computing the others"_s.arg(all));
        QCOMPARE(named, layers->count()); // every layer named, and mean, max, rollout, flow
        QCOMPARE(offered, 1); // only the layer shown
        QCOMPARE(predictionMessage, u"The prediction comes with the last layer"_s); // not the last text's
        QVERIFY(m_window->findChild<PredictionView *>(u"predictionView"_s)->message().isEmpty()); // the run's now
        QTRY_VERIFY(m_window->statusBar()->currentMessage() != message);
        for (int i = 0; i < all; ++i)
            QVERIFY(qobject_cast<QStandardItemModel *>(layers->model())->item(i)->isEnabled());
    }

    void pastThePositionsRefusedOrCut()
    {
        auto *menu = m_window->findChild<SentenceFileMenu *>();
        auto *edit = m_window->findChild<QLineEdit *>(u"sentenceEdit"_s);
        QByteArray text;
        for (int i = 0; i < 60; ++i)
            text += "the cat sat on the mat . ";
        const QString path = written(u"long.txt"_s, text);
        const QString before = edit->text();
        const QString refused = menu->typeFile(path, false);
        QVERIFY2(refused.startsWith(u"long.txt is "_s) && refused.endsWith(u"which reads at most 128."_s),
            qPrintable(refused));
        QCOMPARE(edit->text(), before);
        QCOMPARE(menu->typeFile(path, true), QString());
        QTRY_VERIFY_WITH_TIMEOUT(edit->text().startsWith(u"the cat sat on the mat . the cat"_s), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->liveSession()->isComputing(), 10000);
        const auto run = m_window->liveSession()->run();
        QVERIFY(run && run->error.isEmpty());
        QCOMPARE(run->sentence, edit->text());
        QVERIFY(run->ids.size() <= 128 && run->ids.size() > 120);
    }

    void notTextRefused()
    {
        auto *menu = m_window->findChild<SentenceFileMenu *>();
        const QString why = menu->typeFile(written(u"image.txt"_s, QByteArray("GIF89a\x01\x00\0\0", 10)), false);
        QCOMPARE(why, u"image.txt: a zero byte at line 1, byte 8: a binary file, not text"_s);
    }
};

QTEST_MAIN(TestSentenceFileWindow)
#include "tst_sentencefilewindow.moc"
