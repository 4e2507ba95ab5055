#include "document/documentio.h"
#include "document/numberblock.h"
#include "session/attentionmodel.h"
#include "session/documentsession.h"
#include "session/embeddingsmodel.h"
#include "session/outputprojectionmodel.h"
#include "session/projectionsmodel.h"
#include "session/wordvectorsmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace qkv;

class TstTableModels : public QObject
{
    Q_OBJECT

private:
    DocumentSession m_session;
    std::unique_ptr<WordVectorsModel> m_words;
    std::unique_ptr<EmbeddingsModel> m_embeddings;
    std::unique_ptr<ProjectionsModel> m_projections;
    std::unique_ptr<AttentionModel> m_attention;
    std::unique_ptr<OutputProjectionModel> m_wo;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;

    void editSettings(const std::function<void(Settings &)> &change)
    {
        Settings s = m_session.document().settings();
        change(s);
        m_session.editSettings(s);
    }

private Q_SLOTS:
    void init()
    {
        m_session.resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
        m_words = std::make_unique<WordVectorsModel>(&m_session);
        m_embeddings = std::make_unique<EmbeddingsModel>(&m_session);
        m_projections = std::make_unique<ProjectionsModel>(&m_session);
        m_attention = std::make_unique<AttentionModel>(&m_session);
        m_wo = std::make_unique<OutputProjectionModel>(&m_session);
        for (QAbstractItemModel *m : std::initializer_list<QAbstractItemModel *> {
                 m_words.get(), m_embeddings.get(), m_projections.get(), m_attention.get(), m_wo.get()})
            m_testers.push_back(
                std::make_unique<QAbstractItemModelTester>(m, QAbstractItemModelTester::FailureReportingMode::QtTest));
    }
    void cleanup()
    {
        m_testers.clear();
        m_words.reset();
        m_embeddings.reset();
        m_projections.reset();
        m_attention.reset();
        m_wo.reset();
    }

    void shapesFollowTheDocument()
    {
        QCOMPARE(m_words->rowCount(), 11);
        QCOMPARE(m_words->columnCount(), 9); // Q | K | V of d = 3
        QCOMPARE(m_words->headerData(3, Qt::Horizontal).toString(), QStringLiteral("k1"));
        QCOMPARE(
            m_words->headerData(3, Qt::Horizontal, DocumentTableModel::GroupRole).toString(), QStringLiteral("Key"));
        QCOMPARE(m_words->headerData(7, Qt::Vertical).toString(), QStringLiteral("it"));
        QCOMPARE(m_words->index(7, 0).data(Qt::EditRole).toDouble(), 0.6);

        m_session.editSentence(QStringLiteral("The animal didn't cross"));
        QCOMPARE(m_words->rowCount(), 4);
        QCOMPARE(m_attention->columnCount(), 4);
        editSettings([](Settings &s) {
            s.heads = 2;
            s.dim = 4;
            s.dModel = 5;
        });
        // The current head's Q | K | V, the head every view shows: a second head is edited by showing it.
        QCOMPARE(m_words->columnCount(), 12);
        QCOMPARE(m_words->headerData(0, Qt::Horizontal, DocumentTableModel::GroupRole).toString(),
            QStringLiteral("Query · head 1"));
        QSignalSpy headings(m_words.get(), &QAbstractItemModel::headerDataChanged);
        m_session.setCurrentHead(1);
        QVERIFY(!headings.isEmpty());
        QCOMPARE(m_words->headerData(4, Qt::Horizontal, DocumentTableModel::GroupRole).toString(),
            QStringLiteral("Key · head 2"));
        QCOMPARE(m_words->refAt(2, 5)->head, 1);
        QCOMPARE(m_words->index(2, 5).data(Qt::EditRole).toDouble(), m_session.document().value(*m_words->refAt(2, 5)));
        QVERIFY(m_session.document().value(*m_words->refAt(2, 5))
            != m_session.document().value(ValueRef {Field::Key, u"cross"_qs, 0, 0, 1}));
        m_session.setCurrentHead(0);
        QCOMPARE(m_projections->rowCount(), 5);
        QCOMPARE(m_projections->columnCount(), 24);
        QCOMPARE(m_embeddings->columnCount(), 5);
        editSettings([](Settings &s) { s.mode = Mode::Weights; });
        QCOMPARE(m_words->columnCount(), 4); // only V matters with given weights
        QVERIFY(m_attention->flags(m_attention->index(1, 2)) & Qt::ItemIsEditable);

        m_session.editSentence(QString());
        QCOMPARE(m_words->rowCount(), 0);
        while (m_session.undoStack()->canUndo())
            m_session.undoStack()->undo();
        QCOMPARE(m_words->rowCount(), 11);
        QCOMPARE(m_words->columnCount(), 9);
        while (m_session.undoStack()->canRedo())
            m_session.undoStack()->redo();
        QCOMPARE(m_words->rowCount(), 0);
    }

