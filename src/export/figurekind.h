#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

#include <array>
#include <optional>

namespace qkv {

// What a figure shows: one of the window's views, or the composed teaching figure (caption,
// heatmap and arrow graph). Named on the command line (`--view heatmap`) and in the settings.
enum class FigureKind { Heatmap, Arrows, Vectors, Bars, Worked, Heads, Figure, Contributions };

// In the order the export dialog and `--view`'s message list them.
inline constexpr std::array<FigureKind, 8> figureKinds {FigureKind::Heatmap, FigureKind::Arrows, FigureKind::Vectors,
    FigureKind::Bars, FigureKind::Contributions, FigureKind::Worked, FigureKind::Heads, FigureKind::Figure};

// "heatmap", "arrows", …: the name `--view` takes.
QString figureKindName(FigureKind kind);
// The kind of a name (exact, lower case); nullopt for any other text.
std::optional<FigureKind> figureKindNamed(QStringView name);
// Every name, in figureKinds' order.
QStringList figureKindNames();
// "Heatmap", "Teaching figure (heatmap, arrows, caption)": the title a person reads (translated).
QString figureKindTitle(FigureKind kind);

} // namespace qkv
