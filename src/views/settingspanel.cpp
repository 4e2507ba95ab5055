#include "views/settingspanel.h"

#include "ui_settingspanel.h"

#include <QSignalBlocker>

namespace qkv {
namespace {

template<typename E>
void fill(QComboBox *box)
{
    box->addItems(spellings<E>());
}

template<typename E>
E chosen(const QComboBox *box)
{
    return fromString<E>(box->currentText()).value_or(E {});
}

} // namespace

SettingsPanel::SettingsPanel(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::SettingsPanel>())
{
    m_ui->setupUi(this);
    fill<Mode>(m_ui->mode);
    fill<Scoring>(m_ui->scoring);
    fill<Normalization>(m_ui->normalization);
    fill<MaskKind>(m_ui->mask);
    fill<Positions>(m_ui->positions);
    fill<TokenizerKind>(m_ui->tokenizer);
    fill<VectorScope>(m_ui->vectors);
    fill<Precision>(m_ui->precision);
    fill<SoftmaxForm>(m_ui->softmax);
    m_ui->colormap->addItems(colormapNames());

    const auto edited = [this] {
        if (!m_updating)
            Q_EMIT settingsEdited(settings());
    };
    for (QComboBox *box : {m_ui->mode, m_ui->scoring, m_ui->normalization, m_ui->mask, m_ui->positions, m_ui->tokenizer,
             m_ui->vectors, m_ui->precision, m_ui->softmax})
        connect(box, &QComboBox::activated, this, edited);
    for (QSpinBox *spin : {m_ui->heads, m_ui->dim, m_ui->dModel}) {
        spin->setKeyboardTracking(false); // one command per finished number, not per digit
        connect(spin, &QSpinBox::valueChanged, this, edited);
    }
    m_ui->temperature->setKeyboardTracking(false);
    connect(m_ui->temperature, &QDoubleSpinBox::valueChanged, this, edited);
    connect(m_ui->colormap, &QComboBox::activated, this,
        [this](int index) { Q_EMIT colormapEdited(static_cast<Colormap>(index)); });
    setSettings(Settings {});
}

SettingsPanel::~SettingsPanel() = default;

void SettingsPanel::setSettings(const Settings &s)
{
    m_updating = true;
    m_shown = s;
    m_ui->mode->setCurrentText(toString(s.mode));
    m_ui->scoring->setCurrentText(toString(s.scoring));
    m_ui->normalization->setCurrentText(toString(s.normalization));
    m_ui->mask->setCurrentText(toString(s.mask));
    m_ui->positions->setCurrentText(toString(s.positions));
    m_ui->tokenizer->setCurrentText(toString(s.tokenizer));
    m_ui->vectors->setCurrentText(toString(s.vectors));
    m_ui->precision->setCurrentText(toString(s.precision));
    m_ui->softmax->setCurrentText(toString(s.softmax));
    m_ui->heads->setValue(s.heads);
    m_ui->dim->setValue(s.dim);
    m_ui->dModel->setValue(s.dModel);
    m_ui->temperature->setValue(s.temperature);
    // Only what the mode uses is enabled, so nobody hunts for an effect that cannot come.
    const bool projection = s.mode == Mode::Projection, weights = s.mode == Mode::Weights;
    m_ui->dModel->setEnabled(projection);
    m_ui->positions->setEnabled(projection);
    for (QWidget *w : std::initializer_list<QWidget *> {m_ui->scoring, m_ui->normalization, m_ui->temperature})
        w->setEnabled(!weights);
    const bool softmax = s.normalization == Normalization::Softmax || s.normalization == Normalization::ScaledSoftmax;
    m_ui->temperature->setEnabled(!weights && softmax);
    m_ui->precision->setEnabled(!weights);
    m_ui->softmax->setEnabled(!weights && softmax);
    if (!m_fixed.isEmpty()) {
        for (QWidget *w : std::initializer_list<QWidget *> {m_ui->mode, m_ui->scoring, m_ui->normalization, m_ui->mask,
                 m_ui->positions, m_ui->tokenizer, m_ui->vectors, m_ui->heads, m_ui->dim, m_ui->dModel,
                 m_ui->temperature, m_ui->precision, m_ui->softmax})
            w->setEnabled(false);
    }
    m_updating = false;
}

void SettingsPanel::setFixed(const QString &why)
{
    m_fixed = why;
    setToolTip(why.isEmpty() ? QString() : why.left(1).toUpper() + why.mid(1) + u'.');
    setSettings(m_shown);
}

Settings SettingsPanel::settings() const
{
    Settings s = m_shown; // what the panel does not show stays as it was
    s.mode = chosen<Mode>(m_ui->mode);
    s.scoring = chosen<Scoring>(m_ui->scoring);
    s.normalization = chosen<Normalization>(m_ui->normalization);
    s.mask = chosen<MaskKind>(m_ui->mask);
    s.positions = chosen<Positions>(m_ui->positions);
    s.tokenizer = chosen<TokenizerKind>(m_ui->tokenizer);
    s.vectors = chosen<VectorScope>(m_ui->vectors);
    s.precision = chosen<Precision>(m_ui->precision);
    s.softmax = chosen<SoftmaxForm>(m_ui->softmax);
    s.heads = m_ui->heads->value();
    s.dim = m_ui->dim->value();
    s.dModel = m_ui->dModel->value();
    // A temperature of 0.12345 shows as 0.123; it only changes when the user changes the box.
    const double shown = QString::number(m_shown.temperature, 'f', m_ui->temperature->decimals()).toDouble();
    s.temperature = m_ui->temperature->value() == shown ? m_shown.temperature : m_ui->temperature->value();
    return s;
}

void SettingsPanel::setColormap(Colormap map)
{
    const QSignalBlocker blocker(m_ui->colormap);
    m_ui->colormap->setCurrentIndex(static_cast<int>(map));
}

} // namespace qkv
