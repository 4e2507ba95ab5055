#include "document/documentio.h"
#include "examples.h"
#include "session/documentsession.h"
#include "views/workedview.h"

#include <QApplication>
#include <QClipboard>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace qkv;
using test::example;
using namespace Qt::StringLiterals;

namespace {

Document sentence(int n, int heads = 1)
{
    QStringList words;
    for (int i = 0; i < n; ++i)
        words << u"w%1"_s.arg(i);
    Document doc;
    Settings s;
    s.heads = heads;
    doc.setSettings(s);
    doc.setSentence(words.join(u' '));
    return doc;
}

// What export would produce: the paint routine into a plain image.
QImage render(const WorkedView &view, QSize size = {700, 700})
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::magenta);
    QPainter painter(&image);
    view.paint(painter, QRectF(QPointF(0, 0), size));
    return image;
}

int countColour(const QImage &image, QRgb colour, int tolerance = 24)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (std::abs(qRed(p) - qRed(colour)) + std::abs(qGreen(p) - qGreen(colour))
                    + std::abs(qBlue(p) - qBlue(colour))
                <= tolerance)
                ++count;
        }
    return count;
}

// The birds example with "walk" selected, and a worked view following it.
struct WalkView {
    DocumentSession session;
    WorkedView view;
    WalkView()
    {
        session.resetDocument(example(u"birds"_s));
        session.setSelectedToken(2);
        view.setSession(&session);
    }
};

} // namespace

class TstWorkedView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void followsSelection();
    void followsHeadAndEdits();
    void noSelectionShowsFirst();
    void arrowKeysSelect();
    void copyMarkdown();
    void copyLatex();
    void decimals();
    void paintsPalette_data();
    void paintsPalette();
    void scrollsLongSentences();
    void allKeys();
    void withoutSession();
    void sessionGoesAway();
};

// A session deleted before its view leaves the view with the steps it showed, reading nothing of
// the session (under the sanitizers a read would be a use after free), even when asked to lay the
// steps out anew.
void TstWorkedView::sessionGoesAway()
{
    auto session = std::make_unique<DocumentSession>();
    session->resetDocument(example(u"birds"_s));
    WorkedView view;
    view.setSession(session.get());
    session->setSelectedToken(2);
    QVERIFY(view.markdown().contains(u"o(walk) = [0.180, 0.110, 0.010]"_s));
    session.reset();
    QCOMPARE(view.session(), nullptr);
    WorkedOptions two = view.options();
    two.decimals = 2;
    view.setOptions(two);
    QCOMPARE(view.computation().query, 2);
    QVERIFY(view.markdown().contains(u"o(walk) = [0.18, 0.11, 0.01]"_s));
    QVERIFY(!render(view).isNull());
}

void TstWorkedView::followsSelection()
{
    DocumentSession session;
    session.resetDocument(example(u"animal"_s));
    WorkedView view;
    view.setSession(&session);
    session.setSelectedToken(7);
    QCOMPARE(view.computation().query, 7);
    QVERIFY(view.markdown().contains(
        u"- tired: 0.600 × 0.900 + 0.500 × 0.800 + 0.400 × 0.700 = 0.540 + 0.400 + 0.280 = 1.220"_s));
    const QImage it = render(view);
    session.setSelectedToken(1);
    QCOMPARE(view.computation().query, 1);
    QVERIFY(view.markdown().contains(u"Worked computation for “animal”"_s));
    QVERIFY(render(view) != it);
    session.setSelectedToken(7);
    QCOMPARE(render(view), it); // the same selection draws the same picture
}

void TstWorkedView::followsHeadAndEdits()
{
    DocumentSession session;
    session.resetDocument(sentence(4, 2));
    session.setSelectedToken(2);
    WorkedView view;
    view.setSession(&session);
    QCOMPARE(view.computation().head, 0);
    const double before = view.computation().keys[0].score;
    session.setCurrentHead(1);
    QCOMPARE(view.computation().head, 1);
    QVERIFY(view.markdown().contains(u"head 2"_s));
    // An edit of w2's query in head 2 changes its scores in the view at once.
    session.editValue({Field::Query, u"w2"_s, 1, 0, 0}, 5.0);
    const WorkedComputation &w = view.computation();
    QCOMPARE(w.compared[0], 5.0);
    QCOMPARE(w.keys[0].score, session.result().heads[1].scores(2, 0));
    QVERIFY(w.keys[0].score != before);
}

