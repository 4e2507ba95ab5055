#pragma once

#include "app/helpmenu.h"
#include "app/lessoncontroller.h"
#include "app/presentermode.h"
#include "app/theme.h"
#include "app/windowfiles.h"
#include "export/figureoptions.h"

#include <QMainWindow>

#include <memory>
#include <utility>
#include <vector>

class QDockWidget;
class QMenu;
class QUndoGroup;
class QSpinBox;

namespace Ui {
class MainWindow;
}

namespace qkv {

namespace live {
class LiveSession;
} // namespace live

class AnimationDialog;
class AttentionModel;
class Autosaver;
class DocumentSession;
class DocumentTableModel;
class EmbeddingsModel;
class TransformerSession;
class ExampleNoteDock;
class ExportDialog;
class HelpDock;
class LessonDock;
class LiveHistory;
class ModelWorkspace;
class ZoomController;
class OutputProjectionModel;
class OutputsModel;
class ProjectionsModel;
class ScrubTableView;
class StagedRepaint;
class WordVectorsModel;

// The window: wires the sentence editor, token strip, tables, settings and views to one
// DocumentSession and the model workspace, and assembles the parts that run a workflow in it:
// WindowFiles (open, save, recovery), LessonController, PresenterMode, ToolsMenu, HelpMenu and
// LiveRunDisplay.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opening and saving: WindowFiles's (see there).
    bool openDocument(const QString &fileOrExample) { return m_files->openDocument(fileOrExample); }
    bool saveDocument(const QString &path) { return m_files->saveDocument(path); }
    bool openLiveModel(const QString &location, const QString &sentence = {})
    {
        return m_files->openLiveModel(location, sentence);
    }
    bool openLiveSession(const QString &file, bool recovered = false)
    {
        return m_files->openLiveSession(file, recovered);
    }
    bool saveLiveSession(const QString &file) { return m_files->saveLiveSession(file); }
    void offerRecovery() { m_files->offerRecovery(); }
    // Opens a lesson (a .qkvlesson.json or lesson:NAME) on its start document, at the step the
    // student left it; the Lesson dock walks through it.
    bool openLesson(const QString &fileOrBundled) { return m_lessons->openLesson(fileOrBundled); }
    LessonDock *lessonDock() const { return m_lessons->dock(); }
    bool saveLesson(const QString &path) { return m_lessons->saveLesson(path); }
    // Presenter mode (F5): full screen, large text, high contrast, the lesson as a caption.
    void setPresenting(bool on) { m_presenter->setPresenting(on); }
    bool isPresenting() const { return m_presenter->isPresenting(); }

    DocumentSession *session() const { return m_session; }
    TransformerSession *transformerSession() const { return m_transformer; }
    live::LiveSession *liveSession() const { return m_live; }
    QString filePath() const { return m_files->path(); }
    QString lastError() const { return m_files->lastError(); }
    Autosaver *autosaver() const { return m_autosaver; }
    // What Undo, Redo and the History dock work on: the document's undo stack, or while a real
    // model runs, the model's (its sentence and interventions).
    QUndoGroup *history() const { return m_history; }
    // Paces the figures' repaints after a real model's new run, one per pass of the event loop.
    StagedRepaint *stagedRepaint() const { return m_stagedRepaint; }

    void setTheme(Theme theme);
    // How `view` looks in the window now (colormap, filters, layout…), for figures.
    FigureOptions figureOptions(FigureKind kind) const;
    // What the shown document is of, for figures' titles: "gpt2, layer 3 of 12"; empty for a document.
    QString figureSource() const;
    // File → Export: made on first use, kept (with its choices) while the window lives.
    ExportDialog *exportDialog();
    HelpDock *helpDock() const { return m_help->helpDock(); }
    ExampleNoteDock *noteDock() const { return m_help->noteDock(); }
    ZoomController *zoom() const { return m_zoom; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void setUpActions();
    void showAbout();
    void setUpTables();
    void setUpZoom();
    // Views (mainwindowviews.cpp).
    void setUpViews();
    void setUpArrowControls();
    void setUpLanguageMenu();
    void applyArrowControls();
    void saveViewOptions() const;
    // A real model's layers and heads (mainwindowtransformer.cpp).
    void setUpModel();
    void showModelView();
    // A real model run live (mainwindowlive.cpp).
    void setUpLive();
    void updateModelActions();
    void refresh();
    // The second sentence box as a document's cross-attention sentence or a model's target.
    void showSecondBox(bool target);
    void showSelection(int token);
    void showHoveredCell(int row, int col);
    QString describeKey(int key) const;
    void updateTitle();
    void showStep(int index);
    void updateToolIcons();

    ScrubTableView *currentTable() const;

    std::unique_ptr<Ui::MainWindow> m_ui;
    DocumentSession *m_session;
    WordVectorsModel *m_wordsModel;
    EmbeddingsModel *m_embeddingsModel;
    ProjectionsModel *m_projectionsModel;
    OutputProjectionModel *m_woModel;
    AttentionModel *m_attentionModel;
    OutputsModel *m_outputsModel;
    Autosaver *m_autosaver;
    ModelWorkspace *m_workspace; // the running model's workflow; the three below are its
    TransformerSession *m_transformer;
    live::LiveSession *m_live;
    LiveHistory *m_liveHistory;
    QUndoGroup *m_history;
    StagedRepaint *m_stagedRepaint;
    WindowFiles *m_files = nullptr;
    LessonController *m_lessons = nullptr;
    PresenterMode *m_presenter = nullptr;
    ExportDialog *m_exportDialog = nullptr;
    HelpMenu *m_help = nullptr;
    ZoomController *m_zoom = nullptr;
    bool m_zoomFollowsScreen = false;
    QSpinBox *m_headBox = nullptr;
    std::vector<std::pair<QAction *, QString>> m_toolIcons; // action, icon name
    bool m_selecting = false;
    AnimationDialog *m_animationDialog = nullptr;
    int m_shownStep = 0; // the undo index the status bar last spoke of
};

} // namespace qkv
