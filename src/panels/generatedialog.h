#pragma once

#include "transformer/generation.h"

#include <QDialog>

#include <atomic>
#include <memory>
#include <thread>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTimer;

namespace qkv {

namespace live {
class LiveModel;
}

// Model → Generate…: the running model continues the sentence a token at a time (greedy, or
// sampled with temperature, top-k and top-p from a seed), on a thread of its own with Stop, the
// heads switched off staying off at every step. The whole text then runs in the window, so every
// view shows it; the step slider selects, for each new token in turn, the row that chose it (the
// token before's: a causal model's row sees only what came before, and gives the distribution the
// token was drawn from, which the Prediction dock shows).
class GenerateDialog : public QDialog
{
    Q_OBJECT

public:
    explicit GenerateDialog(QWidget *parent = nullptr);
    ~GenerateDialog() override;

    // What runs now: the model, its sentence and its interventions (heads switched off, queries,
    // keys and values edited). Once a continuation is written, other interventions write it
    // again from the same prompt with the same draws, said beside the first (changedContinuation).
    void setModel(std::shared_ptr<const live::LiveModel> model, const QString &sentence,
        std::vector<transformer::Intervention> interventions);
    void setTokens(int tokens);
    void setSampling(const transformer::Sampling &sampling);
    void generate();
    void stop();
    bool isRunning() const { return m_thread.joinable(); }
    // The last continuation: the prompt's tokens and the new ones.
    int promptTokens() const { return int(m_prompt.size()); }
    const std::vector<int> &continuation() const { return m_generated.ids; }
    // The continuation written again with the interventions made since, or empty.
    const std::vector<int> &changedContinuation() const { return m_again.ids; }
    // The first token where it differs from the first (its size when none does).
    int firstChangedStep() const;
    // Shows the continuation written again in the window, in place of the first.
    void showChanged();
    QSlider *stepSlider() const { return m_step; }
    // After the window ran the whole text: whether it split into the tokens generated (a text read
    // again can merge across the seam); the slider is usable only then.
    void windowRan(const std::vector<int> &ids);

Q_SIGNALS:
    // Prompt and continuation, to be run in the window.
    void generated(const QString &text);
    // The continuation written again is about to be run in the window, in place of the first.
    void aboutToShowChanged();
    // The token (its index in the whole text) whose row chose a step's token.
    void stepChosen(int token);
    void generateFinished();

private:
    void start(std::vector<int> prompt, int tokens, const transformer::Sampling &sampling, bool again);
    void finish(std::shared_ptr<transformer::Generated> result, bool again);
    void writeAgain();
    void showAgain();
    void showStep(int step);
    void updateButtons();
    transformer::Sampling sampling() const;

    std::shared_ptr<const live::LiveModel> m_model;
    std::shared_ptr<const live::LiveModel> m_runningModel; // the one the thread writes with
    QString m_sentence;
    std::vector<transformer::Intervention> m_interventions;
    QSpinBox *m_tokens;
    QComboBox *m_choose;
    QDoubleSpinBox *m_temperature, *m_topP;
    QSpinBox *m_topK, *m_seed;
    QPushButton *m_generate, *m_stop;
    QLabel *m_status, *m_stepLabel;
    QSlider *m_step;
    QLabel *m_changed;
    QPushButton *m_showChanged;
    QTimer *m_againDelay;
    std::thread m_thread;
    std::atomic<bool> m_stopRequested {false};
    std::vector<int> m_prompt;
    transformer::Generated m_generated;
    // What the shown continuation was written with, and it written again with m_interventions.
    std::vector<transformer::Intervention> m_generatedWith;
    transformer::Sampling m_generatedSampling;
    transformer::Generated m_again;
    QString m_shownText; // the text given to the window, until its run comes back
    bool m_matches = false;
};

} // namespace qkv
