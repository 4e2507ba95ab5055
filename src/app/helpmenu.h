#pragma once

#include <QObject>

class QMainWindow;

namespace Ui {
class MainWindow;
}

namespace qkv {

class ExampleNoteDock;
class HelpDock;
class ModelWorkspace;

// Help for a beginner: the Help menu (Getting Started, the glossary, the manual, What's This on
// every control, its links opening the glossary) and the "About this example" dock. Made after
// every widget of the window: each gets its What's This.
class HelpMenu : public QObject
{
    Q_OBJECT

public:
    HelpMenu(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace);

    HelpDock *helpDock() const { return m_helpDock; }
    ExampleNoteDock *noteDock() const { return m_noteDock; }
    // The note of example:NAME (or a built-in model's description) in "About this example",
    // brought to the front; any other file: none.
    void showExampleNote(const QString &fileOrExample);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    ModelWorkspace *m_workspace;
    ExampleNoteDock *m_noteDock;
    HelpDock *m_helpDock;
};

} // namespace qkv
