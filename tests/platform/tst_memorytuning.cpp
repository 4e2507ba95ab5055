// The allocator tuning must take effect: once warmed up, recomputing a 512-token head reuses the
// heap's blocks instead of page-faulting fresh ones (it did ~960 faults a head while the tuning
// was silently compiled out).
#include "attention/engine.h"
#include "platform/memorytuning.h"
#include "sanitizers.h"

#include <QFile>
#include <QTest>

#include <cstring>
#include <thread>

#include <sys/mman.h>
#include <sys/resource.h>

using namespace qkv;

namespace {

[[maybe_unused]] long minorFaults() // unused where the test is skipped
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

} // namespace

class TstMemoryTuning : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // As the program's main() does, before any thread is started.
    void initTestCase()
    {
#if defined(__GLIBC__) && !defined(QKV_ASAN)
        QVERIFY(tuneAllocatorForRecompute());
#endif
    }

    void recomputesReuseTheHeap_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("d");
        QTest::addColumn<int>("heads");
        QTest::addRow("512 tokens, 2 MiB matrices") << 512 << 64 << 1;
        // 128 MiB each: above any mmap threshold glibc accepts, kept only with mapping off.
        QTest::addRow("4,096 tokens, 128 MiB matrices") << 4096 << 3 << 1;
        // 1 GiB of scores and weights freed at once: more than glibc's default trim keeps.
        QTest::addRow("4,096 tokens, 4 heads") << 4096 << 3 << 4;
        // 2 GiB and a little: more than the largest trim threshold an int can set.
        QTest::addRow("4,096 tokens, 8 heads") << 4096 << 3 << 8;
    }

    void recomputesReuseTheHeap()
    {
#if defined(QKV_ASAN)
        QSKIP("AddressSanitizer's allocator replaces glibc's");
#elif !defined(__GLIBC__)
        QSKIP("not glibc");
#else
        QFETCH(int, n);
        QFETCH(int, d);
        QFETCH(int, heads);
        QVERIFY(tuneAllocatorForRecompute());
        const Eigen::MatrixXd q = Eigen::MatrixXd::Random(n, d), k = Eigen::MatrixXd::Random(n, d),
                              v = Eigen::MatrixXd::Random(n, d);
        Settings settings;
        settings.dim = d;
        settings.heads = heads;
        const std::vector<HeadInput> inputs(static_cast<std::size_t>(heads), HeadInput {q, k, v});
        for (int warm = 0; warm < 2; ++warm)
            (void)computeHeads(inputs, nullptr, settings, {});
        const long before = minorFaults();
        const int rounds = heads > 1 ? 3 : 10;
        double checksum = 0;
        for (int i = 0; i < rounds; ++i)
            checksum += computeHeads(inputs, nullptr, settings, {}).back().weights(0, 0);
        const long perRound = (minorFaults() - before) / rounds;
        QVERIFY(checksum > 0);
        // Each head holds n × n matrices of 2 MiB (512 pages) or 128 MiB (32 k pages) while it is
        // computed.
        QVERIFY2(perRound < 64, qPrintable(QStringLiteral("%1 page faults per recompute").arg(perRound)));
#endif
    }

    // A model's worker thread computes a head's weights, 64 MiB at 4,096 tokens, again and again:
    // the blocks come from the heap, not mapped afresh each time (16,384 page faults each).
    void aWorkerThreadReusesTheHeap()
    {
#if defined(QKV_ASAN)
        QSKIP("AddressSanitizer's allocator replaces glibc's");
#elif !defined(__GLIBC__)
        QSKIP("not glibc");
#else
        long perRound = -1;
        float checksum = 0;
        std::thread([&] {
            constexpr int n = 4096, rounds = 6;
            long before = 0;
            for (int i = 0; i < rounds + 2; ++i) {
                if (i == 2) // two to warm up
                    before = minorFaults();
                Eigen::MatrixXf weights(n, n);
                weights.setConstant(float(i));
                checksum += weights(n - 1, n - 1);
            }
            perRound = (minorFaults() - before) / rounds;
        }).join();
        QVERIFY(checksum > 0);
        QVERIFY2(perRound < 64, qPrintable(QStringLiteral("%1 page faults per 64 MiB block").arg(perRound)));
#endif
    }

    // A fresh block advised for huge pages faults in a few 2 MiB pages, not 4 KiB ones by the
    // thousand.
    void largeBlocksComeAsHugePages()
    {
#if !defined(__linux__)
        QSKIP("Linux only");
#else
        QFile setting(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
        if (!setting.open(QIODevice::ReadOnly) || setting.readAll().contains("[never]"))
            QSKIP("no transparent huge pages on this system");
        constexpr std::size_t bytes = 64 * 1024 * 1024;
        void *block = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        QVERIFY(block != MAP_FAILED);
        adviseHugePages(block, bytes);
        const long before = minorFaults();
        std::memset(block, 1, bytes);
        const long faults = minorFaults() - before;
        munmap(block, bytes);
        // 16,384 pages of 4 KiB; as huge pages 32, and up to 1,024 small ones at the unaligned ends.
        long allowed = 2048;
#if defined(QKV_ASAN)
        // AddressSanitizer's memset reads the block's shadow (one byte per eight, not advised).
        allowed += static_cast<long>(bytes / 8 / 4096);
#endif
        QVERIFY2(faults < allowed, qPrintable(QStringLiteral("%1 page faults for 64 MiB").arg(faults)));
#endif
    }
};

QTEST_GUILESS_MAIN(TstMemoryTuning)
#include "tst_memorytuning.moc"
