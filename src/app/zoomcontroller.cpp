#include "app/zoomcontroller.h"

#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QScreen>
#include <QSettings>
#include <QTimer>
#include <QWindow>

#include <cmath>

namespace qkv {

ZoomController::ZoomController(QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_base(QApplication::font())
{ }

void ZoomController::setTargets(const QList<QWidget *> &targets)
{
    m_targets.clear();
    for (QWidget *w : targets)
        m_targets << w;
    apply();
}

double ZoomController::factor() const
{
    return std::pow(1.125, m_step);
}

void ZoomController::setStep(int step)
{
    step = std::clamp(step, minStep, maxStep);
    if (step == m_step)
        return;
    m_step = step;
    QSettings().setValue(settingsKey(), m_step);
    apply();
}

void ZoomController::followScreen()
{
    const int remembered = QSettings().value(settingsKey(), 0).toInt();
    m_step = std::clamp(remembered, minStep, maxStep);
    apply();
}

QString ZoomController::settingsKey() const
{
    const QScreen *screen = m_window->screen();
    const QString name = screen ? screen->name() : QString();
    // Screen names may hold slashes (QSettings groups): keep a key of one level.
    return QStringLiteral("zoom/") + QString(name).replace(QLatin1Char('/'), QLatin1Char('_'));
}

void ZoomController::apply()
{
    QFont font = m_base;
    const double f = factor();
    if (m_base.pointSizeF() > 0)
        font.setPointSizeF(m_base.pointSizeF() * f);
    else
        font.setPixelSize(std::max(1, static_cast<int>(std::lround(m_base.pixelSize() * f))));
    // The docks keep the room they have: larger text would otherwise widen them and take it from
    // the views in the middle, whose text and cells are what the zoom is for.
    QList<QDockWidget *> across, down;
    QList<int> widths, heights;
    if (auto *window = qobject_cast<QMainWindow *>(m_window))
        for (QDockWidget *dock : window->findChildren<QDockWidget *>()) {
            if (!dock->isVisible() || dock->isFloating())
                continue;
            const Qt::DockWidgetArea area = window->dockWidgetArea(dock);
            if (area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea)
                across << dock, widths << dock->width();
            else
                down << dock, heights << dock->height();
        }
    // The targets' children inherit it: tables, views and their own fonts derived from it.
    for (QWidget *w : std::as_const(m_targets))
        if (w)
            w->setFont(font);
    if (auto *window = qobject_cast<QMainWindow *>(m_window); window && !(across.isEmpty() && down.isEmpty()))
        QTimer::singleShot(0, window, [window, across, widths, down, heights] {
            window->resizeDocks(across, widths, Qt::Horizontal);
            window->resizeDocks(down, heights, Qt::Vertical);
        });
    Q_EMIT zoomChanged(f);
}

} // namespace qkv
