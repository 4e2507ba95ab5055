// inParts spreads a split's parts over a pool of kept threads and the caller. Whatever path a
// split takes (parts taken by the pool, by the caller, by a thread of its own when another
// thread's split holds the pool, in place within a part), each part must run exactly once, and
// the caller must not return before all did.
#include "platform/cores.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <set>
#include <thread>
#include <vector>

#include <unistd.h>

#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>

namespace {

using namespace std::chrono_literals;

// One split: how often each part ran, and on which thread (kernel thread ids: unlike
// std::thread::id they are not reused for the next thread at once).
struct Split {
    explicit Split(int parts)
        : runs(std::size_t(parts))
        , threadOf(std::size_t(parts), 0)
    { }
    std::vector<std::atomic<int>> runs;
    std::vector<pid_t> threadOf;
    std::atomic<int> wrongCount {0};

    void operator()(int part, int parts)
    {
        if (parts != int(runs.size()) || part < 0 || part >= parts) {
            ++wrongCount;
            return;
        }
        threadOf[std::size_t(part)] = gettid();
        ++runs[std::size_t(part)];
    }
    bool ranOnceEach() const
    {
        for (const auto &r : runs)
            if (r != 1)
                return false;
        return wrongCount == 0;
    }
    std::set<pid_t> threads() const { return {threadOf.begin(), threadOf.end()}; }
};

// One split whose parts each last until every part has begun, so that they run on as many
// threads as there are parts, even on a busy machine (or give up after 5 s).
template<class Work>
void splitWaitingForAll(int parts, Work &&work)
{
    std::atomic<int> begun {0};
    qkv::inParts(parts, [&](int part, int n) {
        work(part, n);
        ++begun;
        for (const auto until = std::chrono::steady_clock::now() + 5s;
             begun < n && std::chrono::steady_clock::now() < until;)
            std::this_thread::yield();
    });
}

// The calling thread's slice as sched_getattr(2) reports it: 0 before Linux 6.12, which neither
// reports nor lets a thread choose one.
std::uint64_t ownSlice()
{
    struct {
        std::uint32_t size, policy;
        std::uint64_t flags;
        std::int32_t nice;
        std::uint32_t priority;
        std::uint64_t runtime, deadline, period;
    } a {};
    return syscall(SYS_sched_getattr, 0, &a, sizeof a, 0) == 0 ? a.runtime : 0;
}

struct ThreadLimit {
    explicit ThreadLimit(int n) { qkv::setThreadLimit(n); }
    ~ThreadLimit() { qkv::setThreadLimit(0); }
};

} // namespace

