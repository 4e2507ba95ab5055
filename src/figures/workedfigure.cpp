#include "figures/workedfigure.h"
#include "figures/elide.h"

#include "document/document.h"

#include <QFontMetricsF>
#include <QHash>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;

namespace qkv {
namespace {

const int defaultMaxKeys = WorkedOptions {}.maxKeys;
constexpr qreal pageMargin = 12;

// Text widths summed from cached per-character advances. Shaping every line of a long
// computation on each edit costs milliseconds (QTextDocument needed 14 ms at 64 tokens); these
// sums cost microseconds, and only the lines on screen are shaped, when drawn. Words with
// characters outside Latin, Greek, Cyrillic and the symbol blocks (CJK, right-to-left, emoji)
// are shaped whole. Kerning is ignored: the right pageMargin absorbs the pixel or two it can add.
struct Advances {
    explicit Advances(const QFont &font)
        : metrics(font)
    { }
    qreal width(QStringView word)
    {
        qreal sum = 0;
        for (const QChar c : word) {
            const char16_t u = c.unicode();
            qreal *slot = u < 0x590 ? &simple[u] : (u >= 0x2000 && u < 0x2C00) ? &symbols[u - 0x2000] : nullptr;
            if (!slot)
                return metrics.horizontalAdvance(word.toString());
            if (*slot < 0)
                *slot = metrics.horizontalAdvance(c);
            sum += *slot;
        }
        return sum;
    }
    QFontMetricsF metrics;
    std::vector<qreal> simple = std::vector<qreal>(0x590, -1);
    std::vector<qreal> symbols = std::vector<qreal>(0xC00, -1);
};

Advances &advances(const QFont &font)
{
    static QHash<QString, std::shared_ptr<Advances>> cache; // GUI thread only, a few fonts
    auto &slot = cache[font.key()];
    if (!slot)
        slot = std::make_shared<Advances>(font);
    return *slot;
}

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(
        a.redF() * (1 - t) + b.redF() * t, a.greenF() * (1 - t) + b.greenF() * t, a.blueF() * (1 - t) + b.blueF() * t);
}

} // namespace

WorkedFigure::WorkedFigure() = default;
WorkedFigure::~WorkedFigure() = default;

void WorkedFigure::changed()
{
    ++m_serial;
}

void WorkedFigure::setData(const Document *document, const Result *result, int head)
{
    m_document = document;
    m_result = result;
    m_head = head;
    changed();
}

void WorkedFigure::setSelection(int token, bool key)
{
    m_token = token;
    m_key = key;
    changed();
}

void WorkedFigure::setBaseline(const Result *baseline, const QString &name)
{
    if (baseline == m_baseline && name == m_baselineName)
        return;
    m_baseline = baseline;
    m_baselineName = name;
    changed();
}

void WorkedFigure::setHint(const QString &hint)
{
    m_hint = hint;
    changed();
}

void WorkedFigure::setComputation(const WorkedComputation &computation)
{
    m_document = nullptr;
    m_result = nullptr;
    changed();
    m_steps.computation = computation;
    m_steps.column = {};
    m_steps.serial = m_serial;
}

void WorkedFigure::setOptions(const WorkedOptions &options)
{
    m_options = options;
    changed(); // a key's column lists as many queries as the options let it
}

void WorkedFigure::compute() const
{
    if (m_steps.serial == m_serial)
        return;
    m_steps.serial = m_serial;
    if (!m_document || !m_result)
        return;
    if (m_key) {
        m_steps.column = workedColumn(*m_document, *m_result, m_head, m_token, shownRows(m_document->tokenCount()));
        m_steps.computation = {};
    } else {
        m_steps.computation = workedComputation(*m_document, *m_result, m_head, std::max(m_token, 0));
        if (m_baseline)
            compareWorked(m_steps.computation, *m_result, *m_baseline, m_baselineName);
        m_steps.column = {};
    }
}

const WorkedComputation &WorkedFigure::computation() const
{
    compute();
    return m_steps.computation;
}

int WorkedFigure::shownRows(int tokens) const
{
    const int keys = m_options.maxKeys;
    if (keys <= 0 || keys > maxListedKeys)
        return tokens > maxListedKeys ? maxListedKeys : keys;
    return keys;
}

WorkedOptions WorkedFigure::shownOptions() const
{
    compute();
    WorkedOptions o = m_options;
    o.maxKeys = shownRows(static_cast<int>(m_steps.computation.tokens.size() + m_steps.column.tokens.size()));
    return o;
}

bool WorkedFigure::hasMoreRows() const
{
    compute();
    const auto rows = m_key ? std::ssize(m_steps.column.queries) : std::ssize(m_steps.computation.keys);
    return rows > defaultMaxKeys;
}

