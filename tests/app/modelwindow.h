#pragma once

// The window shown and running a model (the built-in induction model unless told), its first run
// finished: the start of the tests of what a window does with a running model.
#include "app/mainwindow.h"
#include "livemodel/livesession.h"

#include <QStandardPaths>
#include <QTest>

#include <memory>

namespace qkv::test {

// Call with QVERIFY: false when the window did not show or the model did not open.
inline bool openModelWindow(std::unique_ptr<MainWindow> &window, const QString &model = u"example:induction"_qs)
{
    QStandardPaths::setTestModeEnabled(true);
    window = std::make_unique<MainWindow>();
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) || !window->openDocument(model))
        return false;
    return QTest::qWaitFor([&] { return !window->liveSession()->isComputing(); }, 10000);
}

} // namespace qkv::test
