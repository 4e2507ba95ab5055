#include "panels/generatedialog.h"

#include "livemodel/continuation.h"
#include "livemodel/livemodel.h"
#include "platform/cores.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace qkv {

GenerateDialog::GenerateDialog(QWidget *parent)
    : QDialog(parent)
    , m_tokens(new QSpinBox(this))
    , m_choose(new QComboBox(this))
    , m_temperature(new QDoubleSpinBox(this))
    , m_topP(new QDoubleSpinBox(this))
    , m_topK(new QSpinBox(this))
    , m_seed(new QSpinBox(this))
    , m_generate(new QPushButton(tr("&Generate"), this))
    , m_stop(new QPushButton(tr("S&top"), this))
    , m_status(new QLabel(this))
    , m_stepLabel(new QLabel(this))
    , m_step(new QSlider(Qt::Horizontal, this))
    , m_changed(new QLabel(this))
    , m_showChanged(new QPushButton(tr("Show &This Continuation"), this))
    , m_againDelay(new QTimer(this))
{
    setObjectName(QStringLiteral("generateDialog"));
    setWindowTitle(tr("Generate"));
    m_tokens->setRange(1, 4096);
    m_tokens->setValue(20);
    m_choose->addItems({tr("The likeliest token"), tr("Sampled")});
    m_temperature->setRange(0.05, 10);
    m_temperature->setSingleStep(0.1);
    m_temperature->setValue(0.8);
    m_topK->setRange(0, 100000);
    m_topK->setSpecialValueText(tr("all"));
    m_topP->setRange(0.01, 1);
    m_topP->setSingleStep(0.05);
    m_topP->setValue(1);
    m_seed->setRange(0, 2147483647);
    auto *form = new QFormLayout;
    form->addRow(tr("&Tokens to add:"), m_tokens);
    form->addRow(tr("&Each token:"), m_choose);
    form->addRow(tr("T&emperature:"), m_temperature);
    form->addRow(tr("Top-&k:"), m_topK);
    form->addRow(tr("Top-&p:"), m_topP);
    form->addRow(tr("&Seed:"), m_seed);
    auto *run = new QHBoxLayout;
    run->addWidget(m_generate);
    run->addWidget(m_stop);
    run->addStretch(1);
    m_status->setWordWrap(true);
    m_stepLabel->setWordWrap(true);
    // Room for what they say, two lines each, however narrow the dialog.
    for (QLabel *label : {m_status, m_stepLabel})
        label->setMinimumHeight(2 * fontMetrics().lineSpacing() + 4);
    m_step->setEnabled(false);
    m_step->setToolTip(tr("Each new token in turn: the views show the attention it paid as it was written"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(run);
    layout->addWidget(m_status);
    layout->addWidget(new QLabel(tr("Step:"), this));
    layout->addWidget(m_step);
    layout->addWidget(m_stepLabel);
    // The continuation written again after an intervention, beside the first.
    m_changed->setObjectName(QStringLiteral("changedContinuation"));
    m_changed->setWordWrap(true);
    m_changed->setTextFormat(Qt::PlainText);
    m_changed->setMinimumHeight(3 * fontMetrics().lineSpacing() + 4);
    m_showChanged->setToolTip(tr("Run this continuation in the window instead of the first"));
    layout->addWidget(m_changed);
    layout->addWidget(m_showChanged, 0, Qt::AlignLeft);
    m_changed->hide();
    m_showChanged->hide();
    layout->addWidget(buttons);
    resize(460, sizeHint().height());

    connect(m_generate, &QPushButton::clicked, this, &GenerateDialog::generate);
    connect(m_stop, &QPushButton::clicked, this, &GenerateDialog::stop);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(m_choose, &QComboBox::currentIndexChanged, this, &GenerateDialog::updateButtons);
    connect(m_step, &QSlider::valueChanged, this, &GenerateDialog::showStep);
    connect(m_showChanged, &QPushButton::clicked, this, &GenerateDialog::showChanged);
    // Edits come a drag at a time: the continuation is written again once they pause.
    m_againDelay->setSingleShot(true);
    m_againDelay->setInterval(300);
    connect(m_againDelay, &QTimer::timeout, this, &GenerateDialog::writeAgain);
    updateButtons();
}

GenerateDialog::~GenerateDialog()
{
    m_stopRequested = true;
    if (m_thread.joinable())
        m_thread.join();
}

void GenerateDialog::setModel(std::shared_ptr<const live::LiveModel> model, const QString &sentence,
    std::vector<transformer::Intervention> interventions)
{
    const bool otherModel = model != m_model;
    if (otherModel && isRunning()) // what it writes is the old model's: stopped, and dropped in finish()
        m_stopRequested = true;
    m_model = std::move(model);
    m_sentence = sentence;
    m_interventions = std::move(interventions);
    if (otherModel || !m_model) { // a continuation is this model's
        m_generated = {};
        m_again = {};
        showAgain();
    } else if (!m_shownText.isEmpty() && sentence == m_shownText) {
        // The window runs the text written: what it keeps of the interventions (an edit of the
        // prompt's numbers ends with a new sentence) is what the text is compared against.
        m_shownText.clear();
        m_generatedWith = m_interventions;
    } else if (!m_generated.ids.empty() || isRunning()) {
        if (m_interventions == m_generatedWith) {
            m_againDelay->stop();
            m_again = {};
            showAgain();
        } else {
            m_againDelay->start();
        }
    }
    updateButtons();
}

void GenerateDialog::setTokens(int tokens)
{
    m_tokens->setValue(tokens);
}

void GenerateDialog::setSampling(const transformer::Sampling &s)
{
    m_choose->setCurrentIndex(s.temperature > 0 ? 1 : 0);
    if (s.temperature > 0)
        m_temperature->setValue(s.temperature);
    m_topK->setValue(s.topK);
    m_topP->setValue(s.topP);
    m_seed->setValue(int(s.seed));
}

transformer::Sampling GenerateDialog::sampling() const
{
    transformer::Sampling s;
    if (m_choose->currentIndex() == 1) {
        s.temperature = m_temperature->value();
        s.topK = m_topK->value();
        s.topP = m_topP->value();
    }
    s.seed = std::uint64_t(m_seed->value());
    return s;
}

void GenerateDialog::generate()
{
    if (!m_model || isRunning())
        return;
    m_againDelay->stop();
    m_again = {};
    showAgain();
    m_matches = false;
    m_step->setEnabled(false);
    m_stepLabel->clear();
    m_status->setText(tr("Generating…"));
    start(m_model->encode(m_sentence).ids, m_tokens->value(), sampling(), false);
}

void GenerateDialog::writeAgain()
{
    if (!m_model || m_generated.ids.empty())
        return;
    if (isRunning()) { // after the one running
        m_againDelay->start();
        return;
    }
    m_changed->setText(tr("Writing it again with the model as changed…"));
    m_changed->show();
    m_showChanged->hide();
    start(m_prompt, int(m_generated.ids.size()), m_generatedSampling, true);
}

void GenerateDialog::start(std::vector<int> prompt, int tokens, const transformer::Sampling &sampling, bool again)
{
    m_stopRequested = false;
    m_prompt = std::move(prompt);
    m_runningModel = m_model;
    m_thread = std::thread([this, model = m_model, prompt = m_prompt, tokens, sampling, again,
                               interventions = m_interventions] {
        runBelowWindow();
        transformer::GenerateRun run;
        run.cancel = &m_stopRequested;
        run.interventions = interventions;
        run.step = [this, tokens, again](int, int index) {
            if (again)
                return;
            QMetaObject::invokeMethod(
                this, [this, index, tokens] { m_status->setText(tr("Token %1 of %2…").arg(index + 1).arg(tokens)); },
                Qt::QueuedConnection);
        };
        auto result = std::make_shared<transformer::Generated>(
            transformer::generate(model->model(), prompt, tokens, sampling, run));
        QMetaObject::invokeMethod(
            this,
            [this, result, interventions, sampling, again] {
                if (!again) {
                    m_generatedWith = interventions;
                    m_generatedSampling = sampling;
                }
                finish(result, again);
            },
            Qt::QueuedConnection);
    });
    updateButtons();
}

void GenerateDialog::stop()
{
    m_stopRequested = true;
}

void GenerateDialog::finish(std::shared_ptr<transformer::Generated> result, bool again)
{
    if (m_thread.joinable())
        m_thread.join();
    if (std::exchange(m_runningModel, nullptr) != m_model) { // another model opened meanwhile
        updateButtons();
        Q_EMIT generateFinished();
        return;
    }
    if (again) {
        m_again = std::move(*result);
        updateButtons();
        showAgain();
        return;
    }
    m_generated = std::move(*result);
    updateButtons();
    if (!m_generated.error.isEmpty()) {
        m_status->setText(m_generated.error);
        Q_EMIT generateFinished();
        return;
    }
    // Stopped: what was written so far still runs.
    std::vector<int> all = m_prompt;
    all.insert(all.end(), m_generated.ids.begin(), m_generated.ids.end());
    const QString text = m_model->tokenizer().decode(all);
    m_status->setText((m_generated.cancelled ? tr("Stopped after %n tokens.", nullptr, int(m_generated.ids.size()))
                                             : tr("%n tokens added.", nullptr, int(m_generated.ids.size())))
        + u' ' + tr("The window runs the whole text."));
    if (!m_generated.ids.empty()) {
        m_shownText = text;
        Q_EMIT generated(text);
    }
    Q_EMIT generateFinished();
}

void GenerateDialog::windowRan(const std::vector<int> &ids)
{
    if (m_generated.ids.empty())
        return;
    std::vector<int> all = m_prompt;
    all.insert(all.end(), m_generated.ids.begin(), m_generated.ids.end());
    m_matches = ids == all;
    m_step->setEnabled(m_matches);
    if (!m_matches) {
        m_stepLabel->setText(tr("Read again, the text splits into other tokens than were written, so the steps "
                                "cannot be shown one by one."));
        return;
    }
    m_step->setRange(0, int(m_generated.ids.size()) - 1);
    m_step->setValue(0);
    showStep(0);
}

void GenerateDialog::showStep(int step)
{
    if (!m_matches || step < 0 || step >= int(m_generated.ids.size()))
        return;
    const int token = promptTokens() + step, id = m_generated.ids[std::size_t(step)];
    // What the model could have written there: the chosen token's probability and the likeliest others.
    const tokenizers::Tokenizer &t = m_model->tokenizer();
    QString chance = tr("not among the likeliest");
    QStringList others;
    for (const transformer::TokenProbability &p : m_generated.choices[std::size_t(step)].top) {
        const QString percent = locale().toString(100.0 * p.probability, 'f', 1);
        if (p.id == id)
            chance = tr("%1 %").arg(percent);
        else if (others.size() < 3)
            others << tr("“%1” %2 %").arg(t.display(p.id), percent);
    }
    // The row that chose it is the token before's: its attention, its distribution.
    const int chooser = token - 1;
    const int chooserId = chooser < promptTokens() ? m_prompt[std::size_t(chooser)]
                                                   : m_generated.ids[std::size_t(chooser - promptTokens())];
    m_stepLabel->setText(tr("Step %1 of %2: “%3” (%4; the likeliest others: %5), written after %6 tokens. The views "
                            "show the row of “%7”, what the model looked at as it chose it; the Prediction dock, "
                            "what else it could have written.")
                             .arg(step + 1)
                             .arg(m_generated.ids.size())
                             .arg(t.display(id), chance, others.join(u", "_qs))
                             .arg(token)
                             .arg(t.display(chooserId)));
    Q_EMIT stepChosen(chooser);
}

void GenerateDialog::updateButtons()
{
    const bool running = isRunning(), sampled = m_choose->currentIndex() == 1;
    m_generate->setEnabled(!running && m_model != nullptr);
    m_stop->setEnabled(running);
    for (QWidget *w : std::initializer_list<QWidget *> {m_temperature, m_topK, m_topP, m_seed})
        w->setEnabled(sampled);
    if (!m_model && !running)
        m_status->setText(tr("Open a causal language model (GPT-2, Llama, Qwen…) to let it write."));
}

int GenerateDialog::firstChangedStep() const
{
    const auto [a, b] = std::ranges::mismatch(m_generated.ids, m_again.ids);
    return int(a - m_generated.ids.begin());
}

void GenerateDialog::showAgain()
{
    const bool written = !m_again.ids.empty() && m_again.error.isEmpty() && !m_again.cancelled;
    m_showChanged->setVisible(written && firstChangedStep() < int(m_again.ids.size()));
    if (!m_again.error.isEmpty()) {
        m_changed->setText(m_again.error);
    } else if (!written) {
        m_changed->clear();
    } else if (const int same = firstChangedStep(); same == int(m_again.ids.size())) {
        m_changed->setText(tr("With the model as changed it writes the same %n token(s).", nullptr, same));
    } else {
        const tokenizers::Tokenizer &t = m_model->tokenizer();
        m_changed->setText(
            tr("With the model as changed: the same %n token(s), then “%1” where it wrote “%2”:", nullptr, same)
                .arg(t.display(m_again.ids[std::size_t(same)]),
                    same < int(m_generated.ids.size()) ? t.display(m_generated.ids[std::size_t(same)]) : QString())
            + u"\n…"_qs + live::continuationText(m_model->tokenizer(), m_prompt, m_again.ids));
    }
    m_changed->setVisible(!m_changed->text().isEmpty());
}

void GenerateDialog::showChanged()
{
    if (m_again.ids.empty() || !m_again.error.isEmpty())
        return;
    Q_EMIT aboutToShowChanged();
    m_generated = std::exchange(m_again, {});
    m_generatedWith = m_interventions;
    showAgain();
    std::vector<int> all = m_prompt;
    all.insert(all.end(), m_generated.ids.begin(), m_generated.ids.end());
    m_shownText = m_model->tokenizer().decode(all);
    m_matches = false;
    m_step->setEnabled(false);
    m_stepLabel->clear();
    m_status->setText(tr("The window runs the text written again; the Δ view compares it with the first."));
    Q_EMIT generated(m_shownText);
}

} // namespace qkv
