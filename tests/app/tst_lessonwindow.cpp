// A lesson in the window, as a student works through it: the bundled self-attention lesson from
// its first step to its last with the mouse and the keyboard, each exercise solved by editing
// values in the tables, typing an answer or clicking the heatmap, checked live; the weights hidden
// until a prediction is answered; the solution undoable; the progress kept.
#include "app/mainwindow.h"
#include "document/documentio.h"
#include "lessons/lessonauthoring.h"
#include "lessons/lessoncheck.h"
#include "lessons/lessonio.h"
#include "lessons/lessonprogress.h"
#include "lessonwindow.h"
#include "panels/animationdialog.h"
#include "panels/lessondock.h"
#include "panels/lessonstepsdialog.h"
#include "session/documentsession.h"
#include "views/heatmapview.h"
#include "views/scrubtableview.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QButtonGroup>
#include <QImageReader>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace qkv;

namespace {

const QString lessonName = QStringLiteral("lesson:self-attention");

} // namespace

class TstLessonWindow : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;

    LessonDock *dock() const { return m_window->lessonDock(); }
    DocumentSession *session() const { return m_window->session(); }
    HeatmapView *heatmap() const { return m_window->findChild<HeatmapView *>(QStringLiteral("heatmapView")); }
    QWidget *arrows() const { return m_window->findChild<QWidget *>(QStringLiteral("arrowsPanel")); }

    bool met() const { return dock()->status() && dock()->status()->met(); }

    // Types the vector `values` into the Keys columns of `word`'s row of the Q | K | V table.
    void typeKey(const QString &word, std::initializer_list<double> values) const
    {
        auto *table = m_window->findChild<ScrubTableView *>(QStringLiteral("wordsTable"));
        QAbstractItemModel *model = table->model();
        const int row = static_cast<int>(session()->document().tokens().indexOf(word));
        int col = 3; // q1 q2 q3 | k1 k2 k3 | v1 v2 v3
        for (const double v : values)
            QVERIFY(model->setData(model->index(row, col++), v, Qt::EditRole));
        session()->waitForResult();
        QApplication::processEvents();
    }

    void answerNumber(const QString &text) const
    {
        dock()->numberEdit()->clear();
        QTest::keyClicks(dock()->numberEdit(), text);
        QTest::mouseClick(dock()->answerButton(), Qt::LeftButton);
        session()->waitForResult();
        QApplication::processEvents();
    }

    void nextStep() const
    {
        QTest::mouseClick(dock()->nextButton(), Qt::LeftButton);
        session()->waitForResult();
        QApplication::processEvents();
    }

