#pragma once

#include "modelfiles/modeldocument.h"

#include <QWidget>

#include <memory>

namespace Ui {
class TransformerPanel;
}

namespace qkv {

class LayersGridView;

// How a real model is looked at: the layer (or all combined), each head or the heads
// combined, special tokens hidden, word pieces merged; a note on where the numbers come from,
// and the layers × heads overview, whose tiles choose layer and head. Forwards edits only.
class TransformerPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TransformerPanel(QWidget *parent = nullptr);
    ~TransformerPanel() override;

    // The whole model (an encoder-decoder model's three attentions offered).
    void setModel(const std::shared_ptr<const ModelAttention> &model);
    // Shows a view (no signal); `note` says where the shown numbers come from.
    void setView(const ModelView &view, const QString &note);
    ModelView view() const;
    LayersGridView *grid() const;

Q_SIGNALS:
    void viewEdited(const ModelView &view);
    // A tile was chosen: show this layer, and this head of it.
    void headChosen(int layer, int head);

private:
    void showStack(AttentionStack stack); // its layers offered, its heads in the grid

    std::unique_ptr<Ui::TransformerPanel> m_ui;
    std::shared_ptr<const ModelAttention> m_model;
    std::optional<AttentionStack> m_stack; // whose layers are offered
    bool m_updating = false;
};

} // namespace qkv
