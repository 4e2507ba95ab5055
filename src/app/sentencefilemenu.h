#pragma once

#include <QObject>

class QAction;
class QMainWindow;

namespace Ui {
class MainWindow;
}

namespace qkv {

class ModelWorkspace;

// Model → Sentence from Text File…: a text file's whole text typed as the sentence the model runs
// on (one step of the history), for a long document; one longer than the model's positions is
// cut to its first tokens when the reader agrees.
class SentenceFileMenu : public QObject
{
    Q_OBJECT

public:
    SentenceFileMenu(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace);

    // Types the text of `path` as the sentence, cut to the model's positions when `cut` (else
    // refused past them). Returns why it was not typed, or empty.
    QString typeFile(const QString &path, bool cut);

private:
    void choose();

    QMainWindow *m_window;
    ModelWorkspace *m_workspace;
    QAction *m_action;
    bool m_tooLong = false; // the last typeFile refused a text past the positions
};

} // namespace qkv
