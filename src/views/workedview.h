#pragma once

#include "figures/workedfigure.h"
#include "session/sessionbinding.h"
#include "views/annotationactions.h"

#include <QAbstractScrollArea>

class QSpinBox;
class QToolButton;

namespace qkv {

class DocumentSession;

// The worked computation in the window: a WorkedFigure (which lays out and draws the steps) of the
// session's selected token (a key's column while a key is selected) and current head. Scrolls;
// copies as Markdown or LaTeX (buttons, context menu, Ctrl+C); "All keys" and the decimals are
// the figure's options.
class WorkedView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit WorkedView(QWidget *parent = nullptr);
    ~WorkedView() override;

    // Follows the session's selected token (the first one while none is selected), current head
    // and result. Left/Right select the previous/next token through the session.
    void setSession(DocumentSession *session);
    // Drawn for an exported figure: no hint about selecting a token.
    void setFigureMode(bool figure);
    DocumentSession *session() const;

    // What to show without a session (export, benchmarks); replaced on the session's next change.
    void setComputation(const WorkedComputation &computation);
    const WorkedComputation &computation() const { return m_figure.computation(); }

    void setOptions(const WorkedOptions &options);
    const WorkedOptions &options() const { return m_figure.options(); }

    // The steps as shown (at most 256 keys worked out), in the two copyable forms, and putting
    // them on the clipboard.
    QString markdown() const { return m_figure.markdown(); }
    QString latex() const { return m_figure.latex(); }
    void copyMarkdown() const;
    void copyLatex() const;

    // Draws the steps laid out to the rectangle's width, from the top, clipped to it: the screen
    // passes its scroll offset through the painter, export passes a page.
    void paint(QPainter &painter, const QRectF &rect) const;
    // The height of all the steps at `width`, so an export can size its page to fit them.
    qreal contentHeight(qreal width) const;
    const WorkedFigure &figure() const { return m_figure; }
    // What a right-click at `pos` (the widget's) annotates: the token whose row is there.
    AnnotationSpot annotationSpotAt(const QPoint &pos) const;

    QSize sizeHint() const override { return {560, 600}; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void sync();
    void updateScrollRange();
    // The bar of buttons over the steps, in one row or two as the width allows.
    void layoutBar();
    // The figure drawn as this widget: its palette and font.
    FigureStyle figureStyle() const;

    SessionBinding m_binding;
    QWidget *m_bar = nullptr;
    QToolButton *m_allKeys = nullptr;
    QSpinBox *m_decimals = nullptr;
    bool m_figureMode = false;
    WorkedFigure m_figure;
};

} // namespace qkv
