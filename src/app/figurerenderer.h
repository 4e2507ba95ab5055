#pragma once

#include "figurewriter.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

namespace qkv {

class DocumentSession;

// Builds one view of a session for a figure, as it looks in the window (head, selected token,
// colormap), on the light "slide" palette whatever the desktop's, and paints it: the same
// painting routine the window uses. Views: heatmap, heads, worked (and those added to
// availableFigureViews()).
class FigureRenderer
{
public:
    FigureRenderer(DocumentSession *session, const QString &view);
    ~FigureRenderer();

    static QStringList availableFigureViews();
    bool isValid() const { return static_cast<bool>(m_paint); }
    void setColormap(const QString &name);
    // The size the figure needs at this width (the worked computation grows with its text).
    QSize preferredSize(int width) const;
    const PaintFigure &painter() const { return m_paint; }

private:
    std::vector<std::unique_ptr<QWidget>> m_views;
    PaintFigure m_paint;
    std::function<QSize(int)> m_preferredSize;
};

// The light palette every exported figure uses.
QPalette slidePalette();

} // namespace qkv