std::vector<WorkedBlock> WorkedFigure::blocks(WorkedSyntax syntax, const QLocale &locale) const
{
    WorkedOptions options = shownOptions();
    options.locale = locale;
    return m_key && m_document ? workedColumnBlocks(m_steps.column, syntax, options)
                               : workedBlocks(m_steps.computation, syntax, options);
}

QString WorkedFigure::markdown() const
{
    return joinWorkedBlocks(blocks(WorkedSyntax::Markdown), WorkedSyntax::Markdown);
}

QString WorkedFigure::latex() const
{
    return joinWorkedBlocks(blocks(WorkedSyntax::Latex), WorkedSyntax::Latex);
}

void WorkedFigure::layOut(qreal width, const FigureStyle &style) const
{
    if (m_text.serial == m_serial && width == m_text.width && style.font == m_text.font
        && style.exported == m_text.exported && style.locale == m_text.locale)
        return;
    std::vector<WorkedBlock> steps = blocks(WorkedSyntax::Plain, style.locale);
    // The first query stands in for no selection: the window says so, a figure does not.
    if (m_token < 0 && !m_hint.isEmpty() && !style.exported && m_steps.computation.isValid() && m_document)
        steps.insert(steps.begin(), {WorkedBlock::Kind::Note, m_hint, {}});
    m_text.serial = m_serial;
    m_text.width = width;
    m_text.font = style.font;
    m_text.exported = style.exported;
    m_text.locale = style.locale;
    const QFont &base = style.font;
    m_text.fonts.fill(base);
    m_text.fonts[Bold].setBold(true);
    m_text.fonts[Title].setBold(true);
    if (base.pointSizeF() > 0)
        m_text.fonts[Title].setPointSizeF(base.pointSizeF() * 1.3);
    else
        m_text.fonts[Title].setPixelSize(base.pixelSize() * 13 / 10);
    m_text.fonts[Masked].setItalic(true);
    std::array<Advances *, StyleCount> advance {};
    for (int i = 0; i < StyleCount; ++i)
        advance[static_cast<std::size_t>(i)] = &advances(m_text.fonts[static_cast<std::size_t>(i)]);

    m_text.pieces.clear();
    m_text.rows.clear();
    const qreal left = pageMargin, right = std::max(width - pageMargin, left + 80);
    qreal y = pageMargin; // the top of the next line
    struct Run {
        const QString &text;
        Style style;
    };
    // Greedy line filling, word by word; neighbouring words of one style become one piece.
    const auto flow = [&](std::initializer_list<Run> runs, qreal indent, Style lineStyle) {
        const QFontMetricsF &metrics = advance[lineStyle]->metrics;
        const qreal lineHeight = std::round(metrics.lineSpacing() * 1.15); // a little air between rows
        qreal x = indent;
        std::size_t open = m_text.pieces.size(); // the piece words may still join
        for (const Run &run : runs) {
            Advances &a = *advance[run.style];
            const qreal space = a.width(u" ");
            for (const QStringView word : QStringView(run.text).split(u' ', Qt::SkipEmptyParts)) {
                const qreal w = a.width(word);
                if (x > indent && x + w > right) {
                    y += lineHeight;
                    x = indent;
                    open = m_text.pieces.size();
                }
                if (open < m_text.pieces.size() && m_text.pieces[open].style == run.style)
                    (m_text.pieces[open].text += u' ') += word;
                else
                    m_text.pieces.push_back({x, y + metrics.ascent(), word.toString(), run.style});
                open = m_text.pieces.size() - 1;
                x += w + space;
            }
        }
        y += lineHeight;
    };
    using Kind = WorkedBlock::Kind;
    for (const WorkedBlock &b : steps) {
        switch (b.kind) {
        case Kind::Title:
            flow({{b.text, Title}}, left, Title);
            break;
        case Kind::Step:
            y += pageMargin / 2;
            flow({{b.text, Bold}}, left, Bold);
            break;
        case Kind::Text:
        case Kind::Result:
        case Kind::Note:
        case Kind::Warning: {
            const Style style = b.kind == Kind::Result ? Bold
                : b.kind == Kind::Note                 ? Muted
                : b.kind == Kind::Warning              ? Warn
                                                       : Normal;
            const QString prefix = b.kind == Kind::Warning ? tr("Warning:") : QString();
            flow({{prefix, style}, {b.text, style}}, left, style);
            break;
        }
        case Kind::Rows: {
            Advances &a = *advance[Normal];
            qreal column = 0;
            for (const WorkedRow &r : b.rows)
                column = std::max(column, a.width(r.label) + a.width(u":"));
            column = std::min(column, (right - left) * 0.3);
            const qreal indent = left + column + pageMargin / 2;
            // The colon is a piece of its own: drawn with the token, it would jump before a
            // right-to-left token.
            const qreal colon = a.width(u":");
            for (const WorkedRow &r : b.rows) {
                const QString label = a.width(r.label) + colon > column
                    ? elided(a.metrics, r.label, Qt::ElideMiddle, column - colon)
                    : r.label;
                const qreal baseline = y + a.metrics.ascent(), top = y;
                const std::size_t first = m_text.pieces.size();
                m_text.pieces.push_back({left + column - colon - a.width(label), baseline, label, Normal});
                m_text.pieces.push_back({left + column - colon, baseline, u":"_s, Normal});
                flow({{r.expression, r.masked ? Masked : Normal}, {r.result, Bold}, {r.note, Muted}}, indent, Normal);
                if (r.token >= 0) {
                    qreal end = indent;
                    for (std::size_t i = first; i < m_text.pieces.size(); ++i)
                        end = std::max(
                            end, m_text.pieces[i].x + advance[m_text.pieces[i].style]->width(m_text.pieces[i].text));
                    const qreal start = m_text.pieces[first].x;
                    m_text.rows.emplace_back(r.token, QRectF(start, top, end - start, y - top));
                }
            }
            break;
        }
        }
        y += pageMargin / 3;
    }
    m_text.height = y + pageMargin;
}

