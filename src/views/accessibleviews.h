#pragma once

#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QAccessibleInterface;
class QObject;
QT_END_NAMESPACE

namespace qkv {

// Makes the custom views known to assistive technology: each view of viewRows() by its row's
// interface (the heatmap and the bars as tables of their weights, the arrow graph as the list of
// the focused word's arrows, the vector plot as a table of its points, …), and the layers grid
// and the token strip. Every view calls it when made; the first call installs the factory.
void installViewAccessibility();

// Each view's interface, as its row in viewregistry.cpp names it: nullptr when `object` is not
// that view.
QAccessibleInterface *heatmapAccessible(QObject *object);
QAccessibleInterface *arrowsAccessible(QObject *object);
QAccessibleInterface *vectorsAccessible(QObject *object);
QAccessibleInterface *barsAccessible(QObject *object);
QAccessibleInterface *contributionsAccessible(QObject *object);
QAccessibleInterface *workedAccessible(QObject *object);
QAccessibleInterface *headsAccessible(QObject *object);

} // namespace qkv