class TstCores : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { qkv::setThreadLimit(0); }

    void partsDependOnTheWorkOnly()
    {
        QCOMPARE(qkv::partsFor(0, 100), 1);
        QCOMPARE(qkv::partsFor(199, 100), 1);
        QCOMPARE(qkv::partsFor(200, 100), 2);
        QCOMPARE(qkv::partsFor(1050, 100), 10);
        QCOMPARE(qkv::partsFor(1050, 100, 4), 4);
        QCOMPARE(qkv::partsFor(1e12, 100), qkv::maxParts);
        QCOMPARE(qkv::partsFor(1e12, 100, 0), 1);
        QCOMPARE(qkv::partsFor(std::nan(""), 100), 1);
        for (int threads : {1, 2, 5, 16}) {
            const ThreadLimit limit(threads);
            QCOMPARE(qkv::threadLimit(), threads);
            QCOMPARE(qkv::partsFor(1050, 100), 10);
        }
    }

    void onePartRunsHereOnce()
    {
        Split s(1);
        qkv::inParts(1, std::ref(s));
        QVERIFY(s.ranOnceEach());
        QCOMPARE(s.threadOf[0], gettid());
    }

    // With one thread allowed every part runs here, in order.
    void oneThreadRunsEveryPartHereInOrder()
    {
        const ThreadLimit limit(1);
        std::vector<int> order;
        qkv::inParts(6, [&](int part, int) {
            order.push_back(part);
            QCOMPARE(gettid(), getpid());
        });
        QCOMPARE(order, (std::vector<int> {0, 1, 2, 3, 4, 5}));
    }

    // Empty parts, back to back, at several thread counts (more than this machine's cores too):
    // the caller is mostly done before a pool thread wakes. Every part still runs exactly once.
    void quickSplitsRunEachPartOnce()
    {
        for (int threads : {2, 4, 8}) {
            const ThreadLimit limit(threads);
            for (int i = 0; i < 5000; ++i) {
                const int parts = 2 + i % 9;
                Split s(parts);
                qkv::inParts(parts, std::ref(s));
                QVERIFY2(s.ranOnceEach(), qPrintable(QStringLiteral("%1 threads, split %2").arg(threads).arg(i)));
            }
        }
    }

    // Parts that wait for each other run on as many threads as the limit allows, and those
    // threads are kept between splits rather than started for each.
    void partsSpreadOverKeptThreads()
    {
        for (int threads : {2, 4, 8}) {
            const ThreadLimit limit(threads);
            std::set<pid_t> seen;
            for (int i = 0; i < 30; ++i) {
                Split s(threads);
                splitWaitingForAll(threads, std::ref(s));
                QVERIFY(s.ranOnceEach());
                QCOMPARE(int(s.threads().size()), threads);
                QVERIFY(s.threads().count(gettid()));
                const std::set<pid_t> used = s.threads();
                seen.insert(used.begin(), used.end());
            }
            // The caller and the pool's threads; a new thread for every split would give 30 × (threads − 1) + 1.
            QVERIFY2(int(seen.size()) <= qkv::maxThreads, qPrintable(QString::number(seen.size())));
            QVERIFY2(int(seen.size()) <= 8, qPrintable(QString::number(seen.size())));
        }
    }

    // More parts than threads: the threads share them out, each part once.
    void morePartsThanThreads()
    {
        const ThreadLimit limit(3);
        for (int i = 0; i < 200; ++i) {
            Split s(50);
            qkv::inParts(50, [&](int part, int parts) {
                s(part, parts);
                if (part % 7 == 0)
                    std::this_thread::sleep_for(20us);
            });
            QVERIFY(s.ranOnceEach());
            QVERIFY(s.threads().size() <= 3);
        }
    }

    // Between splits a few hundred microseconds apart (a model's forward pass, recomputes in a loop)
    // a pool thread waits for the next mostly asleep, its core free for other threads: one spinning
    // the whole while kept the window's thread from running for up to 90 ms while a model ran.
    void theWaitingThreadLeavesItsCoreFree()
    {
        const ThreadLimit limit(2);
        prctl(PR_SET_TIMERSLACK, 1000UL); // this thread's pauses as asked, within the helper's while
        // The part run by a pool thread notes its thread, the thread's CPU time and the time:
        // between two such parts on the same thread, the CPU time is what waiting cost.
        struct Mark {
            pid_t tid = 0;
            std::chrono::nanoseconds cpu {}, wall {};
        };
        std::vector<Mark> marks(200);
        for (Mark &mark : marks) {
            splitWaitingForAll(2, [&](int, int) {
                if (gettid() == getpid())
                    return;
                timespec cpu {};
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
                mark = {gettid(), std::chrono::seconds(cpu.tv_sec) + std::chrono::nanoseconds(cpu.tv_nsec),
                    std::chrono::steady_clock::now().time_since_epoch()};
            });
            std::this_thread::sleep_for(150us);
        }
        std::chrono::nanoseconds waitingCpu {}, waiting {};
        int pairs = 0;
        for (std::size_t i = 1; i < marks.size(); ++i)
            if (marks[i].tid == marks[i - 1].tid && marks[i].tid != 0) {
                waitingCpu += marks[i].cpu - marks[i - 1].cpu;
                waiting += marks[i].wall - marks[i - 1].wall;
                ++pairs;
            }
        if (pairs < 20)
            QSKIP("the pool thread was rarely kept between these splits (a busy machine)");
        // Spinning (yielding or not) until the next split took 88-97 % of the time here; spinning
        // 100 µs, then asleep until the next split, 45-52 %.
        QVERIFY2(double(waitingCpu.count()) < 0.7 * double(waiting.count()),
            qPrintable(QStringLiteral("waiting for %1 splits took %2 ms of CPU in %3 ms")
                           .arg(pairs)
                           .arg(double(waitingCpu.count()) / 1e6)
                           .arg(double(waiting.count()) / 1e6)));
        qInfo("waiting for %d splits took %.2f ms of CPU in %.2f ms", pairs, double(waitingCpu.count()) / 1e6,
            double(waiting.count()) / 1e6);
    }

    // The caller returns only after every part has finished, its writes visible.
    void callerWaitsForEveryPart()
    {
        const ThreadLimit limit(4);
        for (int i = 0; i < 200; ++i) {
            std::vector<int> out(4, 0);
            qkv::inParts(4, [&](int part, int) {
                if (part > 0)
                    std::this_thread::sleep_for(100us);
                out[static_cast<std::size_t>(part)] = i + 1;
            });
            QCOMPARE(out, std::vector<int>(4, i + 1));
        }
    }

    // A split within a part finds the pool held and runs its parts there, each once.
    void splitsWithinSplits()
    {
        const ThreadLimit limit(4);
        for (int i = 0; i < 300; ++i) {
            std::atomic<int> inner[12] {};
            std::atomic<int> outer {0};
            qkv::inParts(4, [&](int part, int) {
                ++outer;
                qkv::inParts(3, [&](int p, int n) {
                    ++inner[part * 3 + p];
                    QCOMPARE(n, 3);
                });
            });
            QCOMPARE(outer.load(), 4);
            for (const auto &count : inner)
                QCOMPARE(count.load(), 1);
        }
    }

    // While another thread's split holds the pool, a split still gets a second thread (the window
    // painting while a model runs): its parts that wait for each other run on two threads.
    void aSplitBesideAHeldPoolGetsAThread()
    {
        const ThreadLimit limit(4);
        std::atomic<bool> holding {false}, release {false};
        std::thread holder([&] {
            qkv::inParts(2, [&](int, int) {
                holding = true;
                while (!release)
                    std::this_thread::sleep_for(100us);
            });
        });
        while (!holding)
            std::this_thread::sleep_for(100us);
        Split s(2);
        splitWaitingForAll(2, std::ref(s));
        release = true;
        holder.join();
        QVERIFY(s.ranOnceEach());
        QCOMPARE(int(s.threads().size()), 2);
    }

    // Two threads splitting at once: one has the pool, the other a thread of its own beside it.
    void twoCallersAtOnce()
    {
        const ThreadLimit limit(4);
        std::atomic<int> failures {0};
        const auto caller = [&] {
            for (int i = 0; i < 5000; ++i) {
                Split s(3);
                qkv::inParts(3, std::ref(s));
                failures += !s.ranOnceEach();
            }
        };
        std::thread other(caller);
        caller();
        other.join();
        QCOMPARE(failures.load(), 0);
    }

    // Last: a process asks it once, for good. The window's thread keeps its priority; the pool's
    // threads and a worker that asks run at nice +5 (once, however often asked).
    void theWindowGoesFirst()
    {
        const int base = getpriority(PRIO_PROCESS, id_t(gettid()));
        const int lowered = std::min(base + 5, 19);
        const std::uint64_t defaultSlice = ownSlice();
        qkv::letWindowGoFirst();
        const ThreadLimit limit(4);
        std::vector<int> nice(4, -100);
        std::vector<std::uint64_t> slice(4, 1);
        std::vector<pid_t> thread(4, 0);
        splitWaitingForAll(4, [&](int part, int) {
            thread[std::size_t(part)] = gettid();
            nice[std::size_t(part)] = getpriority(PRIO_PROCESS, id_t(gettid()));
            slice[std::size_t(part)] = ownSlice();
        });
        for (std::size_t p = 0; p < 4; ++p) {
            QCOMPARE(nice[p], thread[p] == gettid() ? base : lowered);
            if (thread[p] != gettid())
                QCOMPARE(slice[p], defaultSlice);
        }
        QCOMPARE(getpriority(PRIO_PROCESS, id_t(gettid())), base);
        int worker = -100;
        std::uint64_t workerSlice = 1;
        std::thread([&] {
            qkv::runBelowWindow();
            qkv::runBelowWindow();
            worker = getpriority(PRIO_PROCESS, id_t(gettid()));
            workerSlice = ownSlice();
        }).join();
        QCOMPARE(worker, lowered);
        // The window's thread runs in the shortest slices Linux grants, so that it takes a core at
        // once when it wakes; threads it starts do not inherit them.
        if (defaultSlice == 0)
            QSKIP("this kernel (before Linux 6.12) has no slice a thread can choose");
        QCOMPARE(ownSlice(), std::uint64_t(100'000));
        QCOMPARE(workerSlice, defaultSlice);
    }
};

QTEST_GUILESS_MAIN(TstCores)
#include "tst_cores.moc"
