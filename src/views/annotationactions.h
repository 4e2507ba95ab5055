#pragma once

#include <QString>

#include <functional>

class QMenu;
class QPoint;
class QWidget;

namespace qkv {

class DocumentSession;

// Asks for a callout's or a label's words: (title, label, the words now); empty: cancelled.
using AskText = std::function<QString(const QString &, const QString &, const QString &)>;

// Where a right-click landed on a view: its annotation view name ("heatmap", …), the token, and
// on the heatmap a cell's key (-1: the token alone).
struct AnnotationSpot {
    QString view;
    int token = -1;
    int key = -1;
};

// The "Annotate" submenu of a view's context menu: a box or a callout on the token or cell, an
// arrow from the token to another, editing the words of what is there and removing it. Each is
// one undo step of the session.
void addAnnotationActions(QMenu &menu, DocumentSession *session, const AnnotationSpot &spot, const AskText &askText);

// The default `askText`: a small dialog over `parent`.
AskText annotationTextDialog(QWidget *parent);

// A view's context menu of these, at `globalPos` (nothing without a session or a token); `seek`,
// given on a weight (a cell, a bar), adds Goal Seek This Weight… first, `viewActions` the view's
// own actions before everything (a heatmap's zoom).
void execAnnotationMenu(QWidget *view, DocumentSession *session, const AnnotationSpot &spot, const QPoint &globalPos,
    const std::function<void()> &seek = {}, const std::function<void(QMenu &)> &viewActions = {});

} // namespace qkv
