#pragma once

#include "hub/downloadrate.h"
#include "hub/hublisting.h"

#include <QDialog>
#include <QPointer>

class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace qkv {

namespace hub {
class HubDownload;
class HubSearch;
} // namespace hub

// Model → Download Model…: a repository typed, pasted (its Hub address) or found by the Hub's
// search (only the kinds of model QKV Lab runs, most downloaded first). Before any weight is
// fetched it shows the model's type, the files it will fetch with their sizes, the free disk and
// whether the model fits this machine's memory; then the download with its progress, Stop (a
// later Download resumes), and Open once the model is in the cache.
class DownloadDialog : public QDialog
{
    Q_OBJECT

public:
    explicit DownloadDialog(QWidget *parent = nullptr);
    ~DownloadDialog() override;

    // Fills the repository field and checks it (as Check does).
    void check(const QString &repo);

Q_SIGNALS:
    // Open: the model's location, "hf:ORG/NAME".
    void openRequested(const QString &location);

private:
    void search();
    void startCheck();
    void showPlan();
    void showSummary(qint64 missingBytes);
    bool offerQuantizations(const hub::HubDownload &d);
    void download();
    void showProgress(qint64 done, qint64 total, const QString &file, const QString &note);
    void finish(const QString &error);
    void setBusy(bool busy);
    QString memoryText(qint64 weightBytes) const;

    QLineEdit *m_repo;
    QPushButton *m_searchButton;
    QPushButton *m_checkButton;
    QListWidget *m_results;
    QLabel *m_summary;
    QTreeWidget *m_files;
    QProgressBar *m_progress;
    QLabel *m_status;
    QPushButton *m_downloadButton;
    QPushButton *m_stopButton;
    QPushButton *m_openButton;
    hub::HubSearch *m_search;
    QPointer<hub::HubDownload> m_download;
    QString m_checked; // the repository the plan shows, "ORG/NAME"
    struct Plan {
        hub::RepoListing listing;
        int files = 0;
        qint64 totalBytes = 0, weightBytes = 0;
    } m_plan; // what the summary says, kept after the download that listed it is gone
    bool m_checking = false; // the running HubDownload only lists (Check)
    hub::DownloadRate m_rate;
};

} // namespace qkv
