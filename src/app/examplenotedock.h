#pragma once

#include <QDockWidget>

class QTextBrowser;

namespace qkv {

// "About this example": the note of the bundled example the window shows (examplenotes.h): the
// article it comes from, what it shows, and where the article's own numbers are wrong. A tab
// over the settings, brought to the front when an example with a note opens.
class ExampleNoteDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit ExampleNoteDock(QWidget *parent = nullptr);

    // `name` of example:NAME; empty when what is shown is no bundled example.
    void setExample(const QString &name);
    QString example() const { return m_example; }
    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser;
    QString m_example;
};

} // namespace qkv
