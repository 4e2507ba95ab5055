// A real model in the window (issue 7), driven as a user drives it: File → Open, the Model dock's
// choices, a tile of the layers grid, an edit, another file.
#include "app/mainwindow.h"
#include "document/documentio.h"
#include "modelfixture.h"
#include "session/documentsession.h"
#include "session/transformersession.h"
#include "views/layersgridview.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "named.h"

using namespace qkv;

namespace {

// [CLS] the cat ##s sat [SEP]: 2 layers × 2 heads, d = 4.
const test::ModelFixture &fixture()
{
    static const test::ModelFixture f({u"[CLS]"_qs, u"the"_qs, u"cat"_qs, u"##s"_qs, u"sat"_qs, u"[SEP]"_qs}, 2, 2, 4);
    return f;
}

// The model holds float32, as the files do: its numbers agree with the fixture's to float precision.
bool near(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, double tolerance = 1e-6)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && (a - b).cwiseAbs().maxCoeff() < tolerance;
}

} // namespace

class TstModelWindow : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_dir;
    QString m_modelPath;

    template<typename T>
    T *child(const char *name) const
    {
        return test::named<T>(m_window.get(), name);
    }
    DocumentSession *session() const { return m_window->session(); }
    TransformerSession *model() const { return m_window->transformerSession(); }
    Eigen::MatrixXd weights(int head) const
    {
        session()->waitForResult();
        return session()->result().heads[static_cast<std::size_t>(head)].weights;
    }
    // Chooses an entry of a combo box with the keyboard (activated, as a user's choice).
    static void choose(QComboBox *box, int index)
    {
        box->setFocus();
        while (box->currentIndex() < index)
            QTest::keyClick(box, Qt::Key_Down);
        while (box->currentIndex() > index)
            QTest::keyClick(box, Qt::Key_Up);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_modelPath = m_dir.filePath(u"cats.json"_qs);
        QFile f(m_modelPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(fixture().json());
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        QVERIFY(m_window->openDocument(u"example:animal"_qs));
        m_window->resize(1400, 900);
        m_window->show();
        QApplication::setActiveWindow(m_window.get());
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QVERIFY(!child<QDockWidget>("modelDock")->isVisible());
        QVERIFY(m_window->openDocument(m_modelPath));
    }
    void cleanup()
    {
        session()->undoStack()->setClean();
        m_window.reset();
    }

    void openingAModelShowsItsFirstLayerRecomputed()
    {
        QVERIFY(model()->isOpen());
        QVERIFY(child<QDockWidget>("modelDock")->isVisible());
        QVERIFY(m_window->windowTitle().contains(u"cats.json"_qs));
        const Document &doc = session()->document();
        QVERIFY(doc.settings().mode == Mode::Direct);
        QVERIFY(doc.settings().vectors == VectorScope::PerToken);
        QCOMPARE(doc.settings().heads, 2);
        QCOMPARE(doc.settings().dim, 4);
        QCOMPARE(doc.tokens(), fixture().tokens);
        // Computed from the file's own Q and K, it agrees with the file's attention.
        for (int h = 0; h < 2; ++h)
            QVERIFY(near(weights(h), fixture().attention(0, h)));
        QVERIFY(model()->recomputeError() >= 0 && model()->recomputeError() < 1e-6);
        auto *layerBox = child<QComboBox>("layerBox");
        QCOMPARE(layerBox->count(), 6); // 2 layers, mean, max, rollout, flow
        QCOMPARE(layerBox->currentIndex(), 0);
    }

    void theLayerBoxShowsAnotherLayer()
    {
        choose(child<QComboBox>("layerBox"), 1);
        QCOMPARE(model()->view().layer, 1);
        for (int h = 0; h < 2; ++h)
            QVERIFY(near(weights(h), fixture().attention(1, h)));
        QCOMPARE(child<LayersGridView>("grid")->currentLayer(), 1);
    }

    // Rollout through both layers: one matrix, each layer's heads' mean with the residual
    // connection ((Ā + I) / 2) multiplied from the first up; its rows still distributions.
    void theLayerBoxFollowsTheModelThroughEveryLayer()
    {
        auto *layerBox = child<QComboBox>("layerBox");
        choose(layerBox, 4);
        QCOMPARE(model()->view().layer, -1);
        QVERIFY(model()->view().layersBy == Aggregate::Rollout);
        QCOMPARE(session()->document().settings().heads, 1);
        const auto residual = [](int layer) {
            const Eigen::MatrixXd mean = (fixture().attention(layer, 0) + fixture().attention(layer, 1)) / 2;
            return Eigen::MatrixXd((mean + Eigen::MatrixXd::Identity(mean.rows(), mean.cols())) / 2);
        };
        QVERIFY(near(weights(0), residual(1) * residual(0), 1e-5));
        choose(layerBox, 5);
        QVERIFY(model()->view().layersBy == Aggregate::Flow);
        for (Eigen::Index j = 0; j < weights(0).rows(); ++j)
            QVERIFY(std::abs(weights(0).row(j).sum() - 1) < 1e-6);
        QVERIFY(session()->document().title().contains(u"flow through 2 layers"_qs));
        choose(layerBox, 1); // back to the second layer, as the tests after this expect
        while (layerBox->currentIndex() > 1)
            QTest::keyClick(layerBox, Qt::Key_Up);
        QCOMPARE(model()->view().layer, 1);
    }

    void editsOfALayerAreKeptWhileTheModelIsOpen()
    {
        const ValueRef ref {Field::Query, session()->document().vectorKey(2), 1, 0, 3};
        session()->editValue(ref, 7.5);
        const Eigen::MatrixXd edited = weights(1);
        QVERIFY(!near(edited, fixture().attention(0, 1), 1e-3)); // the edit changed who "cat" attends to
        choose(child<QComboBox>("layerBox"), 1);
        QCOMPARE(session()->document().value(ref), double(float(fixture().q[1 * 2 + 1](2, 3))));
        QCOMPARE(model()->editedOtherViews(), 1);
        QVERIFY(!model()->shownViewWasEdited());
        choose(child<QComboBox>("layerBox"), 0);
        QCOMPARE(session()->document().value(ref), 7.5);
        QVERIFY(near(weights(1), edited));
        // Back without its undo history, the layer still counts as edited.
        QVERIFY(session()->undoStack()->isClean());
        QVERIFY(model()->shownViewWasEdited());
        QCOMPARE(model()->editedOtherViews(), 0);
    }

    void closingWithEditsInAnotherViewAsks()
    {
        session()->editValue({Field::Key, session()->document().vectorKey(1), 0, 0, 0}, -3.0);
        choose(child<QComboBox>("layerBox"), 1); // layer 1's edit now lives only in the session
        QString asked;
        QTimer::singleShot(0, this, [&] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            asked = box->text();
            QVERIFY(!box->button(QMessageBox::Save)); // the shown layer has nothing to save
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!m_window->close());
        QVERIFY2(asked.contains(u"1 other view"_qs), qPrintable(asked));
        QVERIFY(m_window->isVisible());
    }

    void aTileOfTheGridChoosesLayerAndHead()
    {
        auto *grid = child<LayersGridView>("grid");
        QVERIFY(grid->isVisible());
        const QRectF tile = grid->tileRect(QRectF(grid->rect()), 1, 1);
        QVERIFY(!tile.isEmpty());
        QTest::mouseClick(grid, Qt::LeftButton, {}, tile.center().toPoint());
        QCOMPARE(model()->view().layer, 1);
        QCOMPARE(session()->currentHead(), 1);
        QCOMPARE(child<QComboBox>("layerBox")->currentIndex(), 1);
        QCOMPARE(grid->currentHead(), 1);
    }

    void combinedHeadsAreTheFilesWeights()
    {
        choose(child<QComboBox>("headsBox"), 1); // mean of heads
        const Document &doc = session()->document();
        QVERIFY(doc.settings().mode == Mode::Weights);
        QCOMPARE(doc.settings().heads, 1);
        const Eigen::MatrixXd mean = (fixture().attention(0, 0) + fixture().attention(0, 1)) / 2;
        QVERIFY(near(weights(0), mean));
        choose(child<QComboBox>("layerBox"), 3); // max of all layers, heads still averaged
        Eigen::MatrixXd max = mean;
        max = max.cwiseMax((fixture().attention(1, 0) + fixture().attention(1, 1)) / 2);
        QVERIFY(near(weights(0), max));
    }

    void hidingAndMergingRegroupTheTokens()
    {
        child<QCheckBox>("hideBox")->click();
        QCOMPARE(session()->document().tokens(), (QStringList {u"the"_qs, u"cat"_qs, u"##s"_qs, u"sat"_qs}));
        child<QCheckBox>("mergeBox")->click();
        QCOMPARE(session()->document().tokens(), (QStringList {u"the"_qs, u"cats"_qs, u"sat"_qs}));
        QVERIFY(session()->document().settings().mode == Mode::Weights);
        // "cats" receives the sum of its pieces' attention and gives their mean.
        const Eigen::MatrixXd &a = fixture().attention(0, 0);
        const Eigen::MatrixXd w = weights(0);
        QVERIFY(std::abs(w(0, 1) - (a(1, 2) + a(1, 3))) < 1e-6);
        QVERIFY(std::abs(w(1, 0) - (a(2, 1) + a(3, 1)) / 2) < 1e-6);
        QVERIFY(child<LayersGridView>("grid")->tokenGroups().has_value());
    }

    // The selected word stays selected when its pieces are merged or split again (issue 46: the
    // selection moved by position, "green" became "##e"); a word split selects its last piece.
    void theSelectionFollowsTheWord()
    {
        child<QCheckBox>("hideBox")->click(); // the cat ##s sat
        session()->setSelectedToken(3); // sat
        child<QCheckBox>("mergeBox")->click(); // the cats sat
        QCOMPARE(session()->document().tokens()[session()->selectedToken()], u"sat"_qs);
        session()->setSelectedToken(1); // cats
        child<QCheckBox>("mergeBox")->click();
        QCOMPARE(session()->document().tokens()[session()->selectedToken()], u"##s"_qs);
        session()->setSelectedToken(1); // cat
        child<QCheckBox>("mergeBox")->click();
        QCOMPARE(session()->document().tokens()[session()->selectedToken()], u"cats"_qs);
        child<QCheckBox>("hideBox")->click(); // [CLS] the cats sat [SEP]
        QCOMPARE(session()->document().tokens()[session()->selectedToken()], u"cats"_qs);
        child<QCheckBox>("mergeBox")->click(); // [CLS] the cat ##s sat [SEP]
        QCOMPARE(session()->selectedToken(), 3);
    }

    void theSpecialTokensAreTheUsers()
    {
        child<QCheckBox>("hideBox")->click();
        auto *special = child<QLineEdit>("specialEdit");
        QVERIFY(special->text().startsWith(u"[CLS] [SEP] "_qs));
        special->selectAll();
        special->setFocus();
        QTest::keyClicks(special, u"[SEP] the"_qs);
        QTest::keyClick(special, Qt::Key_Return);
        QCOMPARE(session()->document().tokens(), (QStringList {u"[CLS]"_qs, u"cat"_qs, u"##s"_qs, u"sat"_qs}));
        QCOMPARE(model()->view().specialTokens, (QStringList {u"[SEP]"_qs, u"the"_qs}));
        special->clear(); // empty: the usual ones again
        QTest::keyClick(special, Qt::Key_Return);
        QCOMPARE(session()->document().tokens(), (QStringList {u"the"_qs, u"cat"_qs, u"##s"_qs, u"sat"_qs}));
        QVERIFY(special->text().startsWith(u"[CLS] [SEP] "_qs));
    }

    void openingAnotherFileClosesTheModel()
    {
        QVERIFY(m_window->openDocument(u"example:birds"_qs));
        QVERIFY(!model()->isOpen());
        QVERIFY(!child<QDockWidget>("modelDock")->isVisible());
        QCOMPARE(session()->document().tokens().size(), 3);
    }

    void aBadModelFileChangesNothing()
    {
        const QByteArray before = serializeDocument(session()->document());
        const QString bad = m_dir.filePath(u"broken.npy"_qs);
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\x93NUMPY\x01\x00\x10\x00{'descr': '<f4'");
        f.close();
        QVERIFY(!m_window->openDocument(bad));
        QVERIFY2(m_window->lastError().startsWith(bad), qPrintable(m_window->lastError()));
        if (auto *box = m_window->findChild<QMessageBox *>(u"errorBox"_qs))
            box->close();
        QVERIFY(model()->isOpen());
        QCOMPARE(serializeDocument(session()->document()), before);
    }

    void aLayerSavesAsADocumentThatReopensTheSame()
    {
        choose(child<QComboBox>("layerBox"), 1);
        const Eigen::MatrixXd shown = weights(1);
        const QString path = m_dir.filePath(u"layer2.qkv.json"_qs);
        QVERIFY(m_window->saveDocument(path));
        QVERIFY(QFileInfo::exists(m_modelPath)); // the model file is never written
        QVERIFY(m_window->windowTitle().contains(u"layer2.qkv.json"_qs));
        // Another view is not that file: Save must not write layer 1 over it.
        choose(child<QComboBox>("layerBox"), 0);
        QVERIFY(!m_window->windowTitle().contains(u"layer2.qkv.json"_qs));
        QVERIFY(m_window->windowTitle().contains(u"cats.json"_qs));
        choose(child<QComboBox>("layerBox"), 1);
        QVERIFY(m_window->openDocument(path));
        QVERIFY(!model()->isOpen());
        QVERIFY(session()->document().settings().vectors == VectorScope::PerToken);
        QVERIFY(near(weights(1), shown, 1e-12));
    }
};

QTEST_MAIN(TstModelWindow)
#include "tst_modelwindow.moc"
