#include "panels/helpdock.h"

#include "attention/engine.h"
#include "document/documentio.h"
#include "panels/glossary.h"
#include "panels/manualtext.h"
#include "views/figurerenderer.h"

#include <QAbstractTextDocumentLayout>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>

namespace qkv {
namespace {

constexpr QSize pictureSize(360, 250);

// Serves the guide's pictures, which setHtml would otherwise drop with the document's resources.
class GuideBrowser : public QTextBrowser
{
public:
    GuideBrowser(const QHash<QString, QImage> *figures, QWidget *parent)
        : QTextBrowser(parent)
        , m_figures(figures)
    { }
    QVariant loadResource(int type, const QUrl &name) override
    {
        if (type == QTextDocument::ImageResource && m_figures->contains(name.toString()))
            return m_figures->value(name.toString());
        return QTextBrowser::loadResource(type, name);
    }

private:
    const QHash<QString, QImage> *m_figures;
};

QString guideHtml()
{
    const auto step = [](const QString &title, const QString &text, const QString &picture = {}) {
        QString html = QStringLiteral("<h3>%1</h3><p>%2</p>").arg(title, text);
        if (!picture.isEmpty())
            html += QStringLiteral("<p><img src=\"figure:%1\" width=\"%2\" height=\"%3\"></p>")
                        .arg(picture)
                        .arg(pictureSize.width())
                        .arg(pictureSize.height());
        return html;
    };
    const auto glossary = [](const QString &id, const QString &text) {
        return QStringLiteral("<a href=\"glossary:%1\">%2</a>").arg(id, text);
    };
    QString html = QStringLiteral("<h2>%1</h2><p>%2</p>")
                       .arg(HelpDock::tr("Getting started"),
                           HelpDock::tr("Five minutes with QKV Lab. Every word of a sentence asks a question (its "
                                        "%1), offers an answer (its %2) and carries information (its %3). "
                                        "Attention decides, for each word, how much it takes from every other.")
                               .arg(glossary(QStringLiteral("query"), HelpDock::tr("query")),
                                   glossary(QStringLiteral("key"), HelpDock::tr("key")),
                                   glossary(QStringLiteral("value"), HelpDock::tr("value"))));
    html += step(HelpDock::tr("1. Type a sentence"),
        HelpDock::tr("Write in the <b>Sentence</b> box at the top. The tokens appear below it at once; a new word "
                     "gets vectors of its own, a word you already edited keeps them. Examples → opens the "
                     "articles' sentences with their numbers."));
    html += step(HelpDock::tr("2. Select a word"),
        HelpDock::tr("Click a token, a table row or a heatmap row: every view follows. The arrow graph then shows "
                     "only that word's arrows, thicker where it attends more. Here “it” is selected."),
        QStringLiteral("arrows"));
    html += step(HelpDock::tr("3. Drag a number"),
        HelpDock::tr("In the <b>Q | K | V</b> table, press on a number and drag sideways (Shift: finer, Ctrl: "
                     "coarser), or drag a point in the vector plot. The attention is recomputed while you drag; "
                     "Ctrl+Z undoes the whole drag. Right-click a row for helpers: reset the word, scale to "
                     "length 1, copy another word's vector."),
        QStringLiteral("vectors"));
    html += step(HelpDock::tr("4. Read the heatmap"),
        HelpDock::tr("Row = the word that attends (query), column = the word attended to (key). A brighter cell "
                     "is a larger %1; after %2 each row adds up to 1. Click a column heading to see who attends "
                     "to that word. The <b>Worked</b> tab shows every number of the selected row, from the dot "
                     "products to the %3.")
            .arg(glossary(QStringLiteral("weight"), HelpDock::tr("weight")),
                glossary(QStringLiteral("softmax"), HelpDock::tr("softmax")),
                glossary(QStringLiteral("output"), HelpDock::tr("output"))),
        QStringLiteral("heatmap"));
    html += step(HelpDock::tr("5. Export a figure"),
        HelpDock::tr("File → Export (Ctrl+Shift+E) writes any view as PNG, SVG or PDF, and the numbers as CSV, "
                     "Markdown or LaTeX; Ctrl+Shift+C copies the figure for a slide. The same figures come from "
                     "the command line: <tt>qkvlab export example:animal --view heatmap -o heatmap.png</tt>."));
    html += QStringLiteral("<p>%1</p>")
                .arg(HelpDock::tr("Press Shift+F1 and click any control to learn what it does; the "
                                  "<a href=\"glossary:\">glossary</a> explains every term."));
    return html;
}

} // namespace

HelpDock::HelpDock(QWidget *parent)
    : QDockWidget(tr("Help"), parent)
    , m_browser(new GuideBrowser(&m_figures, this))
{
    setObjectName(QStringLiteral("helpDock"));
    m_browser->setObjectName(QStringLiteral("helpBrowser"));
    m_browser->setOpenLinks(false);
    setWidget(m_browser);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &HelpDock::openLink);
}

