#include "views/figurerenderer.h"

#include "export/figurecaption.h"
#include "figures/elide.h"
#include "session/documentsession.h"
#include "views/vectorplotview.h"
#include "views/viewregistry.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyle>
#include <QStyleFactory>
#include <QTextLayout>

#include <cmath>

namespace qkv {

QFont figureFont(qreal px)
{
    QFont font = QApplication::font();
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(px))));
    return font;
}

namespace {

// The title above a single view, wrapped to at most two lines (the rest elided: a title, not
// the text of a 4,096-token sentence); returns the rectangle left for the view.
QRectF paintTitle(QPainter &p, const QRectF &r, const QString &title, qreal px, const QPalette &palette)
{
    constexpr int maxLines = 2;
    QFont font = figureFont(px * 1.15);
    font.setBold(true);
    const QRectF textRect = r.adjusted(px, px * 0.5, -px, 0);
    const QFontMetricsF fm(font);
    QTextLayout layout(title, font);
    layout.beginLayout();
    QStringList lines;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(textRect.width());
        if (lines.size() == maxLines - 1) { // the last line takes the rest, elided
            lines << elided(fm, title.mid(line.textStart()), Qt::ElideRight, textRect.width());
            break;
        }
        lines << title.mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    p.save();
    p.setFont(font);
    p.setPen(palette.color(QPalette::Text));
    qreal y = textRect.top();
    for (const QString &line : lines) {
        p.drawText(QRectF(textRect.left(), y, textRect.width(), fm.height()), Qt::AlignHCenter | Qt::AlignTop, line);
        y += fm.lineSpacing();
    }
    p.restore();
    const qreal top = std::min(r.bottom(), y + px * 0.5);
    return QRectF(r.left(), top, r.width(), r.bottom() - top);
}

} // namespace

qreal figureTextPx(const FigureOptions &options, const QSizeF &size)
{
    if (options.textPx > 0)
        return options.textPx;
    const qreal desktop = QFontInfo(QApplication::font()).pixelSize();
    // A figure whose height follows its content (the worked computation) has only a width.
    const qreal side = size.height() > 0 ? std::min(size.width(), size.height()) : size.width() * 0.6;
    return std::max(desktop, std::round(0.025 * side));
}

QPalette slidePalette()
{
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p = fusion->standardPalette();
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Window, Qt::white);
    return p;
}

template<typename View>
View *FigureRenderer::adopt(View *view)
{
    view->setPalette(slidePalette());
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->setLocale(QLocale::c()); // exported numbers read the same everywhere
    // Views with something of the window's to leave out of figures (the bars have none).
    if constexpr (requires { view->setFigureMode(true); })
        view->setFigureMode(true);
    m_views.emplace_back(view);
    m_paintsWidgets = true;
    return view;
}

FigureInput figureInput(DocumentSession &session)
{
    session.waitForResult();
    const Result *baseline = session.baselineResult(true);
    const Snapshot *snapshot = session.document().baselineSnapshot();
    return {&session.document(), &session.result(), session.currentHead(), session.selectedToken(),
        session.isKeySelected(), baseline, baseline ? session.document().baseline() : QString(),
        baseline && snapshot ? snapshot->state.get() : nullptr};
}

FigureRenderer::FigureRenderer(const FigureInput &input, const FigureOptions &options)
    : m_options(options)
{
    build(input);
}

void FigureRenderer::setInput(const FigureInput &input)
{
    build(input);
}

void FigureRenderer::setInput(const FigureInput &input, const QString &sentence)
{
    m_options.sentence = sentence;
    build(input);
}

void FigureRenderer::build(const FigureInput &input)
{
    const FigureOptions &options = m_options;
    m_preferredSize = [](int width) { return QSize(width, width); };
    const QPalette palette = slidePalette();
    if (!options.kind || buildSideBySide(input))
        return;
    if (options.kind != FigureKind::Figure) {
        m_paint = paintView(input, options, *options.kind);
        if (!m_paint || options.noTitle || options.kind == FigureKind::Worked)
            return; // the worked computation has a heading of its own
        // A figure of every head (the heads grid, all heads' arrows) names no one head.
        const bool everyHead
            = options.kind == FigureKind::Heads || (options.kind == FigureKind::Arrows && options.allHeads);
        QString title = options.title.isEmpty()
            ? defaultFigureTitle(*input.document, everyHead ? -1 : input.head, options.source, options.sentence)
            : options.title;
        if (options.title.isEmpty() && input.baseline
            && (options.kind == FigureKind::Heatmap || options.kind == FigureKind::Bars
                || options.kind == FigureKind::Arrows))
            title = QCoreApplication::translate("FigureRenderer", "%1 — Δ since “%2”").arg(title, input.baselineName);
        m_paint = [=, view = m_paint](QPainter &p, const QRectF &r) {
            p.fillRect(r, palette.base());
            view(p, paintTitle(p, r, title, figureTextPx(options, r.size()), palette));
        };
        return;
    }
    // The composed teaching figure: caption on top, heatmap left, arrow graph right.
    const PaintFigure heatmap = paintView(input, options, FigureKind::Heatmap);
    const PaintFigure arrows = paintView(input, options, FigureKind::Arrows);
    const QString caption = options.noTitle ? QString()
        : options.title.isEmpty()
        ? figureCaption(*input.document, input.head, input.token, options.source, options.sentence)
        : options.title;
    m_paint = [=](QPainter &p, const QRectF &r) {
        p.fillRect(r, palette.base());
        // Each half gets the text of a figure of its own size, the caption that of the whole.
        const qreal px = figureTextPx(options, r.size());
        p.setFont(figureFont(px));
        p.setPen(palette.color(QPalette::Text));
        const QRectF textRect = r.adjusted(px, px * 0.5, -px, 0);
        const QRectF used = caption.isEmpty()
            ? QRectF(textRect.topLeft(), QSizeF(0, 0))
            : p.boundingRect(textRect, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, caption);
        p.drawText(textRect, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, caption);
        const QRectF body(
            r.left(), used.bottom() + px * 0.5, r.width(), std::max(0.0, r.bottom() - used.bottom() - px * 0.5));
        const qreal half = body.width() / 2;
        heatmap(p, QRectF(body.left(), body.top(), half, body.height()));
        arrows(p, QRectF(body.left() + half, body.top(), half, body.height()));
    };
    m_preferredSize = [](int width) { return QSize(width, width / 2 + width / 10); };
}

PaintFigure FigureRenderer::paintView(const FigureInput &in, const FigureOptions &o, FigureKind kind)
{
    const ViewRow *row = viewRow(kind);
    return row ? row->figure(*this, in, o) : PaintFigure();
}

VectorPlotView *FigureRenderer::vectorPlot()
{
    if (!m_vectors)
        m_vectors = adopt(new VectorPlotView);
    return m_vectors;
}

void FigureRenderer::setPreferredSize(std::function<QSize(int)> size)
{
    m_preferredSize = std::move(size);
}

FigureRenderer::~FigureRenderer() = default;

QSize FigureRenderer::preferredSize(int width) const
{
    return m_preferredSize(width);
}

} // namespace qkv