    // A new sentence with the same columns adds or takes away rows and announces every number and
    // label, instead of a reset that makes each view lay itself out from nothing; new columns reset.
    void aSentenceRetypedMovesRowsNotTheWholeTable()
    {
        QSignalSpy resets(m_words.get(), &QAbstractItemModel::modelReset);
        QSignalSpy inserted(m_words.get(), &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(m_words.get(), &QAbstractItemModel::rowsRemoved);
        QSignalSpy values(m_words.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy labels(m_words.get(), &QAbstractItemModel::headerDataChanged);
        m_session.editSentence(QStringLiteral("The animal didn't cross"));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.front().at(1).toInt(), 4);
        QCOMPARE(removed.front().at(2).toInt(), 10);
        QVERIFY(values.count() >= 1);
        QVERIFY(labels.count() >= 2); // both headers
        m_session.editSentence(QStringLiteral("The animal didn't cross the street it"));
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.front().at(1).toInt(), 4);
        QCOMPARE(inserted.front().at(2).toInt(), 6);
        QCOMPARE(m_words->headerData(6, Qt::Vertical).toString(), QStringLiteral("it"));
        QCOMPARE(m_words->index(6, 0).data(Qt::EditRole).toDouble(), 0.6);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(m_attention->columnCount(), 7); // its columns are the tokens: reset
        editSettings([](Settings &s) { s.dim = 4; });
        QCOMPARE(resets.count(), 1);
        QCOMPARE(m_words->columnCount(), 12);
    }

    void editingACellEditsTheWordAndTheWeights()
    {
        const QByteArray original = serializeDocument(m_session.document());
        const double before = m_session.result().heads[0].weights(7, 1); // it → animal
        QSignalSpy changed(m_words.get(), &QAbstractItemModel::dataChanged);
        // "the" is row 4; its key k1 is column 3: raise it and "it" must attend more to "the".
        QVERIFY(m_words->setData(m_words->index(4, 3), QStringLiteral("2.5")));
        QCOMPARE(m_session.document().wordVectors(QStringLiteral("the")).k(0, 0), 2.5);
        QVERIFY(changed.count() >= 1);
        Eigen::Index strongest = -1;
        m_session.result().heads[0].weights.row(7).maxCoeff(&strongest);
        QCOMPARE(strongest, 4);
        QVERIFY(m_session.result().heads[0].weights(7, 1) < before);
        QVERIFY(!m_words->setData(m_words->index(4, 3), QStringLiteral("not a number")));
        QVERIFY(!m_words->setData(m_words->index(4, 3), 1e300));
        QCOMPARE(m_session.undoStack()->count(), 1);
        m_session.undoStack()->undo();
        QCOMPARE(serializeDocument(m_session.document()), original);
    }

