#pragma once

#include "export/workedcolumn.h"
#include "export/workedcomputation.h"
#include "figures/annotationlayer.h"
#include "figures/figurestyle.h"

#include <QCoreApplication>
#include <QFont>
#include <QLocale>

#include <array>
#include <vector>

class QPainter;

namespace qkv {

class Document;

// The worked computation of one query token in one head, as the articles write it: every dot
// product term by term, the scaling, exponentials, normalization, weighted sum and the
// before/after similarity. A selected key shows its column instead: who attends to it, each
// weight made within its query's row, and what it passes on. Laid out to a width, from the top;
// draws into any QPainter without a widget. Built lazily from the data, so a figure nobody paints
// costs nothing while a value is dragged elsewhere.
class WorkedFigure
{
    Q_DECLARE_TR_FUNCTIONS(WorkedFigure)

public:
    // "All keys" works out at most this many: every key of 4,096 tokens would take 0.4 s a
    // rebuild and freeze a drag, and nobody reads thousands of dot products.
    static constexpr int maxListedKeys = 256;

    WorkedFigure();
    ~WorkedFigure();

    // What is worked out: a head of `result` of `document`, both alive while the figure uses
    // them. Call again whenever they change.
    void setData(const Document *document, const Result *result, int head);
    // The selected query's row, or with `key` that key's column; -1: the first query's row, under
    // the hint (in the window only).
    void setSelection(int token, bool key);
    void setHint(const QString &hint);
    // A snapshot's result to compare with (alive while used): a query's steps then say what a
    // changed score, weight or output was there. Nothing when it cannot be compared.
    void setBaseline(const Result *baseline, const QString &name);
    // Shown instead of the data (benchmarks, tests), until the next setData.
    void setComputation(const WorkedComputation &computation);
    // The query's row shown (empty while a key's column is).
    const WorkedComputation &computation() const;

    void setOptions(const WorkedOptions &options);
    const WorkedOptions &options() const { return m_options; }
    // More rows than the default to work out: "all keys" would show more.
    bool hasMoreRows() const;

    // The steps as shown, in the two copyable forms.
    QString markdown() const;
    QString latex() const;
    // The same as blocks in `syntax`'s notation (a screen reader hears the Plain ones).
    std::vector<WorkedBlock> blocks(WorkedSyntax syntax, const QLocale &locale = QLocale::c()) const;

    // Draws the steps laid out to the rectangle's width, from the top, clipped to it: the screen
    // passes its scroll offset through the painter, export passes a page.
    void paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const;
    // The height of all the steps at `width`, so an export can size its page to fit them.
    qreal contentHeight(qreal width, const FigureStyle &style) const;

    // Annotations on tokens: a token is its first row (its dot product, when a query's row is
    // shown), from its label to the row's end. Drawn over the steps, clear of their numbers.
    void setAnnotations(std::vector<PlacedAnnotation> annotations);
    // The token whose row holds `point` (in the coordinates paint() draws at), or -1.
    int tokenAt(QPointF point, qreal width, const FigureStyle &style) const;
    // Where the annotations point at `width`, in those coordinates.
    AnnotationTargets annotationTargets(qreal width, const FigureStyle &style) const;

private:
    enum Style { Normal, Bold, Title, Muted, Masked, Warn, StyleCount };
    // One run of text on one line, at its baseline.
    struct Piece {
        qreal x, y;
        QString text;
        Style style;
    };

    void changed();
    void compute() const;
    int shownRows(int tokens) const;
    WorkedOptions shownOptions() const; // the options, with "all keys" capped for long sentences
    void layOut(qreal width, const FigureStyle &style) const;

    AnnotationLayer m_annotations;
    const Document *m_document = nullptr;
    const Result *m_result = nullptr;
    const Result *m_baseline = nullptr;
    QString m_baselineName;
    int m_head = 0;
    int m_token = -1;
    bool m_key = false;
    QString m_hint;
    WorkedOptions m_options;

    // Derived, rebuilt lazily after changed() bumps m_serial: const paint() and queries fill them.
    quint64 m_serial = 1;
    // The steps worked out from the data, as of serial.
    struct Steps {
        quint64 serial = 0;
        WorkedComputation computation;
        WorkedColumn column; // while a key is selected
    };
    // The steps as lines of text laid out to a width and font.
    struct Text {
        quint64 serial = 0;
        qreal width = -1;
        QFont font;
        bool exported = false;
        QLocale locale;
        std::vector<Piece> pieces; // in reading order, so sorted by y
        std::vector<std::pair<int, QRectF>> rows; // each token's rows (label to end), in order
        std::array<QFont, StyleCount> fonts;
        qreal height = 0;
    };
    mutable Steps m_steps;
    mutable Text m_text;
};

} // namespace qkv
