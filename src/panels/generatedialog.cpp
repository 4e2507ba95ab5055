#include "panels/generatedialog.h"

#include "livemodel/livemodel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
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
    layout->addWidget(buttons);
    resize(460, sizeHint().height());

    connect(m_generate, &QPushButton::clicked, this, &GenerateDialog::generate);
    connect(m_stop, &QPushButton::clicked, this, &GenerateDialog::stop);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(m_choose, &QComboBox::currentIndexChanged, this, &GenerateDialog::updateButtons);
    connect(m_step, &QSlider::valueChanged, this, &GenerateDialog::showStep);
    updateButtons();
}

GenerateDialog::~GenerateDialog()
{
    m_stopRequested = true;
    if (m_thread.joinable())
        m_thread.join();
}

void GenerateDialog::setModel(std::shared_ptr<const live::LiveModel> model, const QString &sentence,
    std::vector<transformer::Intervention> switchedOff)
{
    m_model = std::move(model);
    m_sentence = sentence;
    m_switchedOff = std::move(switchedOff);
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
    m_prompt = m_model->encode(m_sentence).ids;
    m_stopRequested = false;
    m_matches = false;
    m_step->setEnabled(false);
    m_stepLabel->clear();
    m_status->setText(tr("Generating…"));
    const int tokens = m_tokens->value();
    m_thread = std::thread([this, model = m_model, prompt = m_prompt, tokens, sampling = sampling(),
                               off = m_switchedOff] {
        transformer::GenerateRun run;
        run.cancel = &m_stopRequested;
        run.interventions = off;
        run.step = [this, tokens](int, int index) {
            QMetaObject::invokeMethod(
                this, [this, index, tokens] { m_status->setText(tr("Token %1 of %2…").arg(index + 1).arg(tokens)); },
                Qt::QueuedConnection);
        };
        auto result = std::make_shared<transformer::Generated>(
            transformer::generate(model->model(), prompt, tokens, sampling, run));
        QMetaObject::invokeMethod(
            this, [this, result] { finish(result); }, Qt::QueuedConnection);
    });
    updateButtons();
}

void GenerateDialog::stop()
{
    m_stopRequested = true;
}

void GenerateDialog::finish(std::shared_ptr<transformer::Generated> result)
{
    if (m_thread.joinable())
        m_thread.join();
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
    if (!m_generated.ids.empty())
        Q_EMIT generated(text);
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

} // namespace qkv
