#pragma once

#include "export/workedcolumn.h"
#include "export/workedcomputation.h"

#include <QAbstractScrollArea>
#include <QFont>
#include <QPointer>

#include <array>
#include <vector>

class QSpinBox;
class QToolButton;

namespace qkv {

class DocumentSession;

// The worked computation of the selected query token in the current head, as the articles write
// it: every dot product term by term, the scaling, exponentials, normalization, weighted sum and
// the before/after similarity. A selected key shows its column instead: who attends to it, each
// weight made within its query's row, and what it passes on. Scrolls; copies as Markdown or LaTeX (buttons, context
// menu, Ctrl+C). One paint routine draws it on screen and into any painter for export.
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
    const WorkedComputation &computation() const;

    void setOptions(const WorkedOptions &options);
    const WorkedOptions &options() const { return m_options; }

    // The steps as shown (at most 256 keys worked out), in the two copyable forms, and putting
    // them on the clipboard.
    QString markdown() const;
    QString latex() const;
    void copyMarkdown() const;
    void copyLatex() const;

    // Draws the steps laid out to the rectangle's width, from the top, clipped to it: the screen
    // passes its scroll offset through the painter, export passes a page.
    void paint(QPainter &painter, const QRectF &rect) const;
    // The height of all the steps at `width`, so an export can size its page to fit them.
    qreal contentHeight(qreal width) const;

    QSize sizeHint() const override { return {560, 600}; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    enum Style { Normal, Bold, Title, Muted, Masked, Warn, StyleCount };
    // One run of text on one line, at its baseline.
    struct Piece {
        qreal x, y;
        QString text;
        Style style;
    };

    void invalidate();
    void updateScrollRange();
    void layOut(qreal width) const;
    WorkedOptions shownOptions() const; // the options, with "all keys" capped for long sentences
    int shownKeys(int tokens) const;
    // The steps of the selected query's row, or of the selected key's column.
    std::vector<WorkedBlock> blocks(WorkedSyntax syntax) const;

    QPointer<DocumentSession> m_session;
    WorkedOptions m_options;
    QWidget *m_bar = nullptr;
    QToolButton *m_allKeys = nullptr;
    QSpinBox *m_decimals = nullptr;
    // Caches, rebuilt when painted or copied after a change, so a hidden view costs nothing
    // while the user drags a value elsewhere.
    mutable WorkedComputation m_computation;
    mutable bool m_computationStale = false;
    mutable bool m_fallback = false; // no token selected: the first is shown
    bool m_figure = false;
    mutable WorkedColumn m_column; // while a key is selected
    mutable bool m_showsColumn = false;
    mutable std::vector<WorkedBlock> m_blocks;
    mutable bool m_blocksStale = true;
    mutable std::vector<Piece> m_pieces; // in reading order, so sorted by y
    mutable std::array<QFont, StyleCount> m_fonts;
    mutable qreal m_layoutWidth = -1;
    mutable qreal m_height = 0;
};

} // namespace qkv
