// Issue 46: nothing the window shows is cut where it could have been laid out, at 1280 × 720,
// 1920 × 1080 and zoomed to 160 %: no button or label narrower or shorter than its text asks
// (in every dock brought to the front, in presenter mode and in the dialogs), and the zoom takes
// no room from the views.
#include "app/mainwindow.h"
#include "app/zoomcontroller.h"
#include "document/documentio.h"
#include "export/figurekind.h"
#include "figures/elide.h"
#include "session/documentsession.h"
#include "views/figurerenderer.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTest>

using namespace qkv;
using namespace Qt::StringLiterals;

namespace {

// Inside a scroll area's content, a widget may be taller than the view: it scrolls, nothing is cut.
bool scrolls(const QWidget *w)
{
    for (const QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (const auto *area = qobject_cast<const QScrollArea *>(p);
            area && area->widget() && area->widget()->isAncestorOf(w))
            return true;
    return false;
}

QString nameOf(const QWidget *w, const QString &text)
{
    QString path;
    for (const QWidget *p = w; p; p = p->parentWidget())
        if (!p->objectName().isEmpty()) {
            path = p->objectName();
            break;
        }
    return u"%1 “%2” (%3) in %4"_s.arg(QString::fromLatin1(w->metaObject()->className()), text.left(40))
        .arg(w->width())
        .arg(path);
}

// Every visible button and label of `root` whose text is cut: narrower than its one line, or
// shorter than its wrapped lines.
QStringList cutTexts(const QWidget *root)
{
    QStringList out;
    QList<const QWidget *> widgets {root};
    for (const QWidget *w : root->findChildren<QWidget *>())
        widgets << w;
    for (const QWidget *w : widgets) {
        if (!w->isVisible() || w->width() <= 0 || qobject_cast<const QMenu *>(w->window()))
            continue;
        if (const auto *b = qobject_cast<const QAbstractButton *>(w)) {
            if (!b->text().isEmpty() && b->sizeHint().width() > b->width() + 1)
                out << u"%1: wants %2 px"_s.arg(nameOf(w, b->text())).arg(b->sizeHint().width());
        } else if (const auto *l = qobject_cast<const QLabel *>(w)) {
            if (l->text().isEmpty())
                continue;
            if (!l->wordWrap() && l->sizeHint().width() > l->width() + 1)
                out << u"%1: wants %2 px"_s.arg(nameOf(w, l->text())).arg(l->sizeHint().width());
            else if (l->wordWrap() && !scrolls(l) && l->heightForWidth(l->width()) > l->height() + 1)
                out << u"%1: wants %2 px high, has %3"_s.arg(nameOf(w, l->text()))
                           .arg(l->heightForWidth(l->width()))
                           .arg(l->height());
        }
    }
    return out;
}

} // namespace

class TstNothingClipped : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyDockAtEverySize_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("zoom");
        QTest::newRow("1280 × 720") << QSize(1280, 720) << 0;
        QTest::newRow("1920 × 1080") << QSize(1920, 1080) << 0;
        QTest::newRow("1280 × 720 at 160 %") << QSize(1280, 720) << 4;
        QTest::newRow("1920 × 1080 at 160 %") << QSize(1920, 1080) << 4;
    }
    void everyDockAtEverySize()
    {
        QFETCH(QSize, size);
        QFETCH(int, zoom);
        MainWindow window;
        QVERIFY(window.openDocument(u"example:animal"_s));
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.zoom()->setStep(zoom);
        QApplication::processEvents();
        QStringList cut;
        for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
            dock->show();
            dock->raise();
            QApplication::processEvents();
            for (const QString &c : cutTexts(dock))
                if (!cut.contains(c))
                    cut << c;
        }
        for (const QString &c : cutTexts(window.centralWidget()))
            if (!cut.contains(c))
                cut << c;
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(u'\n')));
        window.zoom()->setStep(0);
    }

    // Presenting a lesson (F5) at a projector's 1280 × 720: the caption, the worked computation's
    // buttons (they were cut to "py Markdo") and every view the steps show.
    void presentingALesson()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openLesson(u"lesson:self-attention"_s));
        QTest::keyClick(&window, Qt::Key_F5);
        QApplication::processEvents();
        QVERIFY(window.isPresenting());
        for (int step = 0; step < 10; ++step) {
            // A dock a step brings up is laid out in a later pass of the event loop (on a loaded
            // machine, after the first): what counts is that nothing stays cut.
            QStringList cut;
            const auto nothingCut = [&] {
                cut.clear();
                for (QDockWidget *dock : window.findChildren<QDockWidget *>())
                    if (dock->isVisible())
                        cut << cutTexts(dock);
                cut << cutTexts(window.centralWidget());
                return cut.isEmpty();
            };
            QTRY_VERIFY2(nothingCut(), qPrintable(u"step %1:\n"_s.arg(step + 1) + cut.join(u'\n')));
            QTest::keyClick(&window, Qt::Key_PageDown);
        }
        QTest::keyClick(&window, Qt::Key_Escape);
    }

    // The dialogs: export, animation, about, goal seek.
    void dialogs_data()
    {
        QTest::addColumn<QString>("action");
        for (const char *name : {"actionExport", "actionExportAnimation", "actionAbout", "actionGoalSeek"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void dialogs()
    {
        QFETCH(QString, action);
        MainWindow window;
        QVERIFY(window.openDocument(u"example:animal"_s));
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *trigger = window.findChild<QAction *>(action);
        QVERIFY(trigger);
        trigger->trigger();
        QApplication::processEvents();
        QDialog *dialog = nullptr;
        for (QWidget *top : QApplication::topLevelWidgets())
            if (auto *d = qobject_cast<QDialog *>(top); d && d->isVisible())
                dialog = d;
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QApplication::processEvents();
        const QStringList cut = cutTexts(dialog);
        dialog->close();
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(u'\n')));
    }

    // Zoom enlarges the text and cells of the views without taking their room: on a 1440-pixel
    // window the docks kept growing and the heatmap shrank.
    void zoomKeepsTheViewsRoom()
    {
        MainWindow window;
        QVERIFY(window.openDocument(u"example:animal"_s));
        window.resize(1440, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::processEvents();
        const QSize before = window.centralWidget()->size();
        auto *heatmap = window.findChild<QWidget *>(u"heatmapView"_s);
        const int heatmapBefore = heatmap->width();
        window.zoom()->setStep(6); // 203 %
        QTest::qWait(100); // the docks are given their sizes back once laid out
        const QSize after = window.centralWidget()->size();
        // The arrow graph's controls wrap instead of widening its panel beside the heatmap.
        QVERIFY2(heatmap->width() >= heatmapBefore * 0.8,
            qPrintable(u"the heatmap %1 px wide, %2 zoomed"_s.arg(heatmapBefore).arg(heatmap->width())));
        window.zoom()->setStep(0);
        QVERIFY2(after.width() >= before.width() * 0.95 && after.height() >= before.height() * 0.9,
            qPrintable(u"%1 × %2 before, %3 × %4 zoomed"_s.arg(before.width())
                           .arg(before.height())
                           .arg(after.width())
                           .arg(after.height())));
    }

    // Every exported figure at a slide's sizes: no word of it cut with an ellipsis (the arrow
    // graph's footer ended in "top…", its bold label lost a letter at the edge).
    void figures_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QSize>("size");
        for (const QString &view : figureKindNames())
            for (const QSize size : {QSize(1280, 720), QSize(1920, 1080), QSize(800, 500)})
                QTest::addRow("%s %d × %d", qPrintable(view), size.width(), size.height()) << view << size;
    }
    void figures()
    {
        QFETCH(QString, view);
        QFETCH(QSize, size);
        DocumentSession session;
        Document doc = *loadDocument(u"example:animal"_s).document;
        Settings s = doc.settings();
        s.heads = 2; // the heads grid and captions name heads
        doc.setSettings(s);
        session.resetDocument(doc);
        session.setSelectedToken(7); // "it"
        FigureOptions options;
        options.kind = figureKindNamed(view);
        const FigureRenderer renderer(figureInput(session), options);
        QVERIFY(renderer.isValid());
        QImage image(size, QImage::Format_ARGB32);
        resetElisionCount();
        QPainter painter(&image);
        renderer.painter()(painter, QRectF(QPointF(0, 0), QSizeF(size)));
        painter.end();
        QCOMPARE(elisionCount(), 0);
        // The count itself: at a stamp's size the same figure has to cut its words.
        if (view == u"arrows" && size.width() == 800) {
            QImage stamp(QSize(160, 100), QImage::Format_ARGB32);
            QPainter small(&stamp);
            renderer.painter()(small, QRectF(0, 0, 160, 100));
            small.end();
            QVERIFY(elisionCount() > 0);
        }
    }

    // The check itself: a button narrower than its text is seen.
    void aCutButtonIsSeen()
    {
        QWidget w;
        auto *button = new QPushButton(u"Copy Markdown"_s, &w);
        w.resize(200, 40);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        button->setGeometry(0, 0, 200, 30);
        QVERIFY(cutTexts(&w).isEmpty());
        button->setGeometry(0, 0, 40, 30);
        QCOMPARE(cutTexts(&w).size(), 1);
    }
};

QTEST_MAIN(TstNothingClipped)
#include "tst_nothingclipped.moc"