void TstWorkedView::noSelectionShowsFirst()
{
    DocumentSession session;
    session.resetDocument(example(u"animal"_s));
    QCOMPARE(session.selectedToken(), 7); // the example's focus, "it"
    session.setSelectedToken(-1);
    WorkedView view;
    view.setSession(&session);
    QCOMPARE(view.computation().query, 0);
    const QImage hint = render(view);
    session.setSelectedToken(0); // the same token, without the hint line above it
    QCOMPARE(view.computation().query, 0);
    QVERIFY(render(view) != hint);
    QVERIFY(!view.markdown().contains(u"No token selected"_s)); // a hint for the screen, not for copies
}

void TstWorkedView::arrowKeysSelect()
{
    DocumentSession session;
    session.resetDocument(example(u"birds"_s));
    session.setSelectedToken(-1);
    WorkedView view;
    view.setSession(&session);
    QSignalSpy spy(&session, &DocumentSession::selectedTokenChanged);
    QTest::keyClick(&view, Qt::Key_Right); // from no selection to the first token
    QCOMPARE(session.selectedToken(), 0);
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right); // stays on the last
    QCOMPARE(session.selectedToken(), 2);
    QTest::keyClick(&view, Qt::Key_Left);
    QCOMPARE(session.selectedToken(), 1);
    QCOMPARE(spy.count(), 4);
    QCOMPARE(spy.last().at(0).toInt(), 1);
    QCOMPARE(view.computation().query, 1);
}

void TstWorkedView::copyMarkdown()
{
    WalkView walk;
    DocumentSession &session = walk.session;
    WorkedView &view = walk.view;
    view.resize(600, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QClipboard *clipboard = QGuiApplication::clipboard();
    clipboard->clear();
    QToolButton *button = nullptr;
    for (QToolButton *b : view.findChildren<QToolButton *>())
        if (b->text() == u"Copy Markdown"_s)
            button = b;
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
    const QString md = clipboard->text();
    QCOMPARE(md, workedMarkdown(workedComputation(session.document(), session.result(), 0, 2)));
    QVERIFY(md.contains(u"\n**o(walk) = [0.180, 0.110, 0.010]**\n"_s));
    QVERIFY(md.contains(u"= 0.018 + 0.022 + 0.003 = 0.043  (was −0.090, closer)"_s));

    clipboard->clear();
    session.setSelectedToken(0);
    QTest::keySequence(&view, QKeySequence::Copy);
    QVERIFY(clipboard->text().startsWith(u"### Worked computation for “Birds”"_s));
}

void TstWorkedView::copyLatex()
{
    WalkView walk;
    WorkedView &view = walk.view;
    QGuiApplication::clipboard()->clear();
    view.copyLatex();
    const QString tex = QGuiApplication::clipboard()->text();
    QCOMPARE(tex, view.latex());
    QVERIFY(tex.contains(u"\\begin{list}"_s));
    QVERIFY(tex.contains(u"$o(\\text{walk}) = [0.180, 0.110, 0.010]$"_s));
}

// One precision, set in the view's bar, for what it shows and what it copies.
void TstWorkedView::decimals()
{
    WalkView walk;
    WorkedView &view = walk.view;
    const QImage three = render(view);
    auto *box = view.findChild<QSpinBox *>();
    QVERIFY(box);
    QCOMPARE(box->value(), 3);
    QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(view.options().decimals, 2);
    QVERIFY(view.markdown().contains(u"\n**o(walk) = [0.18, 0.11, 0.01]**\n"_s));
    QVERIFY(view.markdown().contains(u"*Numbers are shown with 2 decimals;"_s));
    QVERIFY(view.latex().contains(u"$o(\\text{walk}) = [0.18, 0.11, 0.01]$"_s));
    QVERIFY(render(view) != three);
    view.setOptions({});
    QCOMPARE(box->value(), 3);
    QCOMPARE(render(view), three);
}

void TstWorkedView::paintsPalette_data()
{
    QTest::addColumn<QColor>("base");
    QTest::addColumn<QColor>("text");
    QTest::newRow("light") << QColor(255, 255, 255) << QColor(0, 0, 0);
    QTest::newRow("dark") << QColor(30, 30, 32) << QColor(230, 230, 230);
}

void TstWorkedView::paintsPalette()
{
    QFETCH(QColor, base);
    QFETCH(QColor, text);
    DocumentSession session;
    session.resetDocument(example(u"animal"_s));
    session.setSelectedToken(7);
    WorkedView view;
    QPalette palette = view.palette();
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::Text, text);
    view.setPalette(palette);
    QFont font = view.font(); // without anti-aliasing every text pixel has exactly its colour
    font.setStyleStrategy(QFont::NoAntialias);
    view.setFont(font);
    view.setSession(&session);
    const QImage image = render(view);
    QCOMPARE(image.pixel(2, 2), base.rgb()); // the whole rectangle is painted, nothing left over
    QCOMPARE(image.pixel(699, 699), base.rgb());
    QCOMPARE(countColour(image, qRgb(255, 0, 255), 0), 0);
    QVERIFY(countColour(image, text.rgb(), 0) > 2000); // plenty of text in the text colour
    // The rounding note is muted: a colour between text and background, and nothing else is.
    const QColor muted = QColor::fromRgbF(text.redF() * 0.65 + base.redF() * 0.35,
        text.greenF() * 0.65 + base.greenF() * 0.35, text.blueF() * 0.65 + base.blueF() * 0.35);
    const int mutedPixels = countColour(image, muted.rgb(), 3);
    QVERIFY2(mutedPixels > 300, qPrintable(QString::number(mutedPixels)));
    QCOMPARE(countColour(image, base.rgb(), 0) + countColour(image, text.rgb(), 0) + mutedPixels,
        image.width() * image.height());
}

