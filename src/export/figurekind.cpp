#include "export/figurekind.h"

#include <QCoreApplication>

namespace qkv {
namespace {

// The context of the titles in the translation catalogues.
struct FigureKindText {
    Q_DECLARE_TR_FUNCTIONS(FigureKindText)
};

// One row per figure: its kind, the name `--view` takes, the title a person reads.
struct FigureKindRow {
    FigureKind kind;
    const char16_t *name;
    const char *title;
};

constexpr FigureKindRow figureKindRows[] {
    {FigureKind::Heatmap, u"heatmap", QT_TRANSLATE_NOOP("FigureKindText", "Heatmap")},
    {FigureKind::Arrows, u"arrows", QT_TRANSLATE_NOOP("FigureKindText", "Arrow graph")},
    {FigureKind::Vectors, u"vectors", QT_TRANSLATE_NOOP("FigureKindText", "Vector plot")},
    {FigureKind::Bars, u"bars", QT_TRANSLATE_NOOP("FigureKindText", "Distribution")},
    {FigureKind::Contributions, u"contributions", QT_TRANSLATE_NOOP("FigureKindText", "Contributions to the output")},
    {FigureKind::Worked, u"worked", QT_TRANSLATE_NOOP("FigureKindText", "Worked computation")},
    {FigureKind::Heads, u"heads", QT_TRANSLATE_NOOP("FigureKindText", "Heads grid")},
    {FigureKind::Figure, u"figure", QT_TRANSLATE_NOOP("FigureKindText", "Teaching figure (heatmap, arrows, caption)")},
};

// The rows in figureKinds' order, one per kind: a kind added to the enum and the list but not
// here fails to compile.
constexpr bool rowsFollowTheList()
{
    if (std::size(figureKindRows) != figureKinds.size())
        return false;
    for (std::size_t i = 0; i < figureKinds.size(); ++i) {
        if (figureKindRows[i].kind != figureKinds[i])
            return false;
    }
    return true;
}
static_assert(rowsFollowTheList(), "one row per FigureKind, in figureKinds' order");

const FigureKindRow &rowOf(FigureKind kind)
{
    for (const FigureKindRow &row : figureKindRows) {
        if (row.kind == kind)
            return row;
    }
    return figureKindRows[0]; // unreachable: every kind has its row (static_assert above)
}

} // namespace

QString figureKindName(FigureKind kind)
{
    return QString::fromUtf16(rowOf(kind).name);
}

std::optional<FigureKind> figureKindNamed(QStringView name)
{
    for (const FigureKindRow &row : figureKindRows) {
        if (name == QStringView(row.name))
            return row.kind;
    }
    return std::nullopt;
}

QStringList figureKindNames()
{
    QStringList names;
    for (const FigureKindRow &row : figureKindRows)
        names << QString::fromUtf16(row.name);
    return names;
}

QString figureKindTitle(FigureKind kind)
{
    return FigureKindText::tr(rowOf(kind).title);
}

} // namespace qkv