qreal WorkedFigure::contentHeight(qreal width, const FigureStyle &style) const
{
    layOut(width, style);
    return m_text.height;
}

void WorkedFigure::setAnnotations(std::vector<PlacedAnnotation> annotations)
{
    m_annotations.set(std::move(annotations));
}

int WorkedFigure::tokenAt(QPointF point, qreal width, const FigureStyle &style) const
{
    layOut(width, style);
    for (const auto &[token, rect] : m_text.rows)
        if (rect.contains(point))
            return token;
    return -1;
}

AnnotationTargets WorkedFigure::annotationTargets(qreal width, const FigureStyle &style) const
{
    layOut(width, style);
    AnnotationTargets t;
    t.bounds = QRectF(0, 0, width, m_text.height);
    t.token = [this](int token) {
        for (const auto &[k, rect] : m_text.rows)
            if (k == token)
                return rect;
        return QRectF();
    };
    // An arrow joins the rows' ends, where it can bow through the blank right of the text rather
    // than across the terms.
    t.arrowEnd = [token = t.token](int k) {
        const QRectF row = token(k);
        return row.isEmpty() ? row : QRectF(row.right() + 2, row.top(), 2, row.height());
    };
    t.arrowStart = t.arrowEnd;
    // Every piece is numbers or the words around them: a callout goes where nothing is written.
    t.numbers.reserve(m_text.pieces.size());
    for (const Piece &p : m_text.pieces) {
        Advances &a = advances(m_text.fonts[static_cast<std::size_t>(p.style)]);
        t.numbers.emplace_back(p.x, p.y - a.metrics.ascent(), a.width(p.text), a.metrics.height());
    }
    return t;
}

void WorkedFigure::paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const
{
    painter.save();
    painter.setClipRect(rect, Qt::IntersectClip);
    const QRectF visible = rect & painter.clipBoundingRect();
    painter.fillRect(visible, style.palette.base());
    layOut(rect.width(), style);
    const QColor text = style.palette.color(QPalette::Text), base = style.palette.color(QPalette::Base);
    const std::array<QColor, StyleCount> colours {text, text, text, mix(text, base, 0.35), mix(text, base, 0.5),
        style.isDark() ? QColor(0xff8a80) : QColor(0xb00020)};
    // Only the pieces whose baseline lies within reach of the visible band are drawn.
    const qreal reach = 2 * QFontMetricsF(m_text.fonts[Title]).height();
    const qreal top = visible.top() - rect.top() - reach, bottom = visible.bottom() - rect.top() + reach;
    auto piece = std::lower_bound(
        m_text.pieces.begin(), m_text.pieces.end(), top, [](const Piece &p, qreal y) { return p.y < y; });
    painter.translate(rect.topLeft());
    int current = -1;
    for (; piece != m_text.pieces.end() && piece->y <= bottom; ++piece) {
        if (piece->style != current) {
            current = piece->style;
            painter.setFont(m_text.fonts[static_cast<std::size_t>(current)]);
            painter.setPen(colours[static_cast<std::size_t>(current)]);
        }
        painter.drawText(QPointF(piece->x, piece->y), piece->text);
    }
    if (!m_annotations.isEmpty())
        m_annotations.paint(painter, annotationTargets(rect.width(), style), style);
    painter.restore();
}

} // namespace qkv
