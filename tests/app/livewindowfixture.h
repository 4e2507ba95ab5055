#pragma once

// The window with a real model running (the GPT-2-shaped fixture checkpoint), as the live-window
// tests drive it: opened on the animal example, then on the model.
#include "app/mainwindow.h"
#include "livemodel/livesession.h"
#include "session/documentsession.h"
#include "views/predictionview.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTest>
#include <QUndoGroup>
#include <QUndoStack>

#include "checkpointfixtures.h"
#include "named.h"

namespace qkv::test {

class LiveWindowFixture
{
protected:
    CheckpointFixtures m_fixtures;
    std::shared_ptr<const live::LiveModel> m_reference;
    std::unique_ptr<MainWindow> m_window;

    template<typename T>
    T *child(const char *name) const
    {
        return named<T>(m_window.get(), name);
    }
    live::LiveSession *live() const { return m_window->liveSession(); }
    DocumentSession *session() const { return m_window->session(); }
    // Undo, Redo and the History dock: the model's history while a model runs.
    QUndoStack *history() const { return m_window->history()->activeStack(); }
    PredictionView *predictions() const { return child<PredictionView>("predictionView"); }
    // Waits until the newest sentence or edit is computed and shown.
    void settle() const
    {
        QTRY_VERIFY_WITH_TIMEOUT(!live()->isComputing(), 10000);
        session()->waitForResult();
    }

    // initTestCase: the fixture checkpoints made, the reference model opened.
    void prepare()
    {
        QStandardPaths::setTestModeEnabled(true);
        QKV_PREPARE_CHECKPOINTS(m_fixtures);
        QString why;
        m_reference = live::LiveModel::open(m_fixtures.path(QStringLiteral("gpt2")), &why);
        QVERIFY2(m_reference, qPrintable(why));
    }
    // init: a shown, active window running the model.
    void openModel()
    {
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(QStringLiteral("example:animal")));
        m_window->resize(1400, 900);
        m_window->show();
        QApplication::setActiveWindow(m_window.get());
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QVERIFY(m_window->openDocument(m_fixtures.path(QStringLiteral("gpt2"))));
        settle();
    }
    // cleanup
    void closeWindow()
    {
        history()->setClean();
        m_window.reset();
    }
};

} // namespace qkv::test
