// SessionBinding: a view's one way to follow a session or its own data.
#include "examples.h"
#include "session/documentsession.h"
#include "session/sessionbinding.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace qkv;

namespace {

Result twoTokens()
{
    Result r;
    r.tokens = {QStringLiteral("a"), QStringLiteral("b")};
    r.heads.resize(3);
    return r;
}

} // namespace

class TestSessionBinding : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Without a session: the own result, head and selection, each change signalled once.
    void ownData()
    {
        SessionBinding binding;
        QSignalSpy result(&binding, &SessionBinding::resultChanged);
        QSignalSpy head(&binding, &SessionBinding::headChanged);
        QSignalSpy selection(&binding, &SessionBinding::selectionChanged);
        binding.setResult(twoTokens());
        QCOMPARE(result.count(), 1);
        QCOMPARE(binding.result().tokens.size(), 2);
        QCOMPARE(binding.document(), nullptr);
        binding.setHead(2);
        binding.setHead(2);
        QCOMPARE(binding.head(), 2);
        QCOMPARE(head.count(), 1);
        binding.setSelection(1, true);
        QCOMPARE(binding.selectedToken(), 1);
        QVERIFY(binding.isKeySelected());
        binding.setSelection(-1, true); // nothing selected is never a key
        QVERIFY(!binding.isKeySelected());
        QCOMPARE(selection.count(), 2);
        QCOMPARE(selection.last(), (QVariantList {-1, false}));
    }

    // With a session: its numbers; the head and selection go to it and come back as signals;
    // a value edit says the attention was kept.
    void followsTheSession()
    {
        DocumentSession session;
        session.resetDocument(test::example(QStringLiteral("animal")));
        SessionBinding binding;
        binding.setResult(twoTokens());
        QSignalSpy result(&binding, &SessionBinding::resultChanged);
        QSignalSpy selection(&binding, &SessionBinding::selectionChanged);
        binding.setSession(&session);
        QCOMPARE(result.count(), 1);
        QCOMPARE(binding.result().tokens.size(), 11);
        QCOMPARE(binding.document(), &session.document());
        QCOMPARE(binding.selectedToken(), 7); // the example's "it"
        binding.setSelection(3, true);
        QCOMPARE(session.selectedToken(), 3);
        QVERIFY(session.isKeySelected());
        QCOMPARE(selection.last(), (QVariantList {3, true}));
        session.setSelectedToken(4);
        QCOMPARE(binding.selectedToken(), 4);
        QCOMPARE(selection.last(), (QVariantList {4, false}));

        result.clear();
        QSignalSpy attention(&binding, &SessionBinding::attentionChanged);
        session.editValues({{Field::Value, QStringLiteral("it"), 0, 0}}, {0.9});
        session.waitForResult();
        QVERIFY(!result.isEmpty());
        QCOMPARE(result.last().first().toBool(), true); // values only: attention as it was
        QCOMPARE(attention.count(), 0);
        result.clear();
        session.editValues({{Field::Query, QStringLiteral("it"), 0, 0}}, {0.9});
        session.waitForResult();
        QVERIFY(!result.isEmpty());
        QCOMPARE(result.last().first().toBool(), false);
        QCOMPARE(attention.count(), result.count());
    }

    // A session that goes away leaves the binding on its own data, and says so.
    void sessionDestroyed()
    {
        auto session = std::make_unique<DocumentSession>();
        session->resetDocument(test::example(QStringLiteral("animal")));
        SessionBinding binding;
        binding.setResult(twoTokens());
        binding.setSession(session.get());
        QSignalSpy result(&binding, &SessionBinding::resultChanged);
        session.reset();
        QCOMPARE(result.count(), 1);
        QCOMPARE(binding.session(), nullptr);
        QCOMPARE(binding.result().tokens.size(), 2);
    }
};

QTEST_MAIN(TestSessionBinding)
#include "tst_sessionbinding.moc"
