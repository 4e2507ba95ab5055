// clearUpperVectorState() must leave the AVX upper state as it was before any AVX code ran: the
// arrow graph's rasterizer ran 3 times slower after Qt's AVX2 QImage::fill() left it in use. The
// processor says which state components are in use (XGETBV with ECX = 1, bit 2 for AVX).
#include "platform/vectorstate.h"

#include <QTest>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace {

#if defined(__x86_64__)
// Whether the processor reports the state components in use (CPUID leaf 0Dh, sub-leaf 1, bit 2).
bool reportsStateInUse()
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__builtin_cpu_supports("avx") || !__get_cpuid_count(0x0d, 1, &a, &b, &c, &d))
        return false;
    return (a & 4) != 0;
}

bool upperStateInUse()
{
    unsigned low = 0, high = 0;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(1));
    return (low & 4) != 0;
}

// What Qt's AVX2 routines leave behind: a 256-bit register written, no vzeroupper.
void useUpperState()
{
    __asm__ volatile("vpcmpeqd %%ymm1, %%ymm1, %%ymm1" ::: "xmm1");
}
#endif

} // namespace

class TstVectorState : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void clearsTheUpperHalves()
    {
#if !defined(__x86_64__)
        QSKIP("x86-64 only");
#else
        if (!reportsStateInUse())
            QSKIP("the processor has no AVX or does not report the state in use");
        useUpperState();
        const bool before = upperStateInUse();
        qkv::clearUpperVectorState();
        const bool after = upperStateInUse();
        QVERIFY(before);
        QVERIFY(!after);
#endif
    }
};

QTEST_GUILESS_MAIN(TstVectorState)
#include "tst_vectorstate.moc"
