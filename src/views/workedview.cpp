#include "views/workedview.h"

#include "export/numbertables.h"
#include "export/workedcolumn.h"
#include "session/documentsession.h"

#include <QClipboard>
#include <QContextMenuEvent>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHash>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;

namespace qkv {
namespace {

const int defaultMaxKeys = WorkedOptions {}.maxKeys;
// "All keys" lists at most this many: every key of 4,096 tokens would take 0.4 s a rebuild and
// freeze a drag, and nobody reads thousands of dot products.
constexpr int maxListedKeys = 256;
constexpr qreal margin = 12;

// Text widths summed from cached per-character advances. Shaping every line of a long
// computation on each edit costs milliseconds (QTextDocument needed 14 ms at 64 tokens); these
// sums cost microseconds, and only the lines on screen are shaped, when drawn. Words with
// characters outside Latin, Greek, Cyrillic and the symbol blocks (CJK, right-to-left, emoji)
// are shaped whole. Kerning is ignored: the right margin absorbs the pixel or two it can add.
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

WorkedView::WorkedView(QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_bar(new QWidget(this))
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    verticalScrollBar()->setSingleStep(20);

    auto *layout = new QHBoxLayout(m_bar);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addStretch();
    m_allKeys = new QToolButton(m_bar);
    m_allKeys->setText(tr("All keys"));
    m_allKeys->setCheckable(true);
    m_allKeys->setToolTip(
        tr("Work out every key term by term (up to the %1 heaviest), not only the %2 with the largest weights")
            .arg(maxListedKeys)
            .arg(defaultMaxKeys));
    connect(m_allKeys, &QToolButton::toggled, this, [this](bool all) {
        WorkedOptions o = m_options;
        o.maxKeys = all ? 0 : defaultMaxKeys;
        setOptions(o);
    });
    layout->addWidget(m_allKeys);
    // One precision for what is shown and what is copied: both are written by formatWorkedNumber.
    m_decimals = new QSpinBox(m_bar);
    m_decimals->setRange(0, maxTableDecimals);
    m_decimals->setValue(m_options.decimals);
    m_decimals->setPrefix(tr("Decimals: "));
    m_decimals->setToolTip(tr("How many decimals every number has, here and in the copied Markdown and LaTeX"));
    connect(m_decimals, &QSpinBox::valueChanged, this, [this](int decimals) {
        WorkedOptions o = m_options;
        o.decimals = decimals;
        setOptions(o);
    });
    layout->addWidget(m_decimals);
    for (const bool tex : {false, true}) {
        auto *button = new QToolButton(m_bar);
        button->setText(tex ? tr("Copy LaTeX") : tr("Copy Markdown"));
        button->setToolTip(tex ? tr("Copy the steps as LaTeX (amsmath) for a paper or slides")
                               : tr("Copy the steps as Markdown for a blog post or notes"));
        connect(button, &QToolButton::clicked, this, tex ? &WorkedView::copyLatex : &WorkedView::copyMarkdown);
        layout->addWidget(button);
    }
    setViewportMargins(0, m_bar->sizeHint().height(), 0, 0);
}

WorkedView::~WorkedView() = default;

void WorkedView::setFigureMode(bool figure)
{
    m_figure = figure;
    invalidate();
}

void WorkedView::setSession(DocumentSession *session)
{
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    if (session) {
        connect(session, &DocumentSession::selectedTokenChanged, this, &WorkedView::invalidate);
        connect(session, &DocumentSession::currentHeadChanged, this, &WorkedView::invalidate);
        connect(session, &DocumentSession::resultChanged, this, &WorkedView::invalidate);
    }
    invalidate();
}

DocumentSession *WorkedView::session() const
{
    return m_session;
}

void WorkedView::setComputation(const WorkedComputation &computation)
{
    m_computation = computation;
    m_column = {};
    m_showsColumn = false;
    m_computationStale = false;
    m_fallback = false;
    m_blocksStale = true;
    viewport()->update();
}

const WorkedComputation &WorkedView::computation() const
{
    if (m_computationStale && m_session) {
        const int selected = m_session->selectedToken();
        m_fallback = selected < 0;
        m_showsColumn = m_session->isKeySelected();
        if (m_showsColumn) {
            m_column = workedColumn(m_session->document(), m_session->result(), m_session->currentHead(), selected,
                shownKeys(m_session->document().tokenCount()));
            m_computation = {};
        } else {
            m_computation = workedComputation(
                m_session->document(), m_session->result(), m_session->currentHead(), std::max(selected, 0));
            m_column = {};
        }
    }
    m_computationStale = false;
    return m_computation;
}

std::vector<WorkedBlock> WorkedView::blocks(WorkedSyntax syntax) const
{
    const WorkedComputation &row = computation();
    const WorkedOptions options = shownOptions();
    return m_showsColumn ? workedColumnBlocks(m_column, syntax, options) : workedBlocks(row, syntax, options);
}

void WorkedView::setOptions(const WorkedOptions &options)
{
    m_options = options;
    const QSignalBlocker block(m_allKeys), blockDecimals(m_decimals);
    m_allKeys->setChecked(options.maxKeys <= 0);
    m_decimals->setValue(options.decimals);
    m_blocksStale = true;
    viewport()->update();
}

void WorkedView::invalidate()
{
    // Rebuilt at the next paint: several changes between two frames (a fast drag) cost one
    // rebuild, and a hidden view costs nothing.
    m_computationStale = true;
    m_blocksStale = true;
    viewport()->update();
}

int WorkedView::shownKeys(int tokens) const
{
    const int keys = m_options.maxKeys;
    if (keys <= 0 || keys > maxListedKeys)
        return tokens > maxListedKeys ? maxListedKeys : keys;
    return keys;
}

WorkedOptions WorkedView::shownOptions() const
{
    WorkedOptions o = m_options;
    o.maxKeys = shownKeys(static_cast<int>(computation().tokens.size() + m_column.tokens.size()));
    return o;
}

QString WorkedView::markdown() const
{
    return joinWorkedBlocks(blocks(WorkedSyntax::Markdown), WorkedSyntax::Markdown);
}

QString WorkedView::latex() const
{
    return joinWorkedBlocks(blocks(WorkedSyntax::Latex), WorkedSyntax::Latex);
}

void WorkedView::copyMarkdown() const
{
    QGuiApplication::clipboard()->setText(markdown());
}

void WorkedView::copyLatex() const
{
    QGuiApplication::clipboard()->setText(latex());
}

void WorkedView::layOut(qreal width) const
{
    if (m_blocksStale) {
        m_blocks = blocks(WorkedSyntax::Plain);
        if (m_fallback && !m_figure && m_computation.isValid() && m_session)
            m_blocks.insert(m_blocks.begin(),
                {WorkedBlock::Kind::Note,
                    tr("No token selected: showing the first. Select a token in any view, or press Left / Right "
                       "here."),
                    {}});
        m_blocksStale = false;
        m_layoutWidth = -1;
        const auto listable = m_showsColumn ? std::ssize(m_column.queries) : std::ssize(m_computation.keys);
        m_allKeys->setEnabled(m_options.maxKeys <= 0 || listable > defaultMaxKeys);
    }
    if (width == m_layoutWidth)
        return;
    m_layoutWidth = width;
    const QFont base = font();
    m_fonts.fill(base);
    m_fonts[Bold].setBold(true);
    m_fonts[Title].setBold(true);
    if (base.pointSizeF() > 0)
        m_fonts[Title].setPointSizeF(base.pointSizeF() * 1.3);
    else
        m_fonts[Title].setPixelSize(base.pixelSize() * 13 / 10);
    m_fonts[Masked].setItalic(true);
    std::array<Advances *, StyleCount> advance {};
    for (int i = 0; i < StyleCount; ++i)
        advance[static_cast<std::size_t>(i)] = &advances(m_fonts[static_cast<std::size_t>(i)]);

    m_pieces.clear();
    const qreal left = margin, right = std::max(width - margin, left + 80);
    qreal y = margin; // the top of the next line
    struct Run {
        const QString &text;
        Style style;
    };
    // Greedy line filling, word by word; neighbouring words of one style become one piece.
    const auto flow = [&](std::initializer_list<Run> runs, qreal indent, Style lineStyle) {
        const QFontMetricsF &metrics = advance[lineStyle]->metrics;
        const qreal lineHeight = std::round(metrics.lineSpacing() * 1.15); // a little air between rows
        qreal x = indent;
        std::size_t open = m_pieces.size(); // the piece words may still join
        for (const Run &run : runs) {
            Advances &a = *advance[run.style];
            const qreal space = a.width(u" ");
            for (const QStringView word : QStringView(run.text).split(u' ', Qt::SkipEmptyParts)) {
                const qreal w = a.width(word);
                if (x > indent && x + w > right) {
                    y += lineHeight;
                    x = indent;
                    open = m_pieces.size();
                }
                if (open < m_pieces.size() && m_pieces[open].style == run.style)
                    (m_pieces[open].text += u' ') += word;
                else
                    m_pieces.push_back({x, y + metrics.ascent(), word.toString(), run.style});
                open = m_pieces.size() - 1;
                x += w + space;
            }
        }
        y += lineHeight;
    };
    using Kind = WorkedBlock::Kind;
    for (const WorkedBlock &b : m_blocks) {
        switch (b.kind) {
        case Kind::Title:
            flow({{b.text, Title}}, left, Title);
            break;
        case Kind::Step:
            y += margin / 2;
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
            const qreal indent = left + column + margin / 2;
            // The colon is a piece of its own: drawn with the token, it would jump before a
            // right-to-left token.
            const qreal colon = a.width(u":");
            for (const WorkedRow &r : b.rows) {
                const QString label = a.width(r.label) + colon > column
                    ? a.metrics.elidedText(r.label, Qt::ElideMiddle, column - colon)
                    : r.label;
                const qreal baseline = y + a.metrics.ascent();
                m_pieces.push_back({left + column - colon - a.width(label), baseline, label, Normal});
                m_pieces.push_back({left + column - colon, baseline, u":"_s, Normal});
                flow({{r.expression, r.masked ? Masked : Normal}, {r.result, Bold}, {r.note, Muted}}, indent, Normal);
            }
            break;
        }
        }
        y += margin / 3;
    }
    m_height = y + margin;
}

qreal WorkedView::contentHeight(qreal width) const
{
    layOut(width);
    return m_height;
}

void WorkedView::paint(QPainter &painter, const QRectF &rect) const
{
    painter.save();
    painter.setClipRect(rect, Qt::IntersectClip);
    const QRectF visible = rect & painter.clipBoundingRect();
    painter.fillRect(visible, palette().base());
    layOut(rect.width());
    const QColor text = palette().color(QPalette::Text), base = palette().color(QPalette::Base);
    const bool dark = base.lightness() < text.lightness(); // Qt 6.4 has no colorScheme()
    const std::array<QColor, StyleCount> colours {
        text, text, text, mix(text, base, 0.35), mix(text, base, 0.5), dark ? QColor(0xff8a80) : QColor(0xb00020)};
    // Only the pieces whose baseline lies within reach of the visible band are drawn.
    const qreal reach = 2 * QFontMetricsF(m_fonts[Title]).height();
    const qreal top = visible.top() - rect.top() - reach, bottom = visible.bottom() - rect.top() + reach;
    auto piece
        = std::lower_bound(m_pieces.begin(), m_pieces.end(), top, [](const Piece &p, qreal y) { return p.y < y; });
    painter.translate(rect.topLeft());
    int style = -1;
    for (; piece != m_pieces.end() && piece->y <= bottom; ++piece) {
        if (piece->style != style) {
            style = piece->style;
            painter.setFont(m_fonts[static_cast<std::size_t>(style)]);
            painter.setPen(colours[static_cast<std::size_t>(style)]);
        }
        painter.drawText(QPointF(piece->x, piece->y), piece->text);
    }
    painter.restore();
}

void WorkedView::paintEvent(QPaintEvent *)
{
    if (m_blocksStale || m_layoutWidth != viewport()->width())
        updateScrollRange(); // lays out, so the scroll bar knows the new height before drawing
    QPainter painter(viewport());
    const int y = verticalScrollBar()->value();
    painter.translate(0, -y);
    painter.setClipRect(QRect(0, y, viewport()->width(), viewport()->height()));
    paint(painter, QRectF(0, 0, viewport()->width(), y + viewport()->height()));
}

void WorkedView::updateScrollRange()
{
    const int height = static_cast<int>(std::ceil(contentHeight(viewport()->width())));
    verticalScrollBar()->setRange(0, std::max(0, height - viewport()->height()));
    verticalScrollBar()->setPageStep(viewport()->height());
}

void WorkedView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    const QRect area = contentsRect();
    // Clear of the scroll bar, which runs the full height whether it is shown or not.
    m_bar->setGeometry(
        area.left(), area.top(), area.width() - verticalScrollBar()->sizeHint().width(), m_bar->sizeHint().height());
    updateScrollRange();
}

void WorkedView::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy)) {
        copyMarkdown();
        return;
    }
    const int step = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    if (step && m_session && m_session->document().tokenCount() > 0) {
        const int n = m_session->document().tokenCount();
        const int current = m_session->selectedToken();
        m_session->setSelection(current < 0 ? 0 : std::clamp(current + step, 0, n - 1), m_session->isKeySelected());
        return;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

void WorkedView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Copy as Markdown"), this, &WorkedView::copyMarkdown);
    menu.addAction(tr("Copy as LaTeX"), this, &WorkedView::copyLatex);
    menu.exec(event->globalPos());
}

void WorkedView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        m_layoutWidth = -1;
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        viewport()->update();
}

} // namespace qkv