void TstWorkedView::scrollsLongSentences()
{
    DocumentSession session;
    session.resetDocument(sentence(200));
    session.setSelectedToken(100);
    WorkedView view;
    view.setSession(&session);
    view.resize(700, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QScrollBar *bar = view.verticalScrollBar();
    QVERIFY(bar->maximum() > 500);
    // The 200 keys are summed up: the text stays a few screens long, not 200 lines per step.
    QVERIFY(view.contentHeight(700) < 8000);
    const QImage top = view.viewport()->grab().toImage();
    QTest::keyClick(&view, Qt::Key_PageDown);
    QVERIFY(bar->value() > 0);
    QVERIFY(view.viewport()->grab().toImage() != top);
}

void TstWorkedView::allKeys()
{
    DocumentSession session;
    session.resetDocument(sentence(30));
    session.setSelectedToken(3);
    WorkedView view;
    view.setSession(&session);
    const qreal summarized = view.contentHeight(700);
    QVERIFY(view.markdown().contains(u"14 others"_s));
    QToolButton *all = nullptr;
    for (QToolButton *b : view.findChildren<QToolButton *>())
        if (b->text() == u"All keys"_s)
            all = b;
    QVERIFY(all);
    all->click();
    QCOMPARE(view.options().maxKeys, 0);
    QVERIFY(!view.markdown().contains(u"others"_s));
    QVERIFY(view.contentHeight(700) > summarized * 1.4);
    all->click();
    QCOMPARE(view.options().maxKeys, WorkedOptions {}.maxKeys);

    // A long sentence lists at most 256 keys even with "All keys": every edit stays interactive.
    session.resetDocument(sentence(300));
    all->click();
    QCOMPARE(view.options().maxKeys, 0);
    QVERIFY(view.markdown().contains(u"the 44 other visible keys"_s));
}

void TstWorkedView::withoutSession()
{
    const Document doc = example(u"birds"_s);
    const WorkedComputation w = workedComputation(doc, compute(doc), 0, 2);
    WorkedView view;
    view.setComputation(w);
    QCOMPARE(view.markdown(), workedMarkdown(w));
    QVERIFY(countColour(render(view), view.palette().color(QPalette::Text).rgb()) > 1000);
    // Into a rectangle of a larger page (export, a composed figure): nothing drawn outside it.
    QImage page(700, 700, QImage::Format_RGB32);
    page.fill(Qt::magenta);
    QPainter painter(&page);
    view.paint(painter, QRectF(100, 100, 400, 300));
    painter.end();
    QCOMPARE(page.pixel(99, 99), qRgb(255, 0, 255));
    QCOMPARE(page.pixel(500, 400), qRgb(255, 0, 255));
    QCOMPARE(page.pixel(101, 101), view.palette().color(QPalette::Base).rgb());
    QCOMPARE(countColour(page.copy(0, 0, 700, 100), qRgb(255, 0, 255), 0), 700 * 100);
    QCOMPARE(countColour(page.copy(0, 400, 700, 300), qRgb(255, 0, 255), 0), 700 * 300);
    QVERIFY(countColour(page.copy(100, 100, 400, 300), view.palette().color(QPalette::Text).rgb()) > 500);

    WorkedView empty;
    empty.setComputation({});
    QVERIFY(empty.markdown().contains(u"No token"_s));
    QCOMPARE(render(empty).pixel(0, 0), empty.palette().color(QPalette::Base).rgb());
}

QTEST_MAIN(TstWorkedView)
#include "tst_workedview.moc"
