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

    // `name` of example:NAME (empty when what is shown is no bundled example), the sentence it
    // opens on, and what it is when it has no note of its own (a built-in model's description).
    void setExample(const QString &name, const QString &sentence = {}, const QString &about = {});
    QString example() const { return m_example; }
    // The sentence the window shows now: a note is about the example's own sentence, and says so
    // once another one is typed.
    void setSentence(const QString &sentence);
    QTextBrowser *browser() const { return m_browser; }

private:
    void updateText();
    void showHtml(const QString &html);

    QTextBrowser *m_browser;
    QString m_example;
    QString m_ownSentence;
    QString m_noteHtml; // the example's note (or its "about"), without the words on a retyped sentence
    QString m_html; // shown
    QString m_sentence;
};

} // namespace qkv
