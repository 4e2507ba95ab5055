#include "views/transformerpanel.h"

#include "ui_transformerpanel.h"

#include "views/layersgridview.h"

#include "analysis/attentionflow.h"

#include <QStandardItemModel>

#include <utility>

namespace qkv {
namespace {

// The layer box's item for all layers combined by `how`: -1 mean, -2 max, -3 rollout, -4 flow.
int layerCode(Aggregate how)
{
    switch (how) {
    case Aggregate::Max:
        return -2;
    case Aggregate::Rollout:
        return -3;
    case Aggregate::Flow:
        return -4;
    case Aggregate::Mean:
        break;
    }
    return -1;
}

} // namespace

TransformerPanel::TransformerPanel(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::TransformerPanel>())
{
    m_ui->setupUi(this);
    const auto edited = [this] {
        if (!m_updating)
            Q_EMIT viewEdited(view());
    };
    for (QComboBox *box : {m_ui->stackBox, m_ui->layerBox, m_ui->headsBox})
        connect(box, &QComboBox::activated, this, edited);
    // Rollout and flow follow the heads' mean: the heads' choice is not theirs.
    connect(m_ui->layerBox, &QComboBox::currentIndexChanged, this,
        [this] { m_ui->headsBox->setEnabled(m_ui->layerBox->currentData().toInt() > -3); });
    for (QCheckBox *box : {m_ui->hideBox, m_ui->mergeBox})
        connect(box, &QCheckBox::toggled, this, edited);
    connect(m_ui->specialEdit, &QLineEdit::editingFinished, this, [this, edited] {
        if (m_ui->specialEdit->isModified()) {
            m_ui->specialEdit->setModified(false);
            edited();
        }
    });
    connect(m_ui->grid, &LayersGridView::tileClicked, this, [this](int layer, int head) {
        if (head >= 0)
            Q_EMIT headChosen(layer, head);
    });
}

TransformerPanel::~TransformerPanel() = default;

LayersGridView *TransformerPanel::grid() const
{
    return m_ui->grid;
}

void TransformerPanel::setModel(const std::shared_ptr<const ModelAttention> &model)
{
    m_model = model;
    m_stack.reset();
    const bool stacks = model && model->isEncoderDecoder();
    m_ui->stackLabel->setVisible(stacks);
    m_ui->stackBox->setVisible(stacks);
    showStack(AttentionStack::Encoder);
}

void TransformerPanel::showStack(AttentionStack stack)
{
    if (m_stack == stack)
        return;
    m_stack = stack;
    const bool updating = std::exchange(m_updating, true);
    std::shared_ptr<const ModelAttention> shown = m_model;
    if (m_model && stack != AttentionStack::Encoder)
        shown = stack == AttentionStack::Decoder ? m_model->decoder : m_model->cross;
    const int keep = m_ui->layerBox->currentData().toInt();
    m_ui->layerBox->clear();
    const int layers = shown ? shown->layers : 0, computing = shown ? shown->layersComputing : 0;
    auto *items = qobject_cast<QStandardItemModel *>(m_ui->layerBox->model());
    const auto offerNot = [&](const QString &why) { // the item added last
        if (QStandardItem *item = items ? items->item(m_ui->layerBox->count() - 1) : nullptr) {
            item->setEnabled(false);
            item->setToolTip(why);
        }
    };
    // A run's first layers shown while the model computes the others: those are named, not offered.
    const QString stillComputing = tr("The model is still computing this layer");
    for (int l = 0; l < layers + computing; ++l) {
        m_ui->layerBox->addItem(tr("%1 of %2").arg(l + 1).arg(layers + computing), l);
        if (l >= layers)
            offerNot(stillComputing);
    }
    // A run that keeps no attention would compute every head again for these (notShownInWindow).
    const QString recomputed = shown && shown->recomputesAttention()
        ? tr("Every layer combined needs all %1 heads' attention, and a run of %2 tokens keeps none: each head is "
             "computed again when shown. Choose a layer, or use qkvlab compute --layer.")
              .arg(shown->layers * shown->heads)
              .arg(shown->n)
        : QString();
    // The combination added last: not offered while layers compute, nor for a recomputed run.
    const auto limitCombination = [&] {
        if (computing > 0)
            offerNot(stillComputing);
        else if (!recomputed.isEmpty())
            offerNot(recomputed);
    };
    m_ui->layerBox->addItem(tr("mean of all layers"), -1);
    limitCombination();
    m_ui->layerBox->addItem(tr("max of all layers"), -2);
    limitCombination();
    // Through every layer with the residual connection (Abnar & Zuidema): not across two sentences.
    if (stack != AttentionStack::Cross) {
        m_ui->layerBox->addItem(tr("rollout through all layers"), -3);
        limitCombination();
        m_ui->layerBox->addItem(tr("flow through all layers"), -4);
        // Flow solves n² maximum flows while the views wait: offered up to a second's worth.
        if (computing > 0 || !recomputed.isEmpty())
            limitCombination();
        else if (shown && shown->n > analysis::interactiveFlowTokenLimit)
            offerNot(tr("Flow is drawn for sentences of up to %1 tokens; this one has %2 (rollout has no limit, and "
                        "qkvlab compute --flow takes up to %3)")
                         .arg(analysis::interactiveFlowTokenLimit)
                         .arg(shown->n)
                         .arg(analysis::flowTokenLimit));
    }
    m_ui->layerBox->setCurrentIndex(std::max(0, m_ui->layerBox->findData(std::min(keep, layers - 1))));
    m_updating = updating;
    m_ui->grid->setModel(shown);
}

void TransformerPanel::setView(const ModelView &v, const QString &note)
{
    m_updating = true;
    m_ui->stackBox->setCurrentIndex(static_cast<int>(v.stack));
    showStack(v.stack);
    m_ui->layerBox->setCurrentIndex(
        std::max(0, m_ui->layerBox->findData(v.layer >= 0 ? v.layer : layerCode(v.layersBy))));
    m_ui->headsBox->setCurrentIndex(!v.headsBy ? 0 : *v.headsBy == Aggregate::Mean ? 1 : 2);
    m_ui->hideBox->setChecked(v.hideSpecial);
    m_ui->mergeBox->setChecked(v.merge != SubwordStyle::None);
    m_ui->specialEdit->setText(v.specialTokens.join(u' '));
    m_ui->specialEdit->setCursorPosition(0); // the list's start, not its end
    m_ui->specialEdit->setModified(false);
    m_ui->noteLabel->setText(note);
    m_updating = false;
}

ModelView TransformerPanel::view() const
{
    ModelView v;
    if (m_model && m_model->isEncoderDecoder())
        v.stack = static_cast<AttentionStack>(m_ui->stackBox->currentIndex());
    const int layer = m_ui->layerBox->currentData().toInt();
    v.layer = std::max(layer, -1);
    v.layersBy = layer == -2 ? Aggregate::Max
        : layer == -3        ? Aggregate::Rollout
        : layer == -4        ? Aggregate::Flow
                             : Aggregate::Mean;
    if (m_ui->headsBox->currentIndex() > 0)
        v.headsBy = m_ui->headsBox->currentIndex() == 1 ? Aggregate::Mean : Aggregate::Max;
    v.hideSpecial = m_ui->hideBox->isChecked();
    v.merge = m_ui->mergeBox->isChecked() ? SubwordStyle::Auto : SubwordStyle::None;
    v.specialTokens = m_ui->specialEdit->text().split(u' ', Qt::SkipEmptyParts);
    if (v.specialTokens.isEmpty())
        v.specialTokens = defaultSpecialTokens();
    return v;
}

} // namespace qkv
