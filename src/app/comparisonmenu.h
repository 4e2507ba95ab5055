#pragma once

#include <QObject>

class QAction;
class QMainWindow;

namespace Ui {
class MainWindow;
}

namespace qkv {

class ModelWorkspace;

// Model → Compare With Another File… and Stop Comparing: the running model against another file
// of itself (its F32 or BF16 weights against a Q8_0 or Q4_K_M file, say), whose numbers become the
// baseline of the views (the Δ view, Side by Side) and of the Prediction dock's bars; the status
// bar says what is compared.
class ComparisonMenu : public QObject
{
    Q_OBJECT

public:
    ComparisonMenu(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace);

private:
    void choose();
    void update();

    QMainWindow *m_window;
    ModelWorkspace *m_workspace;
    QAction *m_compare;
    QAction *m_stop;
};

} // namespace qkv