void HelpDock::showGuide()
{
    addIllustrations();
    m_page = QStringLiteral("guide");
    m_browser->setHtml(guideHtml());
    setWindowTitle(tr("Getting started"));
    present();
}

// Shown for the first time (no saved layout placed it): a window of its own over the right of
// the main window, since no dock of a laptop screen leaves room for the guide's pictures.
void HelpDock::present()
{
    if (!m_placed && !isVisible()) {
        m_placed = true;
        setFloating(true);
        const QWidget *window = parentWidget() ? parentWidget()->window() : nullptr;
        const QSize size(pictureSize.width() + 80, window ? std::min(window->height() - 60, 720) : 640);
        resize(size);
        if (window)
            move(window->geometry().topRight() + QPoint(-size.width() - 24, 48));
    }
    show();
    raise();
}

void HelpDock::showGlossary(const QString &id)
{
    m_page = QStringLiteral("glossary");
    m_browser->setHtml(glossaryHtml() + QStringLiteral("<p><a href=\"guide:\">%1</a></p>").arg(tr("Getting started")));
    setWindowTitle(tr("Glossary"));
    present();
    if (id.isEmpty())
        m_browser->verticalScrollBar()->setValue(0);
    else
        m_browser->scrollToAnchor(id);
}

void HelpDock::showManual(const QString &section)
{
    if (m_page != u"manual") {
        m_page = QStringLiteral("manual");
        m_browser->setMarkdown(manualMarkdown());
        setWindowTitle(tr("Manual"));
    }
    present();
    if (section.isEmpty())
        m_browser->verticalScrollBar()->setValue(0);
    else
        scrollToHeading(section);
}

// A heading of the shown Markdown by its anchor (a link "#real-models" of the manual).
void HelpDock::scrollToHeading(const QString &anchor)
{
    const QTextDocument *doc = m_browser->document();
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() > 0 && headingAnchor(block.text()) == anchor) {
            m_browser->setTextCursor(QTextCursor(block));
            m_browser->verticalScrollBar()->setValue(
                static_cast<int>(doc->documentLayout()->blockBoundingRect(block).top()));
            return;
        }
}

void HelpDock::openLink(const QUrl &url)
{
    if (url.scheme() == u"glossary")
        showGlossary(url.path());
    else if (url.scheme() == u"guide")
        showGuide();
    else if (url.scheme() == u"manual")
        showManual(url.path());
    else if (url.scheme().isEmpty() && url.path().isEmpty() && url.hasFragment()) // "#real-models"
        scrollToHeading(url.fragment());
}

// The guide's pictures: the window's own figures of the animal example with "it" selected.
void HelpDock::addIllustrations()
{
    if (m_illustrated)
        return;
    m_illustrated = true;
    const LoadResult loaded = loadDocument(QStringLiteral("example:animal"));
    if (!loaded)
        return;
    const Document &doc = *loaded.document;
    const Result result = compute(doc);
    const FigureInput input {&doc, &result, 0, doc.focusToken(), false, nullptr, {}, nullptr};
    const qreal ratio = devicePixelRatioF();
    for (const FigureKind kind : {FigureKind::Arrows, FigureKind::Vectors, FigureKind::Heatmap}) {
        FigureOptions options;
        options.kind = kind;
        options.noTitle = true; // the guide's text says what each picture shows
        const FigureRenderer renderer(input, options);
        if (!renderer.isValid())
            continue;
        QImage image(pictureSize * ratio, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(ratio);
        image.fill(Qt::white);
        QPainter painter(&image);
        renderer.painter()(painter, QRectF(QPointF(0, 0), QSizeF(pictureSize)));
        painter.end();
        m_figures.insert(QStringLiteral("figure:") + figureKindName(kind), image);
    }
}

} // namespace qkv