private Q_SLOTS:
    void initTestCase() { test::useTestSettings(QStringLiteral("tst_lessonwindow")); }

    void init()
    {
        m_window = test::freshWindow();
        QVERIFY(m_window);
    }

    void cleanup() { m_window.reset(); }

    void aStudentWorksThroughTheLesson()
    {
        QVERIFY(m_window->openLesson(lessonName));
        QVERIFY(dock()->isVisible());
        QCOMPARE(dock()->step(), 0);
        QVERIFY(dock()->textBrowser()->toPlainText().contains(u"Word2Vec"_qs));
        QVERIFY(!dock()->backButton()->isEnabled());
        QCOMPARE(session()->document().tokens().at(session()->selectedToken()), u"it"_qs);

        QCOMPARE(heatmap()->markedCell(), QPoint(-1, -1));
        // Step 3: the score of it and animal, predicted before anything shows it; step 2 framed
        // the cell it → animal.
        nextStep();
        QCOMPARE(heatmap()->markedCell(), QPoint(1, 7));
        nextStep();
        QCOMPARE(dock()->step(), 2);
        QVERIFY(heatmap()->concealed());
        QVERIFY(!arrows()->isVisible());
        QVERIFY(heatmap()->describeCell(7, 1).endsWith(u"hidden until you answer"_qs));
        answerNumber(u"0.8"_qs);
        QVERIFY(!met());
        // Wrong: what is wrong, a hint, and the weights still hidden; no answer given away.
        QVERIFY(heatmap()->concealed());
        const QString wrong = dock()->statusLabel()->text();
        QVERIFY2(wrong.contains(u"Not quite: 0.8 is too high."_qs), qPrintable(wrong));
        QVERIFY2(!wrong.contains(u"0.77"_qs) && !wrong.contains(u"score("_qs), qPrintable(wrong));
        QCOMPARE(dock()->progress().exercises.at(u"score-animal"_qs).hints, 1);
        answerNumber(u"0.77"_qs);
        QVERIFY(met());
        QVERIFY(!heatmap()->concealed());
        QVERIFY2(dock()->statusLabel()->text().contains(u"Right: the score of “it” for “animal” is 0.77"_qs),
            qPrintable(dock()->statusLabel()->text()));
        QCOMPARE(lessons::answerIn(session()->document(), u"score-animal"_qs).toDouble(), 0.77);

        // Step 4, with the keyboard: which key gets the most? A click on the heatmap answers.
        QTest::keyClick(m_window.get(), Qt::Key_PageDown);
        session()->waitForResult();
        QApplication::processEvents(); // the heatmap, shown again, takes its place
        QCOMPARE(dock()->step(), 3);
        QVERIFY(heatmap()->concealed());
        const QStringList &tokens = session()->document().tokens();
        const QPointF cell
            = heatmap()->cellRect(heatmap()->rect(), 7, static_cast<int>(tokens.indexOf(u"tired"_qs))).center();
        QTest::mouseClick(heatmap(), Qt::LeftButton, {}, cell.toPoint());
        session()->waitForResult();
        QApplication::processEvents();
        QVERIFY(!heatmap()->concealed());
        QVERIFY2(met(), qPrintable(dock()->statusLabel()->text()));

        // Step 5: a choice, wrong first, then right; attempts are counted.
        nextStep();
        QCOMPARE(dock()->choices()->buttons().size(), 3);
        QTest::mouseClick(dock()->choices()->button(0), Qt::LeftButton);
        QTest::mouseClick(dock()->answerButton(), Qt::LeftButton);
        session()->waitForResult();
        QApplication::processEvents();
        QVERIFY(!met());
        dock()->choices()->button(1)->click();
        QTest::mouseClick(dock()->answerButton(), Qt::LeftButton);
        session()->waitForResult();
        QApplication::processEvents();
        QVERIFY(met());
        QCOMPARE(dock()->progress().exercises.at(u"article-weights"_qs).attempts, 2);

        // Step 6: the true softmax weight of tired.
        nextStep();
        answerNumber(u"0.187"_qs);
        QVERIFY(met());

        // Step 7: make "it" look at "animal", by editing the key of animal; a hint first.
        nextStep();
        QVERIFY(!met());
        QTest::mouseClick(dock()->hintButton(), Qt::LeftButton);
        QCOMPARE(dock()->progress().exercises.at(u"animal-strongest"_qs).hints, 1);
        typeKey(u"animal"_qs, {1, 1, 0.9});
        QVERIFY2(met(), qPrintable(dock()->statusLabel()->text()));

        // Step 8: the article's weights. The stored solution meets it and is one undo step.
        nextStep();
        QVERIFY(!met()); // the step put animal's key back
        const int before = session()->undoStack()->index();
        QTest::mouseClick(dock()->solutionButton(), Qt::LeftButton);
        session()->waitForResult();
        QApplication::processEvents();
        QVERIFY(met());
        QCOMPARE(session()->undoStack()->index(), before + 1);
        session()->undoStack()->undo();
        session()->waitForResult();
        QApplication::processEvents();
        QVERIFY(!met());
        typeKey(u"tired"_qs, {0, 0, 0});
        typeKey(u"street"_qs, {1.92, 1.6, 1.28});
        QVERIFY(!met());
        typeKey(u"animal"_qs, {2.78, 2.32, 1.85});
        QVERIFY2(met(), qPrintable(dock()->statusLabel()->text()));

        // Step 9: the output, with the article's keys back.
        nextStep();
        answerNumber(u"0.405"_qs);
        QVERIFY(met());
        nextStep();
        QCOMPARE(dock()->step(), 9);
        QVERIFY(!dock()->nextButton()->isEnabled());

        // Every prediction and choice is in the document, where a teacher's check reads it.
        const lessons::LessonLoad lesson = lessons::loadLesson(lessonName);
        for (const lessons::ExerciseStatus &s : lessons::checkDocument(*lesson.lesson, session()->document()))
            if (lesson.lesson->steps[std::size_t(s.step)].exercise->kind != lessons::ExerciseKind::Goal)
                QVERIFY2(s.met(), qPrintable(s.detail));

        // The progress is kept: the lesson opens again at its last step.
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openLesson(lessonName));
        QCOMPARE(dock()->step(), 9);
        QVERIFY(dock()->progress().exercises.at(u"article-true"_qs).met);
    }

    // Issue 46: the lesson teaches rather than tells. A wrong answer says what is wrong and gives a
    // hint, never the answer, until three tries or Show answer; a settled exercise can be tried
    // again; choices and checks read as words; a met goal stays met; every step, back or forward,
    // starts from its own numbers; the end says the lesson is complete.
    void theLessonTeachesRatherThanTells()
    {
        QVERIFY(m_window->openLesson(lessonName));
        const lessons::Lesson &lesson = dock()->lesson();
        dock()->goTo(1);
        const auto labelled = [this](const QString &text) {
            for (const QLabel *l : dock()->findChildren<QLabel *>())
                if (l->text() == text)
                    return true;
            return false;
        };
        QVERIFY(labelled(u"Step 2 of 10: A query and a key for every word"_qs));

        // Three wrong numbers: a hint each (two in all), then the answer; the views show.
        dock()->goTo(2);
        answerNumber(u"1"_qs);
        QVERIFY(heatmap()->concealed());
        QVERIFY(dock()->statusLabel()->text().contains(u"1 is too high"_qs));
        answerNumber(u"0.1"_qs);
        QVERIFY(dock()->statusLabel()->text().contains(u"0.1 is too low"_qs));
        QVERIFY(heatmap()->concealed());
        QVERIFY(!dock()->statusLabel()->text().contains(u"0.77"_qs));
        answerNumber(u"2"_qs);
        QVERIFY(!heatmap()->concealed());
        QVERIFY2(dock()->statusLabel()->text().contains(u"The answer: the score of “it” for “animal” is 0.77"_qs),
            qPrintable(dock()->statusLabel()->text()));
        QCOMPARE(dock()->progress().exercises.at(u"score-animal"_qs).hints, 2);
        QVERIFY(!dock()->answerButton()->isEnabled());
        // Try again: concealed, no answer in the document, counted afresh.
        QVERIFY(dock()->retryButton()->isVisible());
        QTest::mouseClick(dock()->retryButton(), Qt::LeftButton);
        session()->waitForResult();
        QVERIFY(heatmap()->concealed());
        QVERIFY(lessons::answerIn(session()->document(), u"score-animal"_qs).isUndefined());
        QCOMPARE(dock()->progress().exercises.at(u"score-animal"_qs).attempts, 0);
        QVERIFY(dock()->answerButton()->isEnabled());
        answerNumber(u"0.77"_qs);
        QVERIFY(met());

        // A choice is named by its text, without Markdown.
        dock()->goTo(4);
        QVERIFY(!dock()->choices()->button(1)->text().contains(u'*'));
        QVERIFY(dock()->choices()->button(1)->text().contains(u"so tired gets more than animal"_qs));
        dock()->choices()->button(0)->click();
        QTest::mouseClick(dock()->answerButton(), Qt::LeftButton);
        session()->waitForResult();
        QApplication::processEvents();
        const QString wrongChoice = dock()->statusLabel()->text();
        QVERIFY2(wrongChoice.contains(u"“Yes: the weights depend on the meaning of the words” is not it."_qs),
            qPrintable(wrongChoice));
        QVERIFY(!wrongChoice.contains(u"The answer:"_qs));

        // A goal in words, not in the goal language.
        dock()->goTo(7);
        session()->waitForResult();
        QApplication::processEvents();
        const QString goal = dock()->statusLabel()->text();
        QVERIFY2(goal.contains(u"the attention of “it” to “animal”: aim for 60 % (give or take 2 %), now"_qs),
            qPrintable(goal));
        QVERIFY2(!goal.contains(u"weight("_qs), qPrintable(goal));
        const ValueRef tiredKey {Field::Key, u"tired"_qs, 0, 0, 0};
        const double ownKey = session()->document().value(tiredKey);
        QTest::mouseClick(dock()->solutionButton(), Qt::LeftButton);
        session()->waitForResult();
        QApplication::processEvents();
        QVERIFY(met());
        QVERIFY(session()->document().value(tiredKey) != ownKey);
        // Met once, it stays met, whatever follows.
        typeKey(u"animal"_qs, {0, 0, 0});
        QVERIFY(!met());
        QVERIFY2(dock()->statusLabel()->text().contains(u"Goal met."_qs), qPrintable(dock()->statusLabel()->text()));
        // Back and forward again: the step's own numbers, not the ones left.
        QTest::mouseClick(dock()->backButton(), Qt::LeftButton);
        session()->waitForResult();
        QTest::mouseClick(dock()->nextButton(), Qt::LeftButton);
        session()->waitForResult();
        QApplication::processEvents();
        QCOMPARE(dock()->step(), 7);
        QCOMPARE(session()->document().value(tiredKey), ownKey);
        const Document own = lessons::documentAt(lesson, 7);
        QCOMPARE(session()->document().value({Field::Key, u"animal"_qs, 0, 0, 1}),
            own.value({Field::Key, u"animal"_qs, 0, 0, 1}));
        QCOMPARE(session()->document().tokens().at(session()->selectedToken()), u"it"_qs);

        // The end.
        QVERIFY(!dock()->doneLabel()->isVisible());
        dock()->goTo(9);
        QApplication::processEvents();
        QVERIFY(dock()->doneLabel()->isVisible());
        QVERIFY2(dock()->doneLabel()->text().contains(u"Lesson complete."_qs), qPrintable(dock()->doneLabel()->text()));
    }

    // F5: full screen, no menu or tool bar, larger text, the lesson a caption; the token under the
    // mouse selected everywhere; Escape gives the window back as it was.
    void presenterMode()
    {
        QVERIFY(m_window->openLesson(lessonName));
        QApplication::processEvents();
        auto *toolBar = m_window->findChild<QWidget *>(QStringLiteral("toolBar"));
        const QFont before = heatmap()->font();
        const QRect geometry = m_window->geometry();
        QTest::keyClick(m_window.get(), Qt::Key_F5);
        QApplication::processEvents();
        QVERIFY(m_window->isPresenting());
        QVERIFY(m_window->isFullScreen());
        QVERIFY(!m_window->menuBar()->isVisible());
        QVERIFY(!toolBar->isVisible());
        QVERIFY(heatmap()->font().pointSizeF() > before.pointSizeF() * 1.2
            || heatmap()->font().pixelSize() > before.pixelSize() * 1.2);
        QVERIFY(dock()->isVisible());
        QVERIFY(!dock()->hintButton()->isVisible()); // a caption: no hints or solution buttons
        QCOMPARE(m_window->dockWidgetArea(dock()), Qt::TopDockWidgetArea);
        // The laser pointer: the row under the mouse is the selected token.
        QApplication::processEvents();
        const QPointF cell = heatmap()->cellRect(heatmap()->rect(), 4, 2).center();
        QTest::mouseMove(heatmap(), cell.toPoint());
        QApplication::processEvents();
        QCOMPARE(session()->selectedToken(), 4);
        // Page Down still steps through with the menu bar hidden.
        QTest::keyClick(m_window.get(), Qt::Key_PageDown);
        QCOMPARE(dock()->step(), 1);
        QTest::keyClick(m_window.get(), Qt::Key_Escape);
        QApplication::processEvents();
        QVERIFY(!m_window->isPresenting());
        QVERIFY(!m_window->isFullScreen());
        QVERIFY(m_window->menuBar()->isVisible());
        QVERIFY(toolBar->isVisible());
        QCOMPARE(heatmap()->font(), before);
        QCOMPARE(m_window->size(), geometry.size());
        QVERIFY(dock()->hintButton()->isVisibleTo(dock()) || !dock()->exercise());
    }

    // Writing a lesson: a step recorded from what the window shows, its text written, steps
    // reordered, the lesson saved and opened again, each step giving back its document.
    void aTeacherWritesALesson()
    {
        QVERIFY(m_window->openDocument(u"example:animal"_qs));
        m_window->findChild<QAction *>(QStringLiteral("actionNewLesson"))->trigger();
        QVERIFY(dock()->hasLesson());
        QCOMPARE(dock()->lesson().steps.size(), std::size_t(1));
        session()->editValue({Field::Key, u"animal"_qs, 0, 0, 0}, 2.0);
        session()->setSelectedToken(1);
        session()->waitForResult();
        const Document edited = session()->document();
        m_window->findChild<QAction *>(QStringLiteral("actionRecordStep"))->trigger();
        QCOMPARE(dock()->lesson().steps.size(), std::size_t(2));
        QCOMPARE(dock()->step(), 1);
        QCOMPARE(dock()->lesson().steps[1].state.token, u"animal"_qs);
        QVERIFY(dock()->lesson().steps[1].state.views.contains(u"heatmap"_qs));

        LessonStepsDialog steps(dock()->lesson());
        steps.list()->setCurrentRow(1);
        steps.titleEdit()->setText(u"A longer key"_qs);
        steps.textEdit()->setPlainText(u"The key of *animal* is longer now."_qs);
        steps.list()->setCurrentRow(0);
        steps.textEdit()->setPlainText(u"The example as it is."_qs);
        steps.move(1); // the first step after the second, and back
        QCOMPARE(steps.lesson().steps[0].title, u"A longer key"_qs);
        steps.move(-1);
        steps.list()->setCurrentRow(1);
        steps.removeCurrent();
        steps.removeCurrent(); // the last step stays
        QCOMPARE(steps.lesson().steps.size(), std::size_t(1));
        QCOMPARE(steps.lesson().steps[0].text, u"The example as it is."_qs);

        QTemporaryDir dir;
        const QString path = dir.filePath(u"mine.qkvlesson.json"_qs);
        QVERIFY(m_window->saveLesson(path));
        const lessons::LessonLoad saved = lessons::loadLesson(path);
        QVERIFY2(saved, qPrintable(saved.error.toString()));
        QCOMPARE(saved.lesson->steps.size(), std::size_t(2));
        QVERIFY(lessons::documentAt(*saved.lesson, 1) == edited);
        QVERIFY(lessons::documentAt(*saved.lesson, 0) == *loadDocument(u"example:animal"_qs).document);
        session()->undoStack()->setClean(); // no question about unsaved changes
        QVERIFY(m_window->openLesson(path));
        QCOMPARE(session()->document().value({Field::Key, u"animal"_qs, 0, 0, 0}), 0.6); // step 1: the start
    }

    // Export → Animation of a lesson: one frame per step, as each step opens, with its title.
    void aLessonAsAnAnimation()
    {
        QVERIFY(m_window->openLesson(lessonName));
        m_window->findChild<QAction *>(QStringLiteral("actionExportAnimation"))->trigger();
        auto *animation = m_window->findChild<AnimationDialog *>(QStringLiteral("animationDialog"));
        QVERIFY(animation);
        QTemporaryDir dir;
        QCOMPARE(animation->writeLesson(dock()->lesson(), dir.filePath(u"lesson.gif"_qs), 500), QString());
        QCOMPARE(QImageReader(dir.filePath(u"lesson.gif"_qs)).imageCount(), 10);

        // Three steps: the example, animal's key lengthened, the same again under another title.
        lessons::Lesson lesson = lessons::lessonFrom(*loadDocument(u"example:animal"_qs).document, u"Keys"_qs);
        lesson.steps.resize(3);
        lesson.steps[1].state.document
            = QJsonObject {{u"words"_qs, QJsonObject {{u"animal"_qs, QJsonObject {{u"k"_qs, QJsonArray {3, 3, 3}}}}}}};
        lesson.steps[1].title = u"Longer"_qs;
        lesson.steps[2].title = u"Still longer"_qs;
        const QString gif = dir.filePath(u"keys.gif"_qs);
        QCOMPARE(animation->writeLesson(lesson, gif, 500), QString());
        QImageReader reader(gif);
        std::vector<QImage> frames;
        while (reader.canRead())
            frames.push_back(reader.read().convertToFormat(QImage::Format_RGB32));
        QCOMPARE(frames.size(), std::size_t(3));
        QCOMPARE(reader.nextImageDelay(), 500);
        // Above the caption: the figure of each step's document.
        const auto figure = [](const QImage &frame) { return frame.copy(0, 0, frame.width(), frame.height() - 80); };
        QVERIFY(figure(frames[0]) != figure(frames[1]));
        QVERIFY(figure(frames[1]) == figure(frames[2]));
        QVERIFY(frames[1] != frames[2]); // the captions
    }

    void aBadLessonChangesNothing()
    {
        QVERIFY(m_window->openDocument(u"example:birds"_qs));
        const Document before = session()->document();
        QVERIFY(!m_window->openLesson(u"/nonexistent/x.qkvlesson.json"_qs));
        QVERIFY(m_window->lastError().contains(u"x.qkvlesson.json"_qs));
        QVERIFY(session()->document() == before);
        QVERIFY(!dock()->isVisible());
    }
};

QTEST_MAIN(TstLessonWindow)
#include "tst_lessonwindow.moc"
