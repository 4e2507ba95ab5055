#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QMainWindow;

namespace Ui {
class MainWindow;
}

namespace qkv {

class HeadsDialog;
class ModelWorkspace;

// Model → Analyse Heads…: the running model's heads scored over a corpus (HeadsDialog), a passage
// it lists opened in the window at its layer and head.
class HeadsAnalysis : public QObject
{
    Q_OBJECT

public:
    HeadsAnalysis(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace);

    void show();

private:
    void update();

    QMainWindow *m_window;
    ModelWorkspace *m_workspace;
    QAction *m_action;
    QPointer<HeadsDialog> m_dialog;
};

} // namespace qkv
