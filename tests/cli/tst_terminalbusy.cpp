// The command line's "still working" line: on a terminal after its delay, redrawn in place and
// cleared at the end; nothing at all for a pipe, a file, or a step shorter than the delay.
#include "cli/terminalbusy.h"
#include "commandrun.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <cstdio>
#include <thread>

using namespace qkv;
using namespace std::chrono_literals;

class TstTerminalBusy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aTerminalSeesTheStepAndThenAClearLine()
    {
        FILE *f = std::tmpfile();
        {
            const cli::TerminalBusy busy(QStringLiteral("Exporting big.png"), f, true, 0ms);
        }
        const QByteArray out = test::readBackAndClose(f);
        QVERIFY2(out.startsWith("\r\033[KExporting big.png… 0.0 s"), out.constData());
        QVERIFY(out.endsWith("\r\033[K")); // nothing left on the line for the prompt
    }

    // Work that knows how far it is says so: "frame 3 of 60".
    void framesAreCounted()
    {
        FILE *f = std::tmpfile();
        {
            cli::TerminalBusy busy(QStringLiteral("Exporting a.gif"), f, true, 0ms);
            busy.setProgress(3, 60);
            std::this_thread::sleep_for(400ms); // a redraw comes every 250 ms
        }
        const QByteArray out = test::readBackAndClose(f);
        QVERIFY2(out.contains("\r\033[KExporting a.gif… frame 3 of 60, "), out.constData());
    }

    void aShortStepSaysNothing()
    {
        FILE *f = std::tmpfile();
        {
            const cli::TerminalBusy busy(QStringLiteral("Exporting"), f, true, 1h);
        }
        QCOMPARE(test::readBackAndClose(f), QByteArray());
    }

    void aPipeGetsNothing()
    {
        FILE *f = std::tmpfile();
        QVERIFY(!cli::TerminalBusy::isTerminal(f));
        {
            const cli::TerminalBusy busy(QStringLiteral("Exporting"), f, cli::TerminalBusy::isTerminal(f), 0ms);
        }
        QCOMPARE(test::readBackAndClose(f), QByteArray());
        // An export through the command line (its stderr a file here) writes only its figure.
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("h.png"));
        const test::CommandRun r = test::runCommand({QStringLiteral("export"), QStringLiteral("example:animal"),
            QStringLiteral("--view"), QStringLiteral("heatmap"), QStringLiteral("-o"), png});
        QCOMPARE(r.status, 0);
        QVERIFY2(!r.err.contains("Exporting"), r.err.constData());
    }
};

QTEST_MAIN(TstTerminalBusy)
#include "tst_terminalbusy.moc"
