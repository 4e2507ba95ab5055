#include "app/examplenotedock.h"

#include "app/language.h"
#include "document/examplenotes.h"

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

void ExampleNoteDock::setExample(const QString &name)
{
    m_example = name;
    const ExampleNote note = exampleNote(name, app::effectiveLanguage());
    m_browser->setHtml(note.isEmpty()
            ? QStringLiteral("<p>%1</p>")
                  .arg(tr("What is open is not one of the bundled examples. Open one from the Examples menu to "
                          "read the article it comes from, what it shows, and where the article's numbers are "
                          "wrong."))
            : noteHtml(note));
}

} // namespace qkv
