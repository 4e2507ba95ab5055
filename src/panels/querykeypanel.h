#pragma once

#include "corpus/querykeys.h"

#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace qkv {

class QueryKeyPlotView;

// The Analyse Heads dialog's "Queries and keys" tab: one head's queries and keys over the corpus
// (up to a number of tokens, gathered on a thread of its own) in one plane as AttentionViz draws
// them, coloured by role, position or token; a dot clicked shows its passage with the token
// marked, which the window can then show at that layer and head.
class QueryKeyPanel : public QWidget
{
    Q_OBJECT

public:
    // `corpus` gives the corpus options the dialog's fields say, when Plot is pressed.
    QueryKeyPanel(std::function<corpus::HeadsOptions()> corpus, QWidget *parent = nullptr);
    ~QueryKeyPanel() override;

    void setModel(std::shared_ptr<const live::LiveModel> model);
    void setHead(int layer, int head); // from 0
    void plot();
    void stop();
    bool isRunning() const { return m_thread.joinable(); }
    QueryKeyPlotView *view() const { return m_view; }
    const corpus::QueryKeys *points() const { return m_points.get(); }
    // Shows token `index`'s passage with the token marked (as a click on its dot does).
    void choose(int index, bool key);

Q_SIGNALS:
    void passageChosen(const QString &text, int layer, int head);
    void plotFinished();

private:
    void finish(std::shared_ptr<corpus::QueryKeys> points);
    void updateButtons();
    QString passageOf(int index, int *start, int *length) const;

    std::function<corpus::HeadsOptions()> m_corpus;
    std::shared_ptr<const live::LiveModel> m_model, m_runModel, m_pointsModel;
    QSpinBox *m_layer, *m_head, *m_tokens;
    QPushButton *m_plot, *m_stop, *m_show;
    QComboBox *m_colouring;
    QueryKeyPlotView *m_view;
    QLabel *m_caption, *m_chosen;
    std::thread m_thread;
    std::atomic<bool> m_stopRequested {false};
    std::shared_ptr<const corpus::QueryKeys> m_points;
    int m_chosenIndex = -1;
};

} // namespace qkv
