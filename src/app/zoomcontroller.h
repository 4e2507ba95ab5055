#pragma once

#include <QFont>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QWidget>

namespace qkv {

// View → Zoom: one factor for the text and cells of every view and table (the widgets given),
// in steps of about 12 %, remembered per screen (a projector wants larger text than a laptop).
class ZoomController : public QObject
{
    Q_OBJECT

public:
    explicit ZoomController(QWidget *window);

    // The widgets that follow the zoom (docks and the central widget); menus keep their size.
    void setTargets(const QList<QWidget *> &targets);
    // Steps from 100 %: -4 … 10.
    int step() const { return m_step; }
    double factor() const;
    void zoomIn() { setStep(m_step + 1); }
    void zoomOut() { setStep(m_step - 1); }
    void reset() { setStep(0); }
    void setStep(int step);
    // Reads the step remembered for the screen the window is on (also when it moves).
    void followScreen();

    static constexpr int minStep = -4;
    static constexpr int maxStep = 10;

Q_SIGNALS:
    void zoomChanged(double factor);

private:
    void apply();
    QString settingsKey() const;

    QWidget *m_window;
    QList<QPointer<QWidget>> m_targets;
    QFont m_base;
    int m_step = 0;
};

} // namespace qkv
