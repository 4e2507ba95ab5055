#pragma once

#include <QApplication>
#include <QMouseEvent>
#include <QWidget>

namespace qkv::test {

// One mouse event as a person's hand sends it, with the buttons held (a move carries no button
// of its own): QTest's mouseMove cannot hold a button down for a drag.
inline void sendMouse(QWidget *target, QEvent::Type type, QPoint pos, Qt::MouseButtons buttons,
    Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, pos, target->mapToGlobal(pos), button, buttons, mods);
    QApplication::sendEvent(target, &event);
}

// A horizontal drag of `dx` pixels from `start` in steps of at most 3 pixels, as a scrub.
inline void dragSideways(QWidget *target, QPoint start, int dx, Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    sendMouse(target, QEvent::MouseButtonPress, start, Qt::LeftButton, mods);
    const int steps = std::max(1, std::abs(dx) / 3);
    for (int i = 1; i <= steps; ++i)
        sendMouse(target, QEvent::MouseMove, start + QPoint(dx * i / steps, 0), Qt::LeftButton, mods);
    sendMouse(target, QEvent::MouseButtonRelease, start + QPoint(dx, 0), Qt::NoButton, mods);
}

} // namespace qkv::test
