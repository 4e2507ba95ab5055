#pragma once

#include <QString>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

namespace qkv {

// One candidate token of a prediction; `before` is set when interventions changed the model,
// and is its probability in the model's own run.
struct PredictedBar {
    QString token;
    double probability = 0;
    std::optional<double> before;
    int id = -1; // the token's id in the vocabulary
    bool written = false; // the token the text goes on with (framed)
    int rank = 0; // its place in the whole vocabulary, when it is shown below the likeliest
};
struct PredictionGroup {
    QString title; // which position: "Next token after “the”", "[MASK] at token 4"
    std::vector<PredictedBar> bars; // most probable first
};

// What a real model predicts: for each predicted position its most probable tokens as bars
// with percentages and, after an intervention, the model's own probability beside each as a
// marker and a signed change. A message stands in when there is nothing to predict.
class PredictionView : public QWidget
{
    Q_OBJECT

public:
    explicit PredictionView(QWidget *parent = nullptr);

    void setPredictions(std::vector<PredictionGroup> groups);
    const std::vector<PredictionGroup> &predictions() const { return m_groups; }
    void setMessage(const QString &message); // shown instead of bars; empty: the bars
    QString message() const { return m_message; }
    // Greyed while a newer sentence is being computed.
    void setStale(bool stale);
    // A line under the bars saying how to read them (what the tokenizer's marks mean).
    void setLegend(const QString &legend);
    QString legend() const { return m_legend; }

    // The bar of `bar` in `group`, in widget coordinates (tests, tooltips).
    QRect barRect(int group, int bar) const;
    // The text a row reads aloud and shows as its tooltip.
    static QString describe(const PredictedBar &bar);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    void hintChanged(); // tells the layout when a size hint changed
    struct Layout {
        int rowHeight, titleHeight, tokenWidth, barLeft, barWidth;
    };
    // Measures every token shown: once a paint, and passed on.
    Layout layout() const;
    int rowTop(const Layout &l, int group, int bar) const;
    // The legend's rectangle below the last group's bars (empty without a legend).
    QRect legendRect(const Layout &l) const;
    QRect barRect(const Layout &l, int group, int bar) const;

    std::vector<PredictionGroup> m_groups;
    QString m_message;
    QString m_legend;
    std::pair<QSize, QSize> m_hints; // the size hints the layout last heard of
    bool m_stale = false;
};

} // namespace qkv
