#pragma once

#include "export/figurekind.h"
#include "figures/figurewriter.h"

#include <QString>

#include <vector>

QT_BEGIN_NAMESPACE
class QAccessibleInterface;
class QObject;
QT_END_NAMESPACE

namespace qkv {

class FigureRenderer;
struct FigureInput;
struct FigureOptions;

// A view's figure for export, as FigureRenderer draws it (views/viewfigures.cpp).
using FigureFactory = PaintFigure (*)(FigureRenderer &renderer, const FigureInput &input, const FigureOptions &options);
// The screen reader's interface of the view, or nullptr when `object` is not this kind of view.
using AccessibleFactory = QAccessibleInterface *(*)(QObject *object);

// One view of the window, the one row everything that names, explains, shows, reads aloud or
// exports a view reads. Its one name is figureKindName(kind) ("bars"): `--view bars`, a lesson's
// "views", annotations, and in the window the widget "barsView" in its place "barsDock".
struct ViewRow {
    FigureKind kind; // its name and title (export/figurekind.cpp)
    const char *place; // the dock or panel a lesson shows and hides ("barsDock"); nullptr: the view itself
    const char *whatsThis; // QT_TRANSLATE_NOOP("WhatsThis", …): what it shows and how to use it
    const char *glossary; // the glossary entry its What's This links to, or nullptr
    AccessibleFactory accessible;
    FigureFactory figure;

    QString name() const { return figureKindName(kind); }
    QString widgetName() const { return name() + QStringLiteral("View"); }
    QString placeName() const { return place ? QString::fromLatin1(place) : widgetName(); }
};

// Every view, in figureKinds' order (the composed teaching figure is no view of its own).
const std::vector<ViewRow> &viewRows();
// The view of a kind, or nullptr (FigureKind::Figure).
const ViewRow *viewRow(FigureKind kind);

} // namespace qkv
