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
    case FigureKind::Contributions:
        return QStringLiteral("contributions");
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

namespace {
// The context of these texts in the translation catalogues.
struct FigureKindText {
    Q_DECLARE_TR_FUNCTIONS(FigureKindText)
};
} // namespace

QString figureKindTitle(FigureKind kind)
{
    switch (kind) {
    case FigureKind::Heatmap:
        return FigureKindText::tr("Heatmap");
    case FigureKind::Arrows:
        return FigureKindText::tr("Arrow graph");
    case FigureKind::Vectors:
        return FigureKindText::tr("Vector plot");
    case FigureKind::Bars:
        return FigureKindText::tr("Distribution");
    case FigureKind::Worked:
        return FigureKindText::tr("Worked computation");
    case FigureKind::Heads:
        return FigureKindText::tr("Heads grid");
    case FigureKind::Figure:
        return FigureKindText::tr("Teaching figure (heatmap, arrows, caption)");
    case FigureKind::Contributions:
        return FigureKindText::tr("Contributions to the output");
    }
    return {};
}

} // namespace qkv
