#include "panels/exportdialog.h"
#include "export/exportsettings.h"

#include "ui_exportdialog.h"

#include "export/figurecaption.h"
#include "export/outputformats.h"
#include "export/resultnumbers.h"
#include "export/workedcomputation.h"
#include "panels/backgroundfigure.h"
#include "panels/windowprogress.h"
#include "platform/atomicsave.h"
#include "session/documentsession.h"
#include "views/figurerenderer.h"

#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <utility>

namespace qkv {
namespace {

// The figure formats in the order of the dialog's list (FigureFormat's order).
const std::vector<const OutputFormat *> figureFormats = outputFormatsFor(OutputContent::Figure);
const QString workedKind = QStringLiteral("worked");

} // namespace

ExportDialog::ExportDialog(DocumentSession *session, WindowFigureOptions windowOptions, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ExportDialog>())
    , m_session(session)
    , m_windowOptions(std::move(windowOptions))
    , m_refresh(new QTimer(this))
{
    m_ui->setupUi(this);
    for (const FigureKind kind : figureKinds)
        m_ui->viewBox->addItem(figureKindTitle(kind), static_cast<int>(kind));
    const std::pair<QString, QString> kinds[]
        = {{QStringLiteral("weights"), tr("Weights A")}, {QStringLiteral("scores"), tr("Raw scores S")},
            {QStringLiteral("output"), tr("Outputs O = A·V")}, {QStringLiteral("queries"), tr("Queries Q")},
            {QStringLiteral("keys"), tr("Keys K")}, {QStringLiteral("values"), tr("Values V")},
            {QStringLiteral("contributions"), tr("Contributions a·v to the selected token's output")},
            {workedKind, tr("Worked computation of the selected token")}};
    for (const auto &[kind, title] : kinds)
        m_ui->kindBox->addItem(title, kind);
    for (const OutputFormat *f : figureFormats)
        m_ui->formatBox->addItem(f->title(), f->name);
    for (const OutputFormat *f : outputFormatsFor(OutputContent::Numbers))
        m_ui->tableFormatBox->addItem(f->title(), f->name);
    m_ui->numbersText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    const ExportSettings remembered = ExportSettings::load(QSettings());
    setView(remembered.view);
    // A position the list does not have (a settings file edited by hand) keeps the first entry.
    const auto choose = [](QComboBox *box, int index) { box->setCurrentIndex(index < box->count() ? index : 0); };
    choose(m_ui->formatBox, std::max(remembered.format, 0));
    choose(m_ui->tableFormatBox, std::max(remembered.table, 0));
    choose(m_ui->colorScaleBox, std::max(remembered.colorScale, 0));
    m_ui->widthBox->setValue(remembered.width);
    m_ui->heightBox->setValue(remembered.height);
    m_ui->scaleBox->setValue(remembered.scale);
    m_ui->decimalsBox->setValue(remembered.decimals);
    m_ui->textSizeBox->setValue(remembered.textSize);

    // Rendering waits for a quiet moment: typing a width or dragging a value must stay fluid.
    m_refresh->setSingleShot(true);
    m_refresh->setInterval(60);
    // A hidden dialog draws nothing: it catches up when shown (an edit of 4,096 tokens would
    // otherwise redraw a preview nobody sees).
    connect(m_refresh, &QTimer::timeout, this, [this] {
        if (!isVisible()) {
            m_stale = true;
            return;
        }
        updatePreview();
        updateNumbers();
    });
    connect(m_ui->tabs, &QTabWidget::currentChanged, this, &ExportDialog::updateNumbers);
    for (QComboBox *box :
        {m_ui->viewBox, m_ui->formatBox, m_ui->kindBox, m_ui->tableFormatBox, m_ui->headsBox, m_ui->colorScaleBox})
        connect(box, &QComboBox::currentIndexChanged, this, &ExportDialog::schedulePreview);
    for (QSpinBox *box : {m_ui->widthBox, m_ui->heightBox, m_ui->decimalsBox, m_ui->textSizeBox})
        connect(box, &QSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    connect(m_ui->scaleBox, &QDoubleSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    connect(m_ui->outlinesBox, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    connect(m_session, &DocumentSession::resultChanged, this, &ExportDialog::schedulePreview);
    connect(m_session, &DocumentSession::selectedTokenChanged, this, &ExportDialog::schedulePreview);
    connect(m_session, &DocumentSession::currentHeadChanged, this, &ExportDialog::schedulePreview);
    connect(m_ui->copyFigureButton, &QPushButton::clicked, this, &ExportDialog::copyFigure);
    connect(m_ui->saveFigureButton, &QPushButton::clicked, this, &ExportDialog::chooseFigureFile);
    connect(m_ui->copyNumbersButton, &QPushButton::clicked, this, &ExportDialog::copyNumbers);
    connect(m_ui->saveNumbersButton, &QPushButton::clicked, this, &ExportDialog::chooseNumbersFile);
    updateControls();
}

ExportDialog::~ExportDialog()
{
    QSettings settings;
    ExportSettings {view(), m_ui->formatBox->currentIndex(), m_ui->widthBox->value(), m_ui->heightBox->value(),
        m_ui->scaleBox->value(), m_ui->tableFormatBox->currentIndex(), m_ui->decimalsBox->value(),
        m_ui->textSizeBox->value(), m_ui->colorScaleBox->currentIndex()}
        .save(settings);
}

void ExportDialog::setView(FigureKind kind)
{
    const int index = m_ui->viewBox->findData(static_cast<int>(kind));
    if (index >= 0)
        m_ui->viewBox->setCurrentIndex(index);
}

FigureKind ExportDialog::view() const
{
    return static_cast<FigureKind>(m_ui->viewBox->currentData().toInt());
}

void ExportDialog::setFormat(FigureFormat format)
{
    m_ui->formatBox->setCurrentIndex(static_cast<int>(format));
}

FigureSpec ExportDialog::figureSpec() const
{
    FigureSpec spec;
    spec.format = static_cast<FigureFormat>(m_ui->formatBox->currentIndex());
    spec.scale = spec.format == FigureFormat::Png ? m_ui->scaleBox->value() : 1.0;
    spec.textAsPaths = spec.format == FigureFormat::Svg && m_ui->outlinesBox->isChecked();
    spec.title = figureTitle(m_session->document());
    const int width = m_ui->widthBox->value();
    if (m_ui->heightBox->value() == m_ui->heightBox->minimum()) {
        const FigureRenderer renderer(figureInput(*m_session), figureOptions());
        spec.size = renderer.preferredSize(width).boundedTo(QSize(16384, 16384));
    } else {
        spec.size = QSize(width, m_ui->heightBox->value());
    }
    return spec;
}

FigureOptions ExportDialog::figureOptions() const
{
    FigureOptions options = m_windowOptions(view());
    // The figure's own look, beyond the window's view options.
    const bool autoText = m_ui->textSizeBox->value() == m_ui->textSizeBox->minimum();
    options.textPx = autoText ? 0 : m_ui->textSizeBox->value();
    if (const int scale = m_ui->colorScaleBox->currentIndex(); scale > 0) // else as the window colours them
        options.dataScale = scale == 2;
    return options;
}

std::optional<QByteArray> ExportDialog::figureBytes(const FigureSpec &spec, const QString &label, QString *error)
{
    FigureOptions options = figureOptions();
    options.textAsPaths = spec.textAsPaths;
    return BackgroundFigure(*m_session, options).render(progressParent(), label, spec, error);
}

QImage ExportDialog::previewImage() const
{
    const QPixmap pixmap = m_ui->preview->pixmap();
    return pixmap.toImage();
}

void ExportDialog::schedulePreview()
{
    updateControls();
    m_refresh->start();
}

void ExportDialog::updateControls()
{
    const auto format = static_cast<FigureFormat>(m_ui->formatBox->currentIndex());
    m_ui->scaleBox->setEnabled(format == FigureFormat::Png);
    m_ui->outlinesBox->setEnabled(format == FigureFormat::Svg);
    const bool worked = m_ui->kindBox->currentData() == workedKind;
    m_ui->headsBox->setEnabled(!worked);
    // The worked computation is prose with formulas: Markdown or LaTeX only.
    const auto *model = qobject_cast<QStandardItemModel *>(m_ui->tableFormatBox->model());
    for (const int row : {0, 3})
        if (QStandardItem *item = model ? model->item(row) : nullptr)
            item->setEnabled(!worked);
    if (worked && (m_ui->tableFormatBox->currentIndex() == 0 || m_ui->tableFormatBox->currentIndex() == 3))
        m_ui->tableFormatBox->setCurrentIndex(1);
}

void ExportDialog::updatePreview()
{
    const FigureSpec spec = figureSpec();
    const FigureRenderer renderer(figureInput(*m_session), figureOptions());
    const QSize area = m_ui->preview->contentsRect().size() - QSize(8, 8);
    const double k = std::min(area.width() / double(spec.size.width()), area.height() / double(spec.size.height()));
    const QSize shown = (QSizeF(spec.size) * std::max(k, 0.01)).toSize().expandedTo(QSize(1, 1));
    const qreal dpr = devicePixelRatioF();
    QImage image(shown * dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
        p.scale(shown.width() / double(spec.size.width()), shown.height() / double(spec.size.height()));
        renderer.painter()(p, QRectF(QPointF(0, 0), QSizeF(spec.size)));
    }
    m_ui->preview->setPixmap(QPixmap::fromImage(image));
    const QSize pixels = (QSizeF(spec.size) * spec.scale).toSize();
    switch (spec.format) {
    case FigureFormat::Png:
        m_ui->pixelsLabel->setText(
            tr("%1 × %2 pixels at %3 dpi").arg(pixels.width()).arg(pixels.height()).arg(std::lround(96 * spec.scale)));
        break;
    case FigureFormat::Svg:
        m_ui->pixelsLabel->setText(
            tr("%1 × %2 (viewBox); scales without loss").arg(spec.size.width()).arg(spec.size.height()));
        break;
    case FigureFormat::Pdf:
        m_ui->pixelsLabel->setText(tr("One page of %1 × %2 cm")
                                       .arg(locale().toString(spec.size.width() * 2.54 / 96, 'f', 1),
                                           locale().toString(spec.size.height() * 2.54 / 96, 'f', 1)));
        break;
    }
}

ExportDialog::NumbersJob ExportDialog::numbersJob() const
{
    const std::shared_ptr<const Result> result = m_session->sharedResult();
    const QString kind = m_ui->kindBox->currentData().toString();
    const TableFormat format = *tableFormatFromString(m_ui->tableFormatBox->currentData().toString());
    const int decimals = m_ui->decimalsBox->value(); // -1: auto
    const int query = std::max(m_session->selectedToken(), 0);
    const int currentHead = m_session->currentHead();
    if (kind == workedKind) {
        return [result, format, decimals, query, currentHead, document = m_session->document()](qsizetype, bool *cut) {
            if (cut)
                *cut = false;
            const WorkedComputation w = workedComputation(document, *result, currentHead, query);
            if (!w.isValid())
                return QString();
            WorkedOptions options;
            if (decimals >= 0)
                options.decimals = decimals;
            return workedText(
                w, format == TableFormat::Markdown ? WorkedSyntax::Markdown : WorkedSyntax::Latex, options);
        };
    }
    const int head = m_ui->headsBox->currentIndex() == 1 ? -1 : currentHead;
    return [result, kind, format, decimals, query, head](qsizetype maxCells, bool *cut) {
        if (cut)
            *cut = false;
        return result->heads.empty() ? QString()
                                     : resultNumbers(*result, kind, format, head, decimals, query, maxCells, cut);
    };
}

QString ExportDialog::numbersText() const
{
    return numbersJob()(-1, nullptr);
}

std::optional<QString> ExportDialog::numbersInBackground(const QString &label)
{
    return runOnWorker<QString>(progressParent(), label, [job = numbersJob()] { return job(-1, nullptr); });
}

void ExportDialog::updateNumbers()
{
    if (m_ui->tabs->currentWidget() != m_ui->numbersTab)
        return; // shown when the tab is chosen
    // A preview: the first rows of a large table (every row would be seconds of text at 4,096 tokens).
    constexpr qsizetype previewCells = 10000;
    bool cut = false;
    QString text = numbersJob()(previewCells, &cut);
    if (cut)
        text += u'\n' + tr("… the preview ends here; Save and Copy write every row.");
    m_ui->numbersText->setPlainText(text);
}

QString ExportDialog::saveFigure(const QString &path)
{
    FigureSpec spec = figureSpec();
    const auto format
        = std::find(figureFormats.begin(), figureFormats.end(), outputFormatForFile(path, OutputContent::Figure));
    if (format != figureFormats.end())
        spec.format = static_cast<FigureFormat>(format - figureFormats.begin());
    QString error;
    const QSize pixels = (QSizeF(spec.size) * spec.scale).toSize();
    const std::optional<QByteArray> bytes = figureBytes(spec,
        tr("Drawing %1 (%2 × %3 pixels)…").arg(QFileInfo(path).fileName()).arg(pixels.width()).arg(pixels.height()),
        &error);
    if (!bytes) { // Stop: the user knows, no message box
        m_lastError = tr("Stopped: %1 was not written").arg(path);
        return m_lastError;
    }
    error = bytes->isEmpty() ? tr("Could not render %1: %2").arg(path, error) : saveAtomically(path, *bytes);
    report(error);
    return error;
}

QString ExportDialog::saveNumbers(const QString &path)
{
    const std::optional<QString> text = numbersInBackground(tr("Writing %1…").arg(QFileInfo(path).fileName()));
    if (!text) {
        m_lastError = tr("Stopped: %1 was not written").arg(path);
        return m_lastError;
    }
    QString error = saveAtomically(path, text->toUtf8());
    report(error);
    return error;
}

void ExportDialog::copyFigure()
{
    FigureSpec spec = figureSpec();
    spec.format = FigureFormat::Png;
    const std::optional<QByteArray> png = figureBytes(spec, tr("Drawing the figure as PNG…"));
    if (!png)
        return;
    spec.format = FigureFormat::Svg;
    spec.scale = 1;
    const std::optional<QByteArray> svg = figureBytes(spec, tr("Drawing the figure as SVG…"));
    if (!svg)
        return;
    auto *data = new QMimeData;
    data->setImageData(QImage::fromData(*png, "png"));
    data->setData(QStringLiteral("image/png"), *png);
    data->setData(QStringLiteral("image/svg+xml"), *svg);
    QGuiApplication::clipboard()->setMimeData(data);
}

void ExportDialog::copyNumbers()
{
    if (const std::optional<QString> text = numbersInBackground(tr("Copying the numbers…")))
        QGuiApplication::clipboard()->setText(*text);
}

void ExportDialog::report(const QString &error)
{
    m_lastError = error;
    if (error.isEmpty())
        return;
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), error, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

QString ExportDialog::suggestedName(const QString &what, const QString &suffix) const
{
    QString stem = figureTitle(m_session->document()).toLower();
    stem.replace(QRegularExpression(QStringLiteral("[^\\w]+")), QStringLiteral("-"));
    stem = stem.left(40).remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    QString folder = ExportSettings::lastFolder(QSettings());
    if (folder.isEmpty())
        folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QDir(folder).filePath((stem.isEmpty() ? QStringLiteral("qkvlab") : stem) + u'-' + what + u'.' + suffix);
}

void ExportDialog::chooseFigureFile()
{
    const OutputFormat *format = figureFormats.at(std::size_t(std::max(0, m_ui->formatBox->currentIndex())));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Figure"), suggestedName(figureKindName(view()), format->suffix), format->filter());
    if (path.isEmpty())
        return;
    QSettings settings;
    ExportSettings::rememberFolder(settings, path);
    saveFigure(path);
}

void ExportDialog::chooseNumbersFile()
{
    const OutputFormat *format = outputFormatNamed(m_ui->tableFormatBox->currentData().toString());
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Numbers"),
        suggestedName(m_ui->kindBox->currentData().toString(), format->suffix), format->filter());
    if (path.isEmpty())
        return;
    QSettings settings;
    ExportSettings::rememberFolder(settings, path);
    saveNumbers(path);
}

QWidget *ExportDialog::progressParent()
{
    // File → Copy Figure works with this dialog hidden: the progress then sits over the window.
    return isVisible() || !parentWidget() ? this : parentWidget();
}

void ExportDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    if (std::exchange(m_stale, false)) {
        updatePreview();
        updateNumbers();
    }
}

void ExportDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    schedulePreview();
}

} // namespace qkv
