#include "panels/downloaddialog.h"

#include "hub/hubdownload.h"
#include "transformer/config.h"
#include "transformer/hubcache.h"
#include "transformer/memorybudget.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStorageInfo>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace qkv {
namespace {

QPushButton *button(const QString &text, const QString &name, QWidget *parent)
{
    auto *b = new QPushButton(text, parent);
    b->setObjectName(name);
    return b;
}

// "82.0 k", "124.4 M", "1.24 B": a model's parameters as the search lists them.
QString parameterCount(qint64 count)
{
    if (count < 1000000)
        return QStringLiteral("%1 k").arg(double(count) / 1e3, 0, 'f', 1);
    if (count < 1000000000)
        return QStringLiteral("%1 M").arg(double(count) / 1e6, 0, 'f', 1);
    return QStringLiteral("%1 B").arg(double(count) / 1e9, 0, 'f', 2);
}

} // namespace

DownloadDialog::DownloadDialog(QWidget *parent)
    : QDialog(parent)
    , m_repo(new QLineEdit(this))
    , m_searchButton(button(tr("&Search"), QStringLiteral("searchButton"), this))
    , m_checkButton(button(tr("&Check"), QStringLiteral("checkButton"), this))
    , m_results(new QListWidget(this))
    , m_summary(new QLabel(this))
    , m_files(new QTreeWidget(this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_downloadButton(button(tr("&Download"), QStringLiteral("downloadButton"), this))
    , m_stopButton(button(tr("S&top"), QStringLiteral("stopButton"), this))
    , m_openButton(button(tr("&Open"), QStringLiteral("openButton"), this))
    , m_search(new hub::HubSearch(this))
{
    setObjectName(QStringLiteral("downloadDialog"));
    setWindowTitle(tr("Download Model"));
    m_repo->setObjectName(QStringLiteral("repoEdit"));
    m_repo->setPlaceholderText(tr("gpt2, ORG/NAME, or the model's page on the Hub"));
    m_repo->setAccessibleName(tr("Repository"));
    m_repo->setClearButtonEnabled(true);
    m_results->setObjectName(QStringLiteral("searchResults"));
    m_results->setAccessibleName(tr("Models found on the Hub"));
    m_results->hide();
    m_summary->setObjectName(QStringLiteral("downloadSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setText(tr("Type a model's name on the Hugging Face Hub (or paste its address) and Check it, or "
                          "Search the Hub. Nothing is fetched before you choose Download."));
    m_files->setObjectName(QStringLiteral("downloadFiles"));
    m_files->setHeaderLabels({tr("File"), tr("Size"), tr("State")});
    m_files->setRootIsDecorated(false);
    m_files->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_files->setAccessibleName(tr("Files to fetch"));
    m_progress->setObjectName(QStringLiteral("downloadProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setAccessibleName(tr("Download progress"));
    m_status->setObjectName(QStringLiteral("downloadStatus"));
    m_status->setWordWrap(true);

    auto *top = new QHBoxLayout;
    auto *label = new QLabel(tr("&Repository:"), this);
    label->setBuddy(m_repo);
    top->addWidget(label);
    top->addWidget(m_repo, 1);
    top->addWidget(m_searchButton);
    top->addWidget(m_checkButton);
    auto *buttons = new QDialogButtonBox(this);
    for (QPushButton *b : {m_downloadButton, m_stopButton, m_openButton})
        buttons->addButton(b, QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Close);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_results, 1);
    layout->addWidget(m_summary);
    layout->addWidget(m_files, 2);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(720, 520);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_searchButton, &QPushButton::clicked, this, &DownloadDialog::search);
    connect(m_checkButton, &QPushButton::clicked, this, &DownloadDialog::startCheck);
    connect(m_repo, &QLineEdit::returnPressed, this, &DownloadDialog::startCheck);
    connect(m_downloadButton, &QPushButton::clicked, this, &DownloadDialog::download);
    connect(m_stopButton, &QPushButton::clicked, this, [this] {
        if (m_download)
            m_download->stop();
    });
    connect(m_openButton, &QPushButton::clicked, this, [this] {
        Q_EMIT openRequested(QStringLiteral("hf:") + m_checked);
        accept();
    });
    connect(m_results, &QListWidget::itemActivated, this,
        [this](QListWidgetItem *item) { check(item->data(Qt::UserRole).toString()); });
    connect(m_results, &QListWidget::itemClicked, this,
        [this](QListWidgetItem *item) { check(item->data(Qt::UserRole).toString()); });
    connect(m_search, &hub::HubSearch::found, this,
        [this](const std::vector<hub::SearchResult> &results, const QString &error) {
            m_searchButton->setEnabled(true);
            m_results->clear();
            const QStringList &runs = transformer::supportedModelTypes();
            for (const hub::SearchResult &r : results) {
                if (!runs.contains(r.modelType))
                    continue; // only what QKV Lab can open
                QStringList parts {r.id, r.modelType};
                if (r.parameters > 0)
                    parts << (r.weightBytes > 0
                            ? tr("%1 parameters, %2").arg(parameterCount(r.parameters), hub::byteSize(r.weightBytes))
                            : tr("%1 parameters").arg(parameterCount(r.parameters)));
                parts << tr("%Ln download(s)", nullptr, int(std::min<qint64>(r.downloads, INT_MAX)));
                auto *item = new QListWidgetItem(parts.join(QStringLiteral("  ·  ")), m_results);
                item->setData(Qt::UserRole, r.id);
            }
            m_results->setVisible(true);
            if (!error.isEmpty())
                m_status->setText(error);
            else if (m_results->count() == 0)
                m_status->setText(tr("No model QKV Lab runs matches “%1”.").arg(m_repo->text().trimmed()));
            else
                m_status->setText(tr("Choose a model to see its files and size."));
        });
    setBusy(false);
    m_downloadButton->setEnabled(false);
    m_openButton->setEnabled(false);
}

DownloadDialog::~DownloadDialog()
{
    if (m_download)
        m_download->stop();
}

void DownloadDialog::search()
{
    const QString text = m_repo->text().trimmed();
    if (text.isEmpty())
        return;
    m_searchButton->setEnabled(false);
    m_status->setText(tr("Searching the Hub for “%1”…").arg(text));
    m_search->search(text);
}

void DownloadDialog::check(const QString &repo)
{
    m_repo->setText(repo);
    startCheck();
}

void DownloadDialog::setBusy(bool busy)
{
    for (QWidget *w : std::initializer_list<QWidget *> {m_repo, m_searchButton, m_checkButton, m_results})
        w->setEnabled(!busy);
    m_stopButton->setEnabled(busy);
    if (busy) {
        m_downloadButton->setEnabled(false);
        m_openButton->setEnabled(false);
    }
}

void DownloadDialog::startCheck()
{
    if (m_download)
        return;
    QString why;
    const std::optional<hub::RepoRef> repo = hub::parseRepo(m_repo->text(), &why);
    m_files->clear();
    m_progress->setValue(0);
    m_checked.clear();
    m_downloadButton->setEnabled(false);
    m_openButton->setEnabled(false);
    if (!repo) {
        m_summary->setText(why);
        return;
    }
    hub::HubDownload::Options options;
    options.dryRun = true;
    options.modelTypes = transformer::supportedModelTypes();
    m_download = new hub::HubDownload(transformer::hubCacheFolder(), *repo, options, this);
    connect(m_download, &hub::HubDownload::listed, this, &DownloadDialog::showPlan);
    connect(m_download, &hub::HubDownload::finished, this, &DownloadDialog::finish);
    m_checking = true;
    m_summary->setText(tr("Asking the Hub about %1…").arg(repo->id));
    m_status->clear();
    setBusy(true);
    m_download->start();
}

QString DownloadDialog::memoryText(qint64 weightBytes) const
{
    // The matrices stay as stored (F16, BF16, quantized): memory holds the weights' files and the
    // activations, whatever their type.
    const qint64 budget = transformer::weightBudget();
    const QString weights = hub::byteSize(weightBytes), allowed = hub::byteSize(budget);
    if (weightBytes <= budget)
        return tr("Memory: the weights take %1 as stored; this machine allows %2: it fits.").arg(weights, allowed);
    return tr("Memory: the weights take %1; this machine allows %2: it does not fit.").arg(weights, allowed);
}

void DownloadDialog::showPlan()
{
    const hub::HubDownload &d = *m_download;
    // A GGUF file's quantization goes with the name: it is how the file is fetched and opened.
    m_checked = d.repo().id + (d.repo().quantization.isEmpty() ? QString() : u':' + d.repo().quantization);
    m_plan = {d.listing(), int(d.files().size()), d.totalBytes(), 0};
    for (const hub::RepoFile &f : d.files()) {
        if (f.path.endsWith(u".safetensors") || f.path.endsWith(u".gguf"))
            m_plan.weightBytes += f.size;
        auto *item = new QTreeWidgetItem(m_files, {f.path, hub::byteSize(f.size), {}});
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    }
    const qint64 missing = d.missingBytes();
    showSummary(missing);
    m_downloadButton->setEnabled(missing > 0);
    m_openButton->setEnabled(missing == 0);
    m_status->setText(missing == 0 ? tr("Already in the cache: Open it.") : QString());
}

void DownloadDialog::showSummary(qint64 missing)
{
    const hub::RepoListing &listing = m_plan.listing;
    QStringList lines;
    if (listing.modelType.isEmpty())
        lines << tr("<b>%1</b> at %2: its configuration names no model type; opening it will tell whether QKV Lab "
                    "runs it.")
                     .arg(m_checked.toHtmlEscaped(), listing.commit.left(12));
    else
        lines << tr("<b>%1</b> at %2: a <b>%3</b> model, which QKV Lab runs.")
                     .arg(m_checked.toHtmlEscaped(), listing.commit.left(12), listing.modelType.toHtmlEscaped());
    if (missing == 0) {
        lines << tr("%n file(s), %1, all in the cache.", nullptr, m_plan.files).arg(hub::byteSize(m_plan.totalBytes));
    } else {
        lines << tr("%n file(s), %1; %2 to fetch.", nullptr, m_plan.files)
                     .arg(hub::byteSize(m_plan.totalBytes), hub::byteSize(missing));
        if (const QStorageInfo disk(transformer::hubCacheFolder()); disk.isValid())
            lines << (disk.bytesAvailable() >= missing ? tr("Disk: %1 free in %2.")
                                                       : tr("Disk: only %1 free in %2: not enough."))
                         .arg(hub::byteSize(disk.bytesAvailable()), disk.rootPath().toHtmlEscaped());
    }
    lines << memoryText(m_plan.weightBytes);
    if (!listing.gated.isEmpty() && missing > 0)
        lines << tr("Gated: accept its terms on the Hub and set HF_TOKEN before downloading.");
    m_summary->setText(lines.join(QStringLiteral("<br>")));
}

bool DownloadDialog::offerQuantizations(const hub::HubDownload &d)
{
    // A repository of GGUF files: each quantization a choice, with the size of its file(s).
    const QStringList quantizations = hub::ggufQuantizations(d.listing());
    if (quantizations.isEmpty())
        return false;
    m_results->clear();
    for (const QString &q : quantizations) {
        qint64 bytes = 0;
        for (const hub::RepoFile &f : hub::chooseFiles(d.listing(), {}, q))
            bytes += f.size;
        const QString id = d.repo().id + u':' + q;
        auto *item = new QListWidgetItem(tr("%1  ·  GGUF %2  ·  %3").arg(id, q, hub::byteSize(bytes)), m_results);
        item->setData(Qt::UserRole, id);
    }
    m_results->setVisible(true);
    return true;
}

void DownloadDialog::download()
{
    QString why;
    const std::optional<hub::RepoRef> repo = hub::parseRepo(m_checked, &why);
    if (!repo || m_download)
        return;
    hub::HubDownload::Options options;
    options.modelTypes = transformer::supportedModelTypes();
    m_download = new hub::HubDownload(transformer::hubCacheFolder(), *repo, options, this);
    connect(m_download, &hub::HubDownload::progress, this, &DownloadDialog::showProgress);
    connect(m_download, &hub::HubDownload::finished, this, &DownloadDialog::finish);
    m_rate.restart();
    m_checking = false;
    m_status->setText(tr("Starting…"));
    setBusy(true);
    m_download->start();
}

void DownloadDialog::showProgress(qint64 done, qint64 total, const QString &file, const QString &note)
{
    m_rate.update(done);
    m_progress->setValue(total > 0 ? int(1000 * double(done) / double(total)) : 0);
    QString text = tr("%1 of %2").arg(hub::byteSize(done), hub::byteSize(total));
    if (const double left = m_rate.secondsLeft(total); left >= 0)
        text += tr(", %1/s, about %2 s left").arg(hub::byteSize(qint64(m_rate.bytesPerSecond()))).arg(qRound(left));
    if (!file.isEmpty())
        text += QStringLiteral(" — ") + file;
    if (!note.isEmpty())
        text += QStringLiteral(" (") + note + u')';
    m_status->setText(text);
    for (int i = 0; i < m_files->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_files->topLevelItem(i);
        if (item->text(0) == file)
            item->setText(2, tr("fetching"));
        else if (item->text(2) == tr("fetching"))
            item->setText(2, tr("done"));
    }
}

void DownloadDialog::finish(const QString &error)
{
    const bool dryRun = m_checking;
    const QString repo = m_download ? m_download->repo().id : QString();
    const bool offered = m_download && dryRun && !error.isEmpty() && m_download->repo().quantization.isEmpty()
        && offerQuantizations(*m_download);
    if (m_download)
        m_download->deleteLater();
    m_download = nullptr;
    setBusy(false);
    if (offered) {
        m_summary->setText(
            tr("%1 holds GGUF files, one for each quantization: choose one above to see its file and size.").arg(repo));
        m_status->clear();
        return;
    }
    if (!error.isEmpty()) {
        m_status->setText(error);
        m_downloadButton->setEnabled(!m_checked.isEmpty() && m_files->topLevelItemCount() > 0);
        if (m_files->topLevelItemCount() == 0)
            m_summary->setText(error);
        return;
    }
    if (dryRun)
        return; // the plan is shown; Download or Open is enabled by it
    for (int i = 0; i < m_files->topLevelItemCount(); ++i)
        m_files->topLevelItem(i)->setText(2, tr("done"));
    m_progress->setValue(1000);
    showSummary(0);
    m_status->setText(tr("%1 is in the cache: Open it.").arg(m_checked));
    m_openButton->setEnabled(true);
    m_openButton->setDefault(true);
}

} // namespace qkv
