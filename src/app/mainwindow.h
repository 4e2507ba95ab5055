#pragma once

#include "app/theme.h"
#include "export/figureoptions.h"
#include "session/documentfile.h"

#include <QJsonObject>
#include <QMainWindow>

#include <memory>
#include <utility>
#include <vector>

class QDockWidget;
class QMenu;
class QProgressBar;
class QUndoGroup;
class QSpinBox;
class QToolButton;

namespace Ui {
class MainWindow;
}

namespace qkv {

class Document;

namespace lessons {
struct Lesson;
struct Step;
struct StepState;
struct ModelStart;
} // namespace lessons

namespace live {
class LiveSession;
struct LiveRun;
struct SessionFile;
} // namespace live

class AnimationDialog;
class GoalSeekDialog;
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
// DocumentSession, and owns the document's life as a file (open, save, autosave, recovery).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a file or `example:NAME`. On failure the located error is shown (and kept in
    // lastError()) and the open document stays exactly as it was.
    bool openDocument(const QString &fileOrExample);
    bool saveDocument(const QString &path);
    // Runs a real model (a folder or hf:NAME) on `sentence` (empty: the sentence box's, or one
    // made for the model) and shows it; the sentence box then re-runs it as one types.
    bool openLiveModel(const QString &location, const QString &sentence = {});
    // A model session file (.qkvmodel.json): the model run on its sentence with its edits;
    // `recovered` (an autosaved copy): untitled and unsaved.
    bool openLiveSession(const QString &file, bool recovered = false);
    bool saveLiveSession(const QString &file);
    // Offers to restore work left by a session that ended unexpectedly.
    void offerRecovery();
    // Opens a lesson (a .qkvlesson.json or lesson:NAME) on its start document, at the step the
    // student left it; the Lesson dock walks through it.
    bool openLesson(const QString &fileOrBundled);
    LessonDock *lessonDock() const { return m_lessonDock; }
    // The lesson being written or followed, saved atomically (it must read back first).
    bool saveLesson(const QString &path);
    // Presenter mode (F5): full screen, large text, high contrast, the lesson as a caption.
    void setPresenting(bool on);
    bool isPresenting() const { return m_presenting; }

    DocumentSession *session() const { return m_session; }
    TransformerSession *transformerSession() const { return m_transformer; }
    live::LiveSession *liveSession() const { return m_live; }
    QString filePath() const { return m_file.path(); }
    QString lastError() const { return m_lastError; }
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
    HelpDock *helpDock() const { return m_helpDock; }
    ExampleNoteDock *noteDock() const { return m_noteDock; }
    ZoomController *zoom() const { return m_zoom; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setUpActions();
    void showAbout();
    void setUpTables();
    // The guide, the glossary, What's This and the zoom (mainwindowhelp.cpp).
    void setUpHelp();
    // The note of example:NAME in "About this example" (brought to the front); any other file: none.
    void showExampleNote(const QString &fileOrExample);
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
    // The model session now (model, sentence, shown layer and head, interventions) as a file at `file`.
    QByteArray liveSessionBytes(const QString &file) const;
    void showPredictions();
    // Whether the shown layer's document already holds `run`'s numbers of its layer.
    void buildModelMenu();
    void updateModelActions();
    void buildExamplesMenu();
    void setUpLessons();
    void setUpExplorer();
    // Tools → Snapshots (mainwindowsnapshots.cpp).
    void setUpSnapshots(QMenu *tools);
    // `dock` hidden as a tab beside `beside`; its toggle action (named, titled) raises it when shown.
    QAction *addTabbedDock(QDockWidget *dock, Qt::DockWidgetArea area, QDockWidget *beside, const QString &actionName,
        const QString &text);
    void takeSnapshot(const QString &name);
    void compareWith(const QString &name);
    // Tools → Goal Seek… on a cell, with a weight to seek (NaN: the dialog keeps its own).
    void openGoalSeek(int query, int key, double target);
    void closeLesson();
    void enterLessonStep(int step);
    // A lesson on a real model: a step's (or a solution's) state sets the sentence the model runs
    // on, the layer and head; its token is selected once the model has run on the sentence.
    bool lessonOnModel() const;
    void enterModelLessonStep(const lessons::StepState &state);
    bool openModelLesson(const lessons::Lesson &lesson, int step);
    void selectLessonTokens(const lessons::StepState &state);
    // The document a lesson checks: the shown one, with the answers of a lesson on a model.
    Document lessonDocument() const;
    void answerLesson(const QString &exerciseId, const QJsonValue &answer);
    std::vector<std::pair<QString, QWidget *>> lessonViews() const;
    void showLessonViews(const QStringList &views);
    void concealWeights(bool concealed);
    void setUpPresenter();
    lessons::Step recordedStep(const lessons::Lesson &lesson) const;
    void refresh();
    void showSelection(int token);
    void showHoveredCell(int row, int col);
    QString describeKey(int key) const;
    void updateTitle();
    // What the title bar and the unsaved-changes question call the document.
    QString documentName() const;
    void showStep(int index);
    void showError(const QString &title, const QString &text);
    void updateToolIcons();

    // Files (mainwindowfiles.cpp).
    void setUpAutosaveStatus();
    void newDocument();
    void open();
    bool save();
    bool saveAs();
    // Writes atomically; on success the window is that file's (title, recent files, clean).
    bool saveBytes(const QString &path, const QByteArray &bytes);
    bool maybeSave();
    void addRecentFile(const QString &path);
    void rebuildRecentMenu();
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
    DocumentFile m_file; // after m_autosaver, which it is given
    ModelWorkspace *m_workspace; // the running model's workflow; the three below are its
    TransformerSession *m_transformer;
    live::LiveSession *m_live;
    LiveHistory *m_liveHistory;
    QUndoGroup *m_history;
    StagedRepaint *m_stagedRepaint;
    QProgressBar *m_liveBusy = nullptr;
    QToolButton *m_liveStop = nullptr;
    ExportDialog *m_exportDialog = nullptr;
    HelpDock *m_helpDock = nullptr;
    ExampleNoteDock *m_noteDock = nullptr;
    ZoomController *m_zoom = nullptr;
    bool m_zoomFollowsScreen = false;
    QSpinBox *m_headBox = nullptr;
    std::vector<std::pair<QAction *, QString>> m_toolIcons; // action, icon name
    QString m_lastError;
    bool m_selecting = false;
    LessonDock *m_lessonDock = nullptr;
    QString m_lessonSource; // the lesson's file or lesson:NAME, which names its progress
    QByteArray m_layoutBeforeLesson; // the docks as they were, for when the lesson closes
    QStringList m_lessonViews; // the views the current step shows
    std::vector<QAction *> m_lessonActions; // enabled while a lesson is open
    // A lesson on a model keeps the student's answers here: the model makes its document anew on
    // each run. Saved in a model session.
    QAction *m_presenterAction = nullptr;
    AnimationDialog *m_animationDialog = nullptr;
    GoalSeekDialog *m_goalSeek = nullptr;
    bool m_presenting = false;
    struct {
        QByteArray state, geometry;
        int zoomStep = 0;
        bool maximized = false;
    } m_beforePresenting; // the window as it was, for when presenting ends
    int m_shownStep = 0; // the undo index the status bar last spoke of
};

} // namespace qkv
