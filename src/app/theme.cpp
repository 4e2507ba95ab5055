#include "app/theme.h"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>

namespace qkv {
namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(45, 45, 48), base(30, 30, 32), text(230, 230, 230), mid(90, 90, 95);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Mid, mid);
    p.setColor(QPalette::Dark, QColor(20, 20, 22));
    p.setColor(QPalette::Highlight, QColor(64, 128, 220));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(110, 170, 255));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(120, 120, 120));
    return p;
}

// White on black, a yellow selection and cyan links: every text at least 12:1 against its
// background (WCAG AAA asks 7:1), and no meaning carried by a hue alone.
QPalette highContrastPalette()
{
    QPalette p;
    const QColor black(0, 0, 0), white(255, 255, 255), grey(200, 200, 200);
    for (auto role : {QPalette::Window, QPalette::Base, QPalette::AlternateBase, QPalette::Button,
             QPalette::ToolTipBase, QPalette::Dark, QPalette::Shadow})
        p.setColor(role, black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText,
             QPalette::BrightText, QPalette::Light, QPalette::Midlight})
        p.setColor(role, white);
    p.setColor(QPalette::Mid, grey); // frames and grid lines
    p.setColor(QPalette::PlaceholderText, grey);
    p.setColor(QPalette::Highlight, QColor(255, 230, 0));
    p.setColor(QPalette::HighlightedText, black);
    p.setColor(QPalette::Link, QColor(0, 230, 255));
    p.setColor(QPalette::LinkVisited, QColor(230, 140, 255));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(170, 170, 170));
    return p;
}

// Fusion draws the frames of check boxes, radio buttons and text fields in a shade of the window
// colour: black on black. This style outlines them in the text colour.
class HighContrastStyle : public QProxyStyle
{
public:
    using QProxyStyle::QProxyStyle;
    void drawPrimitive(
        PrimitiveElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        if (element != PE_IndicatorCheckBox && element != PE_IndicatorRadioButton && element != PE_FrameLineEdit)
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, element == PE_IndicatorRadioButton);
        painter->setPen(QPen(option->palette.color(QPalette::Text), 1));
        painter->setBrush(Qt::NoBrush);
        const QRectF r = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
        if (element == PE_IndicatorRadioButton)
            painter->drawEllipse(r);
        else
            painter->drawRect(r);
        painter->restore();
    }
};

} // namespace

void applyTheme(Theme theme)
{
    static const QString systemStyle = QApplication::style()->name();
    static const QPalette systemPalette = QApplication::palette();
    switch (theme) {
    case Theme::System:
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(systemPalette);
        break;
    case Theme::Light:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Theme::Dark:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
        break;
    case Theme::HighContrast:
        QApplication::setStyle(new HighContrastStyle(QStyleFactory::create(QStringLiteral("Fusion"))));
        QApplication::setPalette(highContrastPalette());
        break;
    }
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

} // namespace qkv
