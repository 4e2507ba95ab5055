// Model → Download Model… driven as a user drives it, against a Hub on 127.0.0.1: search (only
// models QKV Lab runs), choose, see the files, size, disk and memory, download, Stop and resume,
// Open.
#include "panels/downloaddialog.h"

#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "hubserver.h"

using namespace qkv;
using namespace Qt::StringLiterals;

class TstDownloadDialog : public QObject
{
    Q_OBJECT

private:
    template<typename T>
    static T *child(QWidget *w, const char *name)
    {
        T *found = w->findChild<T *>(QLatin1String(name));
        if (!found)
            qFatal("no %s", name);
        return found;
    }

private Q_SLOTS:
    void searchCheckDownloadStopResumeOpen()
    {
        test::HubServer server;
        const QString commit = u"fedcba9876543210fedcba9876543210fedcba98"_s;
        test::HubServer::Repo tiny;
        tiny.commit = commit;
        tiny.downloads = 77;
        tiny.parameters = {{u"F32"_s, 100000}};
        tiny.files.insert(u"config.json"_s, {R"({"model_type": "gpt2"})", false});
        const QByteArray weights(400000, 'w');
        tiny.files.insert(u"model.safetensors"_s, {weights, true});
        server.repos.insert(u"org/tiny"_s, tiny);
        test::HubServer::Repo other = tiny;
        other.modelType = u"mamba"_s;
        server.repos.insert(u"org/tiny-mamba"_s, other);
        QTemporaryDir cache;
        server.useFrom(cache.path());

        DownloadDialog dialog;
        dialog.show();
        auto *repo = child<QLineEdit>(&dialog, "repoEdit");
        auto *status = child<QLabel>(&dialog, "downloadStatus");
        auto *download = child<QPushButton>(&dialog, "downloadButton");
        auto *stop = child<QPushButton>(&dialog, "stopButton");
        auto *open = child<QPushButton>(&dialog, "openButton");
        QVERIFY(!download->isEnabled() && !open->isEnabled());

        // Search: the mamba model is not offered.
        QTest::keyClicks(repo, u"tiny"_s);
        QTest::mouseClick(child<QPushButton>(&dialog, "searchButton"), Qt::LeftButton);
        auto *results = child<QListWidget>(&dialog, "searchResults");
        QTRY_COMPARE(results->count(), 1);
        QVERIFY2(results->item(0)->text().startsWith(
                     u"org/tiny  ·  gpt2  ·  100.0 k parameters, 400.0 kB  ·  77 download"_s),
            qPrintable(results->item(0)->text()));

        // Choose: the plan before anything is fetched.
        QTest::mouseClick(results->viewport(), Qt::LeftButton, {}, results->visualItemRect(results->item(0)).center());
        QTRY_VERIFY(download->isEnabled());
        QCOMPARE(repo->text(), u"org/tiny"_s);
        QCOMPARE(child<QTreeWidget>(&dialog, "downloadFiles")->topLevelItemCount(), 2);
        const QString summary = child<QLabel>(&dialog, "downloadSummary")->text();
        QVERIFY2(summary.contains(u"a <b>gpt2</b> model"_s) && summary.contains(u"400.0 kB to fetch"_s)
                && summary.contains(u"Memory: the weights take 400.0 kB"_s) && summary.contains(u"free in"_s),
            qPrintable(summary));
        QCOMPARE(server.bodyBytesSent, 0);

        // Download, stalled on the weights: Stop keeps the part, Download resumes it.
        server.faults.push_back({.path = u"/lfs/"_s + test::HubServer::sha256(weights), .stall = true});
        QTest::mouseClick(download, Qt::LeftButton);
        QTRY_VERIFY(status->text().contains(u"model.safetensors"_s));
        // Stopped only once the stalled request is in (else the resumed download would meet it).
        QTRY_VERIFY(server.faults.empty());
        QVERIFY(stop->isEnabled());
        QTest::mouseClick(stop, Qt::LeftButton);
        QTRY_VERIFY(status->text().contains(u"stopped"_s));
        QVERIFY(download->isEnabled() && !open->isEnabled());
        QVERIFY(
            !QFileInfo::exists(cache.filePath(u"models--org--tiny/snapshots/"_s + commit + u"/model.safetensors"_s)));
        QTest::mouseClick(download, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(open->isEnabled(), 10000);
        QVERIFY(status->text().contains(u"org/tiny is in the cache"_s));
        const QString done = child<QLabel>(&dialog, "downloadSummary")->text();
        QVERIFY2(done.contains(u"all in the cache"_s) && !done.contains(u"to fetch"_s), qPrintable(done));
        QCOMPARE(QFileInfo(cache.filePath(u"models--org--tiny/snapshots/"_s + commit + u"/model.safetensors"_s)).size(),
            weights.size());

        QSignalSpy opened(&dialog, &DownloadDialog::openRequested);
        QTest::mouseClick(open, Qt::LeftButton);
        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.first().first().toString(), u"hf:org/tiny"_s);

        // Checked again: already there, nothing to fetch.
        dialog.check(u"org/tiny"_s);
        QTRY_VERIFY(open->isEnabled());
        QVERIFY(!download->isEnabled());
        // A repository of GGUF files: its quantizations offered, one chosen and planned.
        test::HubServer::Repo gguf;
        gguf.commit = commit;
        gguf.modelType.clear();
        gguf.files.insert(u"tiny.Q8_0.gguf"_s, {QByteArray("GGUF") + QByteArray(3000, '\1'), true});
        gguf.files.insert(u"tiny.Q4_K_M.gguf"_s, {QByteArray("GGUF") + QByteArray(2000, '\2'), true});
        server.repos.insert(u"org/tiny-GGUF"_s, gguf);
        dialog.check(u"org/tiny-GGUF"_s);
        QTRY_COMPARE(results->count(), 2);
        QTRY_VERIFY(child<QLabel>(&dialog, "downloadSummary")->text().contains(u"choose one above"_s));
        QVERIFY2(results->item(0)->text().startsWith(u"org/tiny-GGUF:Q4_K_M  ·  GGUF Q4_K_M  ·  2.0 kB"_s),
            qPrintable(results->item(0)->text()));
        QTest::mouseClick(results->viewport(), Qt::LeftButton, {}, results->visualItemRect(results->item(1)).center());
        QTRY_VERIFY(download->isEnabled());
        QCOMPARE(repo->text(), u"org/tiny-GGUF:Q8_0"_s);
        QCOMPARE(child<QTreeWidget>(&dialog, "downloadFiles")->topLevelItemCount(), 1);
        QTest::mouseClick(download, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(open->isEnabled(), 10000);
        QSignalSpy openedGguf(&dialog, &DownloadDialog::openRequested);
        QTest::mouseClick(open, Qt::LeftButton);
        QCOMPARE(openedGguf.first().first().toString(), u"hf:org/tiny-GGUF:Q8_0"_s);
        dialog.show();
        // A model QKV Lab does not run is refused at the check, naming its type.
        dialog.check(u"org/tiny-mamba"_s);
        QTRY_VERIFY(child<QLabel>(&dialog, "downloadSummary")->text().contains(u"\"mamba\" model"_s));
        QVERIFY(!download->isEnabled() && !open->isEnabled());
    }
};

QTEST_MAIN(TstDownloadDialog)
#include "tst_downloaddialog.moc"