    // Cells show and read numbers in the user's locale; C is always understood too, and no text
    // means two numbers (group separators are refused).
    void numbersFollowTheUsersLocale()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const QModelIndex cell = m_words->index(4, 3);
        QVERIFY(m_words->setData(cell, QStringLiteral("0,25")));
        QCOMPARE(m_words->data(cell).toString(), QStringLiteral("0,25"));
        QVERIFY(m_words->data(cell, Qt::ToolTipRole).toString().contains(QStringLiteral("= 0,25 (")));
        QVERIFY(m_words->setData(cell, QStringLiteral(" -1.5 ")));
        QCOMPARE(m_words->data(cell, Qt::EditRole).toDouble(), -1.5);
        QVERIFY(m_words->setData(cell, QStringLiteral("1,234")));
        QCOMPARE(m_words->data(cell, Qt::EditRole).toDouble(), 1.234);
        QVERIFY(m_words->setData(cell, 1234.5));
        QCOMPARE(m_words->data(cell).toString(), QStringLiteral("1235")); // four digits, no "1.235"
        QVERIFY(!m_words->setData(cell, QStringLiteral("1.234,5")));
        QLocale::setDefault(QLocale::c());
        QVERIFY(!m_words->setData(cell, QStringLiteral("1,234")));
        QVERIFY(m_words->setData(cell, QStringLiteral("0.125")));
        QCOMPARE(m_words->data(cell).toString(), QStringLiteral("0.125"));
        QLocale::setDefault(before);
        // Pasted with tabs, a decimal comma is the user's; with commas between cells, C.
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        NumberBlock block = parseNumberBlock(QStringLiteral("0,5\t1.25\n1,234\t-2\n"));
        QVERIFY2(block.error.isEmpty(), qPrintable(block.error));
        QCOMPARE(block.rows, (std::vector<std::vector<double>> {{0.5, 1.25}, {1.234, -2}}));
        block = parseNumberBlock(QStringLiteral("0.5,1.25"));
        QCOMPARE(block.rows, (std::vector<std::vector<double>> {{0.5, 1.25}}));
        QLocale::setDefault(before);
    }

    void oneWordManyRows()
    {
        m_session.editSentence(QStringLiteral("dog bites dog"));
        QVERIFY(m_words->index(0, 0).data(Qt::FontRole).value<QFont>().italic()); // a default
        QVERIFY(m_words->setData(m_words->index(2, 1), 0.25));
        QCOMPARE(m_words->index(0, 1).data(Qt::EditRole).toDouble(), 0.25);
        QVERIFY(!m_words->index(0, 0).data(Qt::FontRole).value<QFont>().italic());
        // Undoing the first edit of a default word returns it to its default, unstored.
        m_session.undoStack()->undo();
        QVERIFY(!m_session.document().isStored({Field::Query, QStringLiteral("dog")}));
    }

    void aScrubIsOneUndoStep()
    {
        const double start = m_words->index(1, 0).data(Qt::EditRole).toDouble();
        for (int i = 1; i <= 30; ++i)
            QVERIFY(m_words->setData(m_words->index(1, 0), start + i * 0.01, DocumentTableModel::ScrubRole));
        QVERIFY(m_words->setData({}, {}, DocumentTableModel::ScrubEndRole));
        QCOMPARE(m_session.undoStack()->count(), 1);
        QCOMPARE(m_words->index(1, 0).data(Qt::EditRole).toDouble(), start + 0.3);
        // The next drag is a step of its own; one that returns to its start leaves none.
        QVERIFY(m_words->setData(m_words->index(1, 0), 9.0, DocumentTableModel::ScrubRole));
        QVERIFY(m_words->setData(m_words->index(1, 0), start + 0.3, DocumentTableModel::ScrubRole));
        QVERIFY(m_words->setData({}, {}, DocumentTableModel::ScrubEndRole));
        QCOMPARE(m_session.undoStack()->count(), 1);
    }

    void pasteIsOneStep()
    {
        QCOMPARE(m_words->pasteBlock(m_words->index(0, 0), {{1, 2}, {3, 4}}), QString());
        QCOMPARE(m_session.undoStack()->count(), 1);
        QCOMPARE(m_words->index(1, 1).data(Qt::EditRole).toDouble(), 4.0);
        QVERIFY(m_words->pasteBlock(m_words->index(10, 8), {{1, 2}}).contains(QStringLiteral("does not fit")));
        QCOMPARE(m_session.undoStack()->count(), 1);
    }

    void computedTablesAreReadOnly()
    {
        QVERIFY(!(m_attention->flags(m_attention->index(0, 0)) & Qt::ItemIsEditable));
        QCOMPARE(m_attention->index(7, 10).data(Qt::EditRole).toDouble(), m_session.result().heads[0].weights(7, 10));
        QVERIFY(!m_attention->setData(m_attention->index(0, 0), 0.5));
        editSettings([](Settings &s) { s.mode = Mode::Projection; });
        QVERIFY(!(m_words->flags(m_words->index(0, 0)) & Qt::ItemIsEditable));
        QCOMPARE(m_words->index(2, 4).data(Qt::EditRole).toDouble(), m_session.result().heads[0].keys(2, 1));
        QVERIFY(m_embeddings->setData(m_embeddings->index(2, 1), 0.5));
        QVERIFY(m_projections->setData(m_projections->index(3, 2), -0.5));
        QCOMPARE(m_session.document().projection(0).wq(3, 2), -0.5);
        // W_O is the identity until edited; editing it projects the output, undo removes it again.
        QCOMPARE(m_wo->rowCount(), 3);
        QCOMPARE(m_wo->index(1, 1).data(Qt::EditRole).toDouble(), 1.0);
        const Eigen::MatrixXd unprojected = m_session.result().output;
        QVERIFY(m_wo->setData(m_wo->index(0, 3), 2.0));
        QVERIFY(m_session.document().wo().has_value());
        QCOMPARE(m_session.result().output.cols(), 4);
        QCOMPARE(m_session.result().output(5, 3), 2.0 * unprojected(5, 0));
        m_session.undoStack()->undo();
        QVERIFY(!m_session.document().wo().has_value());
    }
};

QTEST_MAIN(TstTableModels)
#include "tst_tablemodels.moc"
