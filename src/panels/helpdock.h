#pragma once

#include <QDockWidget>
#include <QHash>
#include <QImage>

class QTextBrowser;

namespace qkv {

// Help → Getting started (F1), Help → Glossary and Help → Manual, in a dock beside the views so
// the guide can be followed while the window is used. The guide walks the first five minutes (type, select,
// drag, read the heatmap, export); its pictures are the program's own figures of the bundled
// "animal" example, drawn when the guide is first shown, so they always match today's window.
class HelpDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit HelpDock(QWidget *parent = nullptr);

    void showGuide();
    // The manual (resources/manual/manual.md, as shipped), at the heading whose anchor is `section`
    // ("real-models", as GitHub names it) when given.
    void showManual(const QString &section = {});
    // The glossary, scrolled to the entry `id` (glossary.h) when given.
    void showGlossary(const QString &id = {});
    QTextBrowser *browser() const { return m_browser; }
    // "guide", "glossary" or "manual": what the dock shows.
    QString page() const { return m_page; }

private:
    void openLink(const QUrl &url);
    void scrollToHeading(const QString &anchor);
    void present();
    void addIllustrations();

    QHash<QString, QImage> m_figures; // "figure:NAME" of the guide's pictures
    QTextBrowser *m_browser;
    QString m_page;
    bool m_illustrated = false;
    bool m_placed = false; // placed by the user or a saved layout: shown where it was
};

} // namespace qkv
