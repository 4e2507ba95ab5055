#include "views/viewregistry.h"

#include "views/accessibleviews.h"
#include "views/viewfigures.h"

#include <QtGlobal>

#include <algorithm>

namespace qkv {

const std::vector<ViewRow> &viewRows()
{
    static const std::vector<ViewRow> rows {
        {FigureKind::Heatmap, nullptr,
            QT_TRANSLATE_NOOP("WhatsThis",
                "The attention weights as colours: row = the word that attends (query), column = the word attended to "
                "(key). Click a row to select the query, a column heading (or Shift+click) to select the key, "
                "Ctrl+click to mask a cell. From the keyboard: the arrow keys move a cell with the selection, Space "
                "masks "
                "it, Enter selects its query and Shift+Enter its key. Drag a cell up or down to find the smallest "
                "change "
                "that gives it that weight (Tools → Goal Seek). Over a long text, Ctrl+wheel (or + and −) zooms in "
                "where the pointer is, the wheel or the middle button moves around, the small map in the corner "
                "shows where you are and 0 shows the whole matrix again."),
            "weight", heatmapAccessible, heatmapFigure},
        {FigureKind::Arrows, "arrowsPanel",
            QT_TRANSLATE_NOOP("WhatsThis",
                "Who attends to whom: an arrow a → b means a takes from b; thicker and darker is more. Hover a word to "
                "see its arrows alone, click to keep them. Over a long text, Ctrl+wheel (or + and −) zooms in along "
                "the words, the wheel or the middle button moves along them and 0 shows every word again."),
            "weight", arrowsAccessible, arrowsFigure},
        {FigureKind::Vectors, "vectorsDock",
            QT_TRANSLATE_NOOP("WhatsThis",
                "The queries, keys and values as points. Drag a point to change the vector; longer vectors are shown "
                "flattened to 2-D. Right-click for the axes and the vector helpers."),
            "pca", vectorsAccessible, vectorsFigure},
        {FigureKind::Bars, "barsDock",
            QT_TRANSLATE_NOOP("WhatsThis", "The selected word's attention weights as bars: where its attention goes."),
            "softmax", barsAccessible, barsFigure},
        {FigureKind::Contributions, "contributionsDock",
            QT_TRANSLATE_NOOP("WhatsThis",
                "Where the selected word's output comes from: for each dimension, the parts a·v of the keys stacked "
                "(up "
                "when positive, down when negative) and the output marked across them; the legend gives each key's "
                "share "
                "of the output."),
            "output", contributionsAccessible, contributionsFigure},
        {FigureKind::Worked, "workedDock",
            QT_TRANSLATE_NOOP("WhatsThis",
                "Every number of the selected word's row worked out: the dot products term by term, the scaling, the "
                "exponentials, the normalization and the weighted sum of the values. Copy as Markdown or LaTeX."),
            "scaled", workedAccessible, workedFigure},
        {FigureKind::Heads, "headsDock",
            QT_TRANSLATE_NOOP(
                "WhatsThis", "Every head's heatmap side by side. Click one to show that head everywhere."),
            "head", headsAccessible, headsFigure},
    };
    return rows;
}

const ViewRow *viewRow(FigureKind kind)
{
    const std::vector<ViewRow> &rows = viewRows();
    const auto row = std::find_if(rows.begin(), rows.end(), [kind](const ViewRow &r) { return r.kind == kind; });
    return row == rows.end() ? nullptr : &*row;
}

} // namespace qkv
