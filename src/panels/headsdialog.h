#pragma once

#include "corpus/headsrun.h"

#include <QDialog>

#include <atomic>
#include <memory>
#include <thread>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace qkv {

class HeadScoresView;
class QueryKeyPanel;

// Model → Analyse Heads…: the running model over a corpus (a text file, a passage a line or
// windows of the text), every head scored (corpus::runHeads) on a thread of its own with progress
// and Stop (what ran is kept, marked partial; closing the dialog leaves the run going); the scores
// as a layers × heads grid each, a head clicked lists the passages it scores highest on, and a
// passage opened shows it in the window's views at that layer and head. Saves CSV, JSON and the
// grids as a figure. A second tab plots a head's queries and keys over the corpus (QueryKeyPanel).
class HeadsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit HeadsDialog(QWidget *parent = nullptr);
    ~HeadsDialog() override;

    // The model scored; null: none runs (Start is disabled).
    void setModel(std::shared_ptr<const live::LiveModel> model);
    void setCorpus(const QString &path);
    void start();
    void stop();
    bool isRunning() const { return m_thread.joinable(); }
    // The last run's result (null before one ends).
    const corpus::HeadsReport *report() const { return m_report.get(); }
    HeadScoresView *view() const { return m_view; }
    QListWidget *passageList() const { return m_passages; }
    QueryKeyPanel *queryKeys() const { return m_queryKeys; }
    // The score (grid) and head the passage list is for.
    void chooseHead(int grid, int layer, int head);
    // Writes the result: CSV, JSON or a figure (PNG, SVG, PDF) by the path's suffix; the error or empty.
    QString save(const QString &path) const;

Q_SIGNALS:
    // A top passage opened: its text, to be shown at `layer` and `head` (from 0).
    void passageChosen(const QString &text, int layer, int head);
    void runFinished();

private:
    void browse();
    void finish(std::shared_ptr<corpus::HeadsReport> report);
    void showResult();
    void updateButtons();
    void saveAs();
    corpus::HeadsOptions options() const;

    std::shared_ptr<const live::LiveModel> m_model;
    QLineEdit *m_corpus;
    QComboBox *m_split;
    QSpinBox *m_maxTokens;
    std::vector<QCheckBox *> m_scoreBoxes;
    QPushButton *m_start, *m_stop, *m_save;
    QProgressBar *m_progress;
    QLabel *m_status;
    HeadScoresView *m_view;
    QLabel *m_passagesTitle;
    QListWidget *m_passages;
    QueryKeyPanel *m_queryKeys;

    std::thread m_thread;
    std::atomic<bool> m_stopRequested {false};
    corpus::HeadsOptions m_running; // the options of the run under way or last finished
    std::shared_ptr<const corpus::HeadsReport> m_report;
    // The model of the run under way, and of m_report (the window may have opened another since).
    std::shared_ptr<const live::LiveModel> m_runModel, m_reportModel;
    int m_grid = 0, m_layer = -1, m_head = -1;
};

} // namespace qkv
