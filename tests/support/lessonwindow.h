#pragma once

#include "app/mainwindow.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <memory>

namespace qkv::test {

// Settings of a test's own (a lesson's progress is kept there), away from the user's.
inline void useTestSettings(const QString &test)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("QKV Lab tests"));
    QCoreApplication::setApplicationName(test);
}

// A window on cleared settings, shown at a laptop's size: no progress of an earlier test carries over.
inline std::unique_ptr<MainWindow> freshWindow()
{
    QSettings().clear();
    auto window = std::make_unique<MainWindow>();
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    return window;
}

} // namespace qkv::test
