#include "app/toolicons.h"

#include <QAction>
#include <QFile>
#include <QPainter>
#include <QPalette>
#include <QSvgRenderer>

namespace qkv {

QIcon toolIcon(const QString &name, const QPalette &palette)
{
    QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    // The files are drawn in one ink colour, replaced by the theme's.
    QByteArray svg = file.readAll();
    svg.replace("#4a4f57", palette.color(QPalette::ButtonText).name().toLatin1());
    QSvgRenderer renderer(svg);
    QIcon icon;
    for (const int side : {16, 22, 24, 32, 48}) {
        for (const qreal dpr : {1.0, 2.0}) {
            QPixmap pixmap(QSize(side, side) * dpr);
            pixmap.setDevicePixelRatio(dpr);
            pixmap.fill(Qt::transparent);
            QPainter painter(&pixmap);
            renderer.render(&painter, QRectF(0, 0, side, side));
            painter.end();
            icon.addPixmap(pixmap);
        }
    }
    return icon;
}

QAction *toolbarStandIn(QAction *action, const QString &text)
{
    auto *standIn = new QAction(action->icon(), text, action);
    standIn->setObjectName(action->objectName() + QStringLiteral("Tool"));
    standIn->setEnabled(action->isEnabled());
    QObject::connect(standIn, &QAction::triggered, action, &QAction::trigger);
    QObject::connect(action, &QAction::enabledChanged, standIn, &QAction::setEnabled);
    QObject::connect(standIn, &QAction::hovered, action, [standIn, action] { standIn->setToolTip(action->toolTip()); });
    return standIn;
}

} // namespace qkv
