#pragma once

#include <QMainWindow>

#include <memory>

namespace Ui {
class MainWindow;
}

namespace qkv {

class DocumentSession;
class Document;

// The window: wires the sentence editor, the views and the menus to one DocumentSession.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a file or `example:NAME`; on failure shows the located error and keeps the document.
    bool openDocument(const QString &fileOrExample);
    DocumentSession *session() const { return m_session; }

private:
    void showResult();
    void buildExamplesMenu();

    std::unique_ptr<Ui::MainWindow> m_ui;
    DocumentSession *m_session;
};

} // namespace qkv
