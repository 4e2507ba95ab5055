#include "export/figurekind.h"

#include <QCoreApplication>

namespace qkv {

QString figureKindName(FigureKind kind)
{
    switch (kind) {
    case FigureKind::Heatmap:
        return QStringLiteral("heatmap");
    case FigureKind::Arrows:
        return QStringLiteral("arrows");
    case FigureKind::Vectors:
        return QStringLiteral("vectors");
    case FigureKind::Bars:
        return QStringLiteral("bars");
    case FigureKind::Worked:
        return QStringLiteral("worked");
    case FigureKind::Heads:
        return QStringLiteral("heads");
    case FigureKind::Figure:
        return QStringLiteral("figure");
    }
    return {};
}

std::optional<FigureKind> figureKindNamed(QStringView name)
{
    for (const FigureKind kind : figureKinds) {
        if (name == figureKindName(kind))
            return kind;
    }
    return std::nullopt;
}

QStringList figureKindNames()
{
    QStringList names;
    for (const FigureKind kind : figureKinds)
        names << figureKindName(kind);
    return names;
}

QString figureKindTitle(FigureKind kind)
{
    const auto tr = [](const char *text) { return QCoreApplication::translate("FigureKind", text); };
    switch (kind) {
    case FigureKind::Heatmap:
        return tr("Heatmap");
    case FigureKind::Arrows:
        return tr("Arrow graph");
    case FigureKind::Vectors:
        return tr("Vector plot");
    case FigureKind::Bars:
        return tr("Distribution");
    case FigureKind::Worked:
        return tr("Worked computation");
    case FigureKind::Heads:
        return tr("Heads grid");
    case FigureKind::Figure:
        return tr("Teaching figure (heatmap, arrows, caption)");
    }
    return {};
}

} // namespace qkv
