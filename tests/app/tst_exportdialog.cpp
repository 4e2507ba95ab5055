#include "app/mainwindow.h"
#include "attention/engine.h"
#include "cli/exportcommand.h"
#include "document/documentio.h"
#include "export/exportsettings.h"
#include "panels/animationdialog.h"
#include "panels/exportdialog.h"
#include "session/documentsession.h"
#include "views/figurerenderer.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressDialog>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QTimer>

using namespace qkv;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QImage pngImage(const QString &path)
{
    QImage image;
    image.loadFromData(readAll(path), "png");
    return image.convertToFormat(QImage::Format_ARGB32);
}

} // namespace

// The window's export dialog: what it saves is what `qkvlab export` writes for the same state,
// it follows the window's look, and numbers parse back to the engine's.
class TstExportDialog : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;

    template<typename T>
    T *child(const char *name) const
    {
        T *w = dialog()->findChild<T *>(QLatin1String(name));
        if (!w)
            qFatal("no %s in the export dialog", name);
        return w;
    }
    ExportDialog *dialog() const { return m_window->exportDialog(); }
    DocumentSession *session() const { return m_window->session(); }
    QString path(const QString &name) const { return m_dir.filePath(name); }

    // `qkvlab export example:animal ARGS -o OUT` in this process; its exit status.
    static int cli(const QStringList &args)
    {
        return cli::runExport(QStringList {QStringLiteral("example:animal")} + args, stdout, stderr);
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(QStringLiteral("example:animal")));
        session()->setSelectedToken(7); // "it"
        child<QSpinBox>("widthBox")->setValue(600);
        child<QSpinBox>("heightBox")->setValue(500);
        child<QSpinBox>("decimalsBox")->setValue(-1); // auto, whatever an earlier test left in the settings
        child<QSpinBox>("textSizeBox")->setValue(child<QSpinBox>("textSizeBox")->minimum()); // auto
        child<QComboBox>("colorScaleBox")->setCurrentIndex(0); // as the window colours them
    }
    void cleanup()
    {
        session()->undoStack()->setClean();
        m_window.reset();
    }

    // Export → Animation: the tables' current cell swept from its value, and edits recorded.
    // The frames of a vector plot keep the first frame's plane (and axes while the points fit):
    // from one frame to the next only the moved point and its label change, where a plot fitted
    // anew would move every point.
    void animatedVectorsKeepTheirPlane()
    {
        const Document first = *loadDocument(u"example:animal"_qs).document;
        Document second = first;
        const ValueRef ref {Field::Query, u"it"_qs, 0, 0, 0};
        second.setValue(ref, first.value(ref) + 0.2); // a step that stays inside the axes
        const Result a = compute(first), b = compute(second);
        FigureOptions options;
        options.kind = FigureKind::Vectors;
        FigureSpec spec;
        spec.size = QSize(600, 600);
        const auto differing = [](const QImage &x, const QImage &y) {
            int n = 0;
            for (int row = 0; row < x.height(); ++row)
                for (int col = 0; col < x.width(); ++col)
                    n += x.pixel(col, row) != y.pixel(col, row);
            return n;
        };
        FigureRenderer kept({&first, &a, 0, -1, false, nullptr, {}, nullptr}, options);
        const QImage before = renderImage(spec, kept.painter());
        kept.setInput({&second, &b, 0, -1, false, nullptr, {}, nullptr});
        const QImage after = renderImage(spec, kept.painter());
        FigureRenderer fresh({&second, &b, 0, -1, false, nullptr, {}, nullptr}, options);
        const QImage refitted = renderImage(spec, fresh.painter());
        QVERIFY(differing(before, after) > 0);
        QVERIFY2(differing(before, after) * 2 < differing(before, refitted),
            qPrintable(QStringLiteral("%1 pixels moved, %2 when fitted anew")
                           .arg(differing(before, after))
                           .arg(differing(before, refitted))));
    }

    void animationFromTheWindow()
    {
        m_window->show();
        auto *table = m_window->findChild<QAbstractItemView *>(QStringLiteral("wordsTable"));
        table->setCurrentIndex(table->model()->index(1, 3)); // k1 of animal
        m_window->findChild<QAction *>(QStringLiteral("actionExportAnimation"))->trigger();
        auto *animation = m_window->findChild<AnimationDialog *>(QStringLiteral("animationDialog"));
        QVERIFY(animation && animation->isVisible());
        QCOMPARE(animation->pathEdit()->text(), u"words.animal.k[0]"_qs);
        QCOMPARE(animation->fromBox()->value(), 0.6);
        animation->toBox()->setValue(3);
        animation->framesBox()->setValue(5);
        QTemporaryDir dir;
        const QString gif = dir.filePath(u"sweep.gif"_qs);
        QCOMPARE(animation->writeSweep(gif), QString());
        QImageReader reader(gif);
        QCOMPARE(reader.imageCount(), 5);
        QCOMPARE(reader.read().size(), QSize(800, 800));
        QVERIFY(session()->document() == *loadDocument(u"example:animal"_qs).document); // the window's own is untouched

        // A long sweep shows its progress after 300 ms; Stop ends it and writes nothing.
        animation->framesBox()->setValue(400);
        QPointer<QProgressDialog> shown;
        int progressAtStop = -1;
        QTimer stopper;
        stopper.setInterval(20);
        connect(&stopper, &QTimer::timeout, this, [&] {
            shown = animation->findChild<QProgressDialog *>(QStringLiteral("windowProgress"));
            if (shown && shown->isVisible() && progressAtStop < 0) {
                progressAtStop = shown->value();
                shown->cancel();
            }
        });
        stopper.start();
        const QString stopped = dir.filePath(u"stopped.gif"_qs);
        QCOMPARE(animation->writeSweep(stopped), u"Stopped: nothing was written."_qs);
        stopper.stop();
        QVERIFY(progressAtStop > 0 && progressAtStop < 400);
        QVERIFY(!QFile::exists(stopped));
        animation->framesBox()->setValue(5);

        animation->pathEdit()->setText(u"words.cat.k[0]"_qs);
        QVERIFY(animation->writeSweep(dir.filePath(u"bad.gif"_qs)).contains(u"no word “cat”"_qs));
        QVERIFY(!QFile::exists(dir.filePath(u"bad.gif"_qs)));

        animation->startRecording();
        session()->editValue({Field::Key, u"animal"_qs, 0, 0, 0}, 1.0);
        session()->editValue({Field::Key, u"animal"_qs, 0, 0, 1}, 1.5);
        session()->waitForResult();
        QApplication::processEvents();
        QCOMPARE(animation->recordedFrames(), 3); // before, and after each edit
        const QString webp = dir.filePath(u"recorded.webp"_qs);
        QCOMPARE(animation->stopRecording(webp), QString());
        QFile file(webp);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(16).mid(8, 4) == "WEBP");
        QVERIFY(!animation->isRecording());
        session()->editValue({Field::Key, u"animal"_qs, 0, 0, 2}, 2.0);
        QCOMPARE(animation->recordedFrames(), 3);
    }

    // What the dialog was set to comes back in the next window's; a settings file edited by hand
    // with positions the lists do not have, or no numbers, gives the defaults instead of an empty
    // list (an empty format list used to be read as format -1).
    void rememberedChoicesComeBackAndBadOnesAreIgnored()
    {
        dialog()->setView(FigureKind::Arrows);
        child<QComboBox>("formatBox")->setCurrentIndex(1);
        child<QSpinBox>("widthBox")->setValue(777);
        child<QComboBox>("tableFormatBox")->setCurrentIndex(2);
        cleanup(); // the window, and its dialog with it, goes: the dialog's choices are saved
        {
            const ExportSettings saved = ExportSettings::load(QSettings());
            QCOMPARE(saved.view, FigureKind::Arrows);
            QCOMPARE(saved.format, 1);
            QCOMPARE(saved.width, 777);
            QCOMPARE(saved.table, 2);
        }
        init();
        QCOMPARE(dialog()->view(), FigureKind::Arrows);
        QCOMPARE(child<QComboBox>("formatBox")->currentIndex(), 1);
        QCOMPARE(child<QComboBox>("tableFormatBox")->currentIndex(), 2);
        cleanup();
        {
            QSettings settings;
            settings.setValue(QStringLiteral("export/format"), 9);
            settings.setValue(QStringLiteral("export/table"), -3);
            settings.setValue(QStringLiteral("export/scale"), QStringLiteral("nan"));
            settings.setValue(QStringLiteral("export/figureColours"), QStringLiteral("dark"));
        }
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(QStringLiteral("example:animal")));
        QCOMPARE(child<QComboBox>("formatBox")->currentIndex(), 0);
        QCOMPARE(child<QComboBox>("tableFormatBox")->currentIndex(), 0);
        QCOMPARE(child<QComboBox>("colorScaleBox")->currentIndex(), 0);
        QCOMPARE(child<QDoubleSpinBox>("scaleBox")->value(), 2.0);
        child<QComboBox>("formatBox")->setCurrentIndex(0); // what the other tests expect
        child<QComboBox>("tableFormatBox")->setCurrentIndex(0);
    }

    void savesWhatTheCommandLineWrites_data()
    {
        QTest::addColumn<QString>("view");
        for (const char *view : {"heatmap", "arrows", "vectors", "bars", "worked", "heads", "figure"})
            QTest::newRow(view) << QString::fromLatin1(view);
    }
    void savesWhatTheCommandLineWrites()
    {
        QFETCH(QString, view);
        dialog()->setView(*figureKindNamed(view));
        const QString ours = path(view + QStringLiteral("-dialog.png"));
        QCOMPARE(dialog()->saveFigure(ours), QString());
        const QString theirs = path(view + QStringLiteral("-cli.png"));
        QCOMPARE(cli({QStringLiteral("--view"), view, QStringLiteral("--query"), QStringLiteral("it"),
                     QStringLiteral("--size"), QStringLiteral("600x500"), QStringLiteral("--scale"),
                     QStringLiteral("2"), QStringLiteral("-o"), theirs}),
            0);
        const QImage a = pngImage(ours), b = pngImage(theirs);
        QCOMPARE(a.size(), QSize(1200, 1000));
        QCOMPARE(qRound(a.dotsPerMeterX() * 0.0254), 192);
        QVERIFY(a == b);
    }

    // The figure's text size and colour scale are those of --font-size and --color-scale; and
    // they change the figure (a larger title, the data's own scale).
    void textSizeAndColoursAreTheCommandLines()
    {
        dialog()->setView(FigureKind::Heatmap);
        const QString plain = path(QStringLiteral("plain.png"));
        QCOMPARE(dialog()->saveFigure(plain), QString());
        child<QSpinBox>("textSizeBox")->setValue(30);
        child<QComboBox>("colorScaleBox")->setCurrentIndex(1); // weights 0 to 1
        const QString ours = path(QStringLiteral("styled-dialog.png"));
        QCOMPARE(dialog()->saveFigure(ours), QString());
        const QString theirs = path(QStringLiteral("styled-cli.png"));
        QCOMPARE(
            cli({QStringLiteral("--view"), QStringLiteral("heatmap"), QStringLiteral("--query"), QStringLiteral("it"),
                QStringLiteral("--size"), QStringLiteral("600x500"), QStringLiteral("--scale"), QStringLiteral("2"),
                QStringLiteral("--font-size"), QStringLiteral("30"), QStringLiteral("--color-scale"),
                QStringLiteral("unit"), QStringLiteral("-o"), theirs}),
            0);
        QCOMPARE(pngImage(ours), pngImage(theirs));
        QVERIFY(pngImage(ours) != pngImage(plain));
    }

    void followsTheWindowsColormap()
    {
        dialog()->setView(FigureKind::Heatmap);
        auto *colormap = m_window->findChild<QComboBox *>(QStringLiteral("colormap"));
        QVERIFY(colormap);
        while (colormap->currentText() != u"magma") // as a user picks it: keys emit activated()
            QTest::keyClick(colormap, Qt::Key_Down);
        QCOMPARE(dialog()->saveFigure(path(QStringLiteral("magma.png"))), QString());
        QCOMPARE(cli({QStringLiteral("--view"), QStringLiteral("heatmap"), QStringLiteral("--query"),
                     QStringLiteral("it"), QStringLiteral("--size"), QStringLiteral("600x500"),
                     QStringLiteral("--scale"), QStringLiteral("2"), QStringLiteral("--colormap"),
                     QStringLiteral("magma"), QStringLiteral("-o"), path(QStringLiteral("magma-cli.png"))}),
            0);
        QVERIFY(pngImage(path(QStringLiteral("magma.png"))) == pngImage(path(QStringLiteral("magma-cli.png"))));
        QCOMPARE(
            cli({QStringLiteral("--view"), QStringLiteral("heatmap"), QStringLiteral("--query"), QStringLiteral("it"),
                QStringLiteral("--size"), QStringLiteral("600x500"), QStringLiteral("--scale"), QStringLiteral("2"),
                QStringLiteral("-o"), path(QStringLiteral("viridis-cli.png"))}),
            0);
        QVERIFY(pngImage(path(QStringLiteral("magma.png"))) != pngImage(path(QStringLiteral("viridis-cli.png"))));
    }

    void suffixChoosesTheFormat()
    {
        dialog()->setView(FigureKind::Heatmap);
        dialog()->setFormat(FigureFormat::Png);
        QCOMPARE(dialog()->saveFigure(path(QStringLiteral("h.svg"))), QString());
        QVERIFY(readAll(path(QStringLiteral("h.svg"))).contains("viewBox=\"0 0 600 500\""));
        QCOMPARE(dialog()->saveFigure(path(QStringLiteral("h.pdf"))), QString());
        QVERIFY(readAll(path(QStringLiteral("h.pdf"))).startsWith("%PDF"));
    }

    void autoHeightFollowsTheView()
    {
        child<QSpinBox>("heightBox")->setValue(child<QSpinBox>("heightBox")->minimum());
        dialog()->setView(FigureKind::Worked);
        const QSize worked = dialog()->figureSpec().size;
        dialog()->setView(FigureKind::Heatmap);
        QCOMPARE(dialog()->figureSpec().size, QSize(600, 600));
        QCOMPARE(worked.width(), 600);
        QVERIFY2(worked.height() > 600, qPrintable(QString::number(worked.height())));
    }

    void previewFollowsTheDocument()
    {
        dialog()->setView(FigureKind::Heatmap);
        dialog()->show();
        QTRY_VERIFY(!dialog()->previewImage().isNull());
        const QImage before = dialog()->previewImage();
        session()->setSelectedToken(2);
        QTRY_VERIFY(dialog()->previewImage() != before);
        dialog()->setView(FigureKind::Bars);
        QTRY_VERIFY(dialog()->previewImage().size() != QSize() && dialog()->previewImage() != before);
    }

    void copiesPngAndSvgAtOnce()
    {
        dialog()->setView(FigureKind::Figure);
        dialog()->copyFigure();
        const QMimeData *data = QGuiApplication::clipboard()->mimeData();
        QVERIFY(data);
        QImage png;
        QVERIFY(png.loadFromData(data->data(QStringLiteral("image/png")), "png"));
        QCOMPARE(png.size(), QSize(1200, 1000));
        QVERIFY(data->data(QStringLiteral("image/svg+xml")).contains("animal"));
        QVERIFY(data->hasImage());
    }

    void numbersParseBackToTheEngine()
    {
        child<QComboBox>("kindBox")->setCurrentIndex(0); // weights
        child<QComboBox>("tableFormatBox")->setCurrentIndex(0); // CSV
        const QStringList lines = dialog()->numbersText().split(u'\n', Qt::SkipEmptyParts);
        const Eigen::MatrixXd &w = session()->result().heads[0].weights;
        QCOMPARE(lines.size(), w.rows() + 1);
        for (int i = 0; i < w.rows(); ++i) {
            const QStringList cells = lines[i + 1].split(u',');
            QCOMPARE(cells.size(), w.cols() + 1);
            for (int j = 0; j < w.cols(); ++j)
                QCOMPARE(cells[j + 1].toDouble(), w(i, j));
        }
        QCOMPARE(dialog()->saveNumbers(path(QStringLiteral("w.csv"))), QString());
        QCOMPARE(QString::fromUtf8(readAll(path(QStringLiteral("w.csv")))), dialog()->numbersText());
    }

    void workedComputationOfTheSelectedToken()
    {
        auto *kinds = child<QComboBox>("kindBox");
        kinds->setCurrentIndex(kinds->findData(QStringLiteral("worked")));
        auto *formats = child<QComboBox>("tableFormatBox");
        QCOMPARE(formats->currentData().toString(), QStringLiteral("md")); // CSV makes no sense for prose
        const QString md = dialog()->numbersText();
        QVERIFY(md.contains(QStringLiteral("“it”")));
        for (const char *score : {"0.17", "0.77", "1.22"}) // it·The, it·animal, it·tired
            QVERIFY2(md.contains(QLatin1String(score)), score);
        formats->setCurrentIndex(formats->findData(QStringLiteral("tex")));
        QVERIFY(dialog()->numbersText().contains(QStringLiteral("\\")));
    }

    // The dialog's decimals are the command line's --decimals, for tables and for the worked steps.
    void decimalsAreTheCommandLines_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QStringList>("args");
        QTest::newRow("weights, tex") << u"weights"_qs << u"tex"_qs
                                      << QStringList {u"--numbers"_qs, u"weights"_qs, u"--format"_qs, u"tex"_qs};
        QTest::newRow("weights, csv") << u"weights"_qs << u"csv"_qs
                                      << QStringList {u"--numbers"_qs, u"weights"_qs, u"--format"_qs, u"csv"_qs};
        QTest::newRow("worked, md") << u"worked"_qs << u"md"_qs
                                    << QStringList {u"--worked"_qs, u"--query"_qs, u"it"_qs, u"--format"_qs, u"md"_qs};
        QTest::newRow("worked, tex") << u"worked"_qs << u"tex"_qs
                                     << QStringList {u"--worked"_qs, u"--format"_qs, u"tex"_qs}; // "it": the focus
    }
    void decimalsAreTheCommandLines()
    {
        QFETCH(QString, kind);
        QFETCH(QString, format);
        QFETCH(QStringList, args);
        auto *kinds = child<QComboBox>("kindBox");
        kinds->setCurrentIndex(kinds->findData(kind));
        auto *formats = child<QComboBox>("tableFormatBox");
        formats->setCurrentIndex(formats->findData(format));
        auto *decimals = child<QSpinBox>("decimalsBox");
        QCOMPARE(decimals->specialValueText(), u"auto"_qs);
        for (const int n : {2, 0, 10, -1}) {
            decimals->setValue(n);
            const QString out = path(u"%1-%2.%3"_qs.arg(kind).arg(n).arg(format));
            QStringList given = args;
            if (n >= 0)
                given << u"--decimals"_qs << QString::number(n);
            QCOMPARE(cli(given << u"-o"_qs << out), 0);
            QCOMPARE(dialog()->numbersText(), QString::fromUtf8(readAll(out)));
        }
        decimals->setValue(2);
        const QString text = dialog()->numbersText();
        QVERIFY2(text.contains(kind == u"worked" ? u"0.41"_qs : u"0.08"_qs), qPrintable(text));
        QVERIFY(!text.contains(u"0.080"_qs) && !text.contains(u"0.405"_qs));
    }

    void aFailedSaveSaysWhyAndWritesNothing()
    {
        const QString target = QStringLiteral("/nonexistent-folder/x.png");
        const QString error = dialog()->saveFigure(target);
        QVERIFY2(
            error.contains(target) && error.contains(QStringLiteral("No such file or directory")), qPrintable(error));
        QCOMPARE(dialog()->lastError(), error);
        QVERIFY(!QFile::exists(target));
    }

    // A figure is drawn on a worker under a progress dialog with Stop: Stop writes nothing, and
    // editing goes on while the abandoned drawing finishes with the numbers it began with. The
    // vector plot is painted on the GUI thread (a chart widget) and only encoded on the worker.
    void stopWritesNothingAndEditingGoesOn_data()
    {
        QTest::addColumn<FigureKind>("kind");
        QTest::newRow("heads") << FigureKind::Heads;
        QTest::newRow("vectors") << FigureKind::Vectors;
    }
    void stopWritesNothingAndEditingGoesOn()
    {
        QFETCH(FigureKind, kind);
        dialog()->setView(kind);
        child<QSpinBox>("widthBox")->setValue(2000);
        child<QSpinBox>("heightBox")->setValue(2000);
        child<QDoubleSpinBox>("scaleBox")->setValue(2);
        bool offered = false;
        QTimer::singleShot(0, dialog(), [&] {
            // Over the window, as the export dialog is hidden (File → Copy Figure); a wait cursor
            // until the progress dialog shows (after 300 ms: on a busy machine, the first band of
            // the vector plot can take longer, and the dialog is already up).
            auto *progress = m_window->findChild<QProgressDialog *>(QStringLiteral("windowProgress"));
            const QCursor *cursor = QGuiApplication::overrideCursor();
            const bool waiting = cursor && cursor->shape() == Qt::WaitCursor;
            offered = progress && progress->parentWidget() == m_window.get()
                && progress->windowModality() == Qt::WindowModal && (waiting || progress->isVisible());
            if (progress)
                progress->cancel();
        });
        const QString stopped = path(QStringLiteral("stopped.png"));
        const QString error = dialog()->saveFigure(stopped);
        QVERIFY(offered);
        QVERIFY2(error.startsWith(QStringLiteral("Stopped")), qPrintable(error));
        QVERIFY(!QFile::exists(stopped));
        QVERIFY(!QGuiApplication::overrideCursor());
        const Result before = session()->result();
        session()->editValue({Field::Key, QStringLiteral("animal"), 0, 0, 1}, 3.0);
        QThreadPool::globalInstance()->waitForDone();
        QVERIFY(session()->result().heads[0].weights != before.heads[0].weights);
        child<QSpinBox>("widthBox")->setValue(600);
        child<QSpinBox>("heightBox")->setValue(500);
        const QString drawn = path(QStringLiteral("drawn.png"));
        QCOMPARE(dialog()->saveFigure(drawn), QString());
        QCOMPARE(pngImage(drawn).size(), QSize(1200, 1000));
    }

    // A large table's preview is its first rows (every row of 4,096 tokens is seconds of text on
    // each edit); Save writes every row, on a worker.
    void numbersPreviewTheFirstRowsAndSaveAll()
    {
        QStringList words;
        for (int i = 0; i < 300; ++i)
            words << QStringLiteral("w%1").arg(i);
        session()->editSentence(words.join(u' '));
        session()->waitForResult();
        child<QComboBox>("kindBox")->setCurrentIndex(0); // weights
        child<QComboBox>("tableFormatBox")->setCurrentIndex(0); // CSV
        dialog()->show();
        child<QTabWidget>("tabs")->setCurrentWidget(child<QWidget>("numbersTab"));
        auto *preview = child<QPlainTextEdit>("numbersText");
        QTRY_VERIFY(preview->toPlainText().contains(u"preview ends here"));
        const QStringList shown = preview->toPlainText().split(u'\n');
        QCOMPARE(shown.size(), 1 + 10000 / 300 + 2); // the header, 33 rows of 300 numbers, a blank line, the note
        const QString target = path(QStringLiteral("all.csv"));
        QCOMPARE(dialog()->saveNumbers(target), QString());
        const QStringList all = QString::fromUtf8(readAll(target)).split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(all.size(), 301);
        QCOMPARE(all.mid(0, 34), shown.mid(0, 34));
        QCOMPARE(all.join(u'\n') + u'\n', dialog()->numbersText());
    }

    void fileMenuOpensIt()
    {
        m_window->show();
        auto *action = m_window->findChild<QAction *>(QStringLiteral("actionExport"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+E")));
        action->trigger();
        QVERIFY(dialog()->isVisible());
    }
};

QTEST_MAIN(TstExportDialog)
#include "tst_exportdialog.moc"
