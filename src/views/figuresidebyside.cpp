// A | B: the baseline snapshot's figure beside now's (FigureOptions::sideBySide), each half under a
// heading that says which it is.
#include "views/figurerenderer.h"

#include "attention/engine.h"
#include "document/document.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <memory>

namespace qkv {

namespace {
// The heading's line: a little taller than its text.
qreal headingHeight(qreal px)
{
    return std::ceil(px * 2.0);
}

// One value axis for both halves' bars: it covers the shown row of each (the bars show the
// selected query's row, else the first).
void shareBarsScale(const FigureInput &a, const FigureInput &b, FigureOptions &options)
{
    for (const FigureInput *in : {&a, &b}) {
        const Result &r = *in->result;
        if (in->head < 0 || in->head >= static_cast<int>(r.heads.size()) || r.tokens.isEmpty())
            continue;
        const SquareMatrix &w = r.heads[static_cast<std::size_t>(in->head)].weights;
        const int row = in->token >= 0 && in->token < r.tokens.size() ? in->token : 0;
        if (row >= w.rows() || w.cols() == 0)
            continue;
        options.barsLow = std::min(options.barsLow, w.row(row).minCoeff());
        options.barsHigh = std::max(options.barsHigh, w.row(row).maxCoeff());
    }
}
} // namespace

bool FigureRenderer::buildSideBySide(const FigureInput &input)
{
    if (!m_options.sideBySide || !input.baseline || !input.baselineDocument)
        return false;
    FigureOptions one = m_options;
    one.sideBySide = false;
    // The same head and token place in the snapshot where it has them; its own sentence may be
    // shorter or longer, so neither half draws differences.
    const int heads = static_cast<int>(input.baseline->heads.size());
    const int tokens = static_cast<int>(input.baseline->tokens.size());
    FigureInput a {input.baselineDocument, input.baseline, std::clamp(input.head, 0, std::max(0, heads - 1)),
        input.token < tokens ? input.token : -1, input.keySelected, nullptr, {}, nullptr};
    FigureInput b = input;
    b.baseline = nullptr;
    b.baselineName.clear();
    b.baselineDocument = nullptr;
    if (one.kind == FigureKind::Bars)
        shareBarsScale(a, b, one);
    const auto left = std::make_shared<FigureRenderer>(a, one);
    const auto right = std::make_shared<FigureRenderer>(b, one);
    if (!left->isValid() || !right->isValid())
        return false;
    m_paintsWidgets = left->paintsWidgets() || right->paintsWidgets();
    const QString headings[2]
        = {QCoreApplication::translate("FigureRenderer", "A: snapshot “%1”").arg(input.baselineName),
            QCoreApplication::translate("FigureRenderer", "B: now")};
    const QPalette palette = slidePalette();
    const FigureOptions o = m_options;
    m_paint = [=](QPainter &p, const QRectF &r) {
        p.fillRect(r, palette.base());
        const qreal half = r.width() / 2;
        const qreal px = figureTextPx(o, QSizeF(half, r.height()));
        const qreal line = headingHeight(px);
        QFont font = figureFont(px);
        font.setBold(true);
        for (int side = 0; side < 2; ++side) {
            const QRectF area(r.left() + side * half, r.top(), half, r.height());
            p.setFont(font);
            p.setPen(palette.color(QPalette::Text));
            p.drawText(QRectF(area.left() + px, area.top(), area.width() - 2 * px, line),
                Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, headings[side]);
            const QRectF body = area.adjusted(0, line, 0, 0);
            p.save();
            p.setClipRect(body);
            (side == 0 ? left : right)->painter()(p, body);
            p.restore();
        }
        // On the left half's last pixel column, so that neither figure's pixels move.
        p.setPen(QPen(palette.color(QPalette::Mid), 1));
        p.drawLine(QPointF(r.left() + half - 0.5, r.top() + line / 4), QPointF(r.left() + half - 0.5, r.bottom()));
    };
    m_preferredSize = [=](int width) {
        const int half = width / 2;
        const qreal line = headingHeight(figureTextPx(o, QSizeF(half, 0)));
        const int body = std::max(left->preferredSize(half).height(), right->preferredSize(half).height());
        return QSize(width, body + static_cast<int>(line));
    };
    return true;
}

} // namespace qkv
