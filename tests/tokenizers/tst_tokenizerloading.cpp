#include "tokenizer.h"

#include <QTest>

using namespace qkv::tokenizers;

class TestTokenizerLoading : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void placeholder() { }
};

QTEST_GUILESS_MAIN(TestTokenizerLoading)
#include "tst_tokenizerloading.moc"
