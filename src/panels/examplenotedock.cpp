#include "panels/examplenotedock.h"

#include "document/examplenotes.h"
#include "panels/language.h"

#include <QTextBrowser>

namespace qkv {
namespace {

// Compact, for the short tab over the settings: the window's title already names the example.
QString noteHtml(const ExampleNote &note)
{
    QString html = QStringLiteral("<p>%1</p>").arg(note.shows.toHtmlEscaped());
    if (!note.corrections.isEmpty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul style=\"margin-left: -24px\">")
                    .arg(ExampleNoteDock::tr("Where the article is wrong"));
        for (const ArticleCorrection &c : note.corrections)
            html += QStringLiteral("<li><i>%1</i> %2<br><b>%3</b> %4</li>")
                        .arg(ExampleNoteDock::tr("It says:"), c.says.toHtmlEscaped(), ExampleNoteDock::tr("True:"),
                            c.truth.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    return html
        + QStringLiteral("<p><i>%1</i> %2</p>").arg(ExampleNoteDock::tr("Source:"), note.source.toHtmlEscaped());
}

} // namespace

ExampleNoteDock::ExampleNoteDock(QWidget *parent)
    : QDockWidget(tr("About this example"), parent)
    , m_browser(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("exampleNoteDock"));
    m_browser->setObjectName(QStringLiteral("exampleNote"));
    m_browser->setOpenLinks(false);
    setWidget(m_browser);
    setExample({});
}

void ExampleNoteDock::setExample(const QString &name, const QString &sentence, const QString &about)
{
    m_example = name;
    m_ownSentence = sentence;
    m_sentence = sentence;
    // Looked up once, not at every letter typed over the example: neither changes meanwhile.
    const ExampleNote note = name.isEmpty() ? ExampleNote {} : exampleNote(name, app::effectiveLanguage());
    m_noteHtml = !note.isEmpty() ? noteHtml(note)
        : about.isEmpty()        ? QString()
                                 : QStringLiteral("<p>%1</p>").arg(about.toHtmlEscaped());
    updateText();
}

void ExampleNoteDock::setSentence(const QString &sentence)
{
    if (sentence == m_sentence)
        return;
    m_sentence = sentence;
    updateText();
}

void ExampleNoteDock::updateText()
{
    QString html = m_noteHtml;
    if (html.isEmpty() || m_example.isEmpty()) {
        showHtml(QStringLiteral("<p>%1</p>")
                     .arg(tr("What is open is not one of the bundled examples. Open one from the Examples "
                             "menu to read the article it comes from, what it shows, and where the "
                             "article's numbers are wrong.")));
        return;
    }
    // Typed over, the example's sentence is gone: the note is about it, not about what is shown.
    if (!m_ownSentence.isEmpty() && m_sentence != m_ownSentence)
        html.prepend(QStringLiteral("<p><i>%1</i></p><hr>")
                         .arg(tr("This note is about the example's own sentence, “%1”; the window now shows "
                                 "another. Edit → Undo brings the example's back.")
                                  .arg(m_ownSentence.toHtmlEscaped())));
    showHtml(html);
}

void ExampleNoteDock::showHtml(const QString &html)
{
    // The same note again (a sentence typed, not the example's) is not laid out again, nor its
    // scroll bar shown and hidden: that would lay out the whole window at every keystroke.
    if (html == m_html)
        return;
    m_html = html;
    m_browser->setHtml(html);
}

} // namespace qkv
