#include "tokenizer.h"

#include <QTest>

using namespace qkv::tokenizers;

class TestTokenizerRobustness : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void placeholder() { }
};

QTEST_GUILESS_MAIN(TestTokenizerRobustness)
#include "tst_tokenizerrobustness.moc"
