#pragma once

#include "export/figureoptions.h"
#include "figures/figureinput.h"
#include "figures/figurewriter.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

namespace qkv {

class Document;
class DocumentSession;
class VectorPlotView;

// Builds the figure of one kind for an input, as it looks in the window (head, selected token,
// colormap, filters and the other FigureOptions), on the light "slide" palette whatever the
// desktop's, and paints it with the same painting routine the window uses. "figure" composes
// the heatmap and the arrow graph under a caption with the sentence and the settings; side by
// side, the baseline snapshot's figure (A) is drawn beside now's (B). The input stays alive while
// the renderer paints: its figures read it where it lies, copying nothing (an animation's next
// frame may free it once setInput has replaced it).
class FigureRenderer
{
public:
    FigureRenderer(const FigureInput &input, const FigureOptions &options);
    ~FigureRenderer();

    // Draws `input` from now on with the same options, keeping what a view fitted to the data
    // before (the vector plot's plane and ranges): the frames of an animation do not jump.
    void setInput(const FigureInput &input);
    // The same with another sentence quoted by the title and caption (an animation's text that
    // grows a token a frame).
    void setInput(const FigureInput &input, const QString &sentence);

    bool isValid() const { return static_cast<bool>(m_paint); }
    // Whether painting goes through a widget (the vector plot's chart), which only the GUI thread
    // may do; every other figure paints on any thread.
    bool paintsWidgets() const { return m_paintsWidgets; }
    // The size the figure needs at this width (the worked computation grows with its text).
    QSize preferredSize(int width) const;
    const PaintFigure &painter() const { return m_paint; }

    // For the views' figure factories (viewfigures.h): the vector plot, made once and kept so
    // that an animation's frames keep its plane; the size a figure needs at a width, for one
    // whose height follows its content.
    VectorPlotView *vectorPlot();
    void setPreferredSize(std::function<QSize(int)> size);

private:
    void build(const FigureInput &input);
    // A | B (FigureOptions::sideBySide with a baseline): false when there is nothing to compare.
    bool buildSideBySide(const FigureInput &input);
    template<typename View>
    View *adopt(View *view);
    PaintFigure paintView(const FigureInput &input, const FigureOptions &options, FigureKind kind);

    FigureOptions m_options;
    std::vector<std::unique_ptr<QWidget>> m_views;
    VectorPlotView *m_vectors = nullptr; // one of m_views, kept by setInput
    bool m_paintsWidgets = false;
    PaintFigure m_paint;
    std::function<QSize(int)> m_preferredSize;
};

// What the session shows now (its result computed first, when that runs in the background).
FigureInput figureInput(DocumentSession &session);

// The light palette every exported figure uses.
QPalette slidePalette();

// The application's font at `px` pixels: every figure's text.
QFont figureFont(qreal px);
// The text size of a figure of this size (height 0: the height follows the content).
qreal figureTextPx(const FigureOptions &options, const QSizeF &size);

} // namespace qkv
