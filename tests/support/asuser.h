#pragma once

// PITFALLS §2: as root, QSaveFile writes over read-only files and into read-only folders, so a
// permission test run as root passes whatever the code does. QKV_RUN_AS_ORDINARY_USER() at the
// top of a test function runs that function again in a child process as user nobody (setpriv)
// and reports the child's verdict; as an ordinary user the function simply goes on.

#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace qkv::test {

struct ChildRun {
    bool started = false;
    bool skipped = false;
    bool passed = false; // the child ran the function itself, and it passed
    int exitCode = -1;
    QString output;
};

inline ChildRun runAsNobody(const char *function)
{
    ChildRun run;
    const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
    if (setpriv.isEmpty()) {
        run.output = QStringLiteral("setpriv is missing: the check must run as an ordinary user (PITFALLS §2)");
        return run;
    }
    // A home nobody can write, for what the code under test keeps there (settings, autosaves).
    QTemporaryDir home;
    QFile::setPermissions(home.path(),
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::WriteOther
            | QFile::ExeOther);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("TMPDIR"), QDir::tempPath());
    QProcess child;
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::MergedChannels);
    child.start(setpriv,
        {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"),
            QCoreApplication::applicationFilePath(), QString::fromLatin1(function)});
    if (!child.waitForStarted() || !child.waitForFinished(240000)) {
        run.output = QStringLiteral("could not run setpriv: %1").arg(child.errorString());
        return run;
    }
    run.started = true;
    run.exitCode = child.exitStatus() == QProcess::NormalExit ? child.exitCode() : -1;
    run.output = QString::fromLocal8Bit(child.readAll());
    run.skipped = run.output.contains(QStringLiteral("SKIP   : "));
    const QRegularExpression pass(
        QStringLiteral("^PASS   : \\S+::%1\\(\\)$").arg(QLatin1String(function)), QRegularExpression::MultilineOption);
    run.passed = run.exitCode == 0 && pass.match(run.output).hasMatch();
    return run;
}

} // namespace qkv::test

#define QKV_RUN_AS_ORDINARY_USER()                                                                                     \
    do {                                                                                                               \
        if (::geteuid() == 0) {                                                                                        \
            const qkv::test::ChildRun run = qkv::test::runAsNobody(QTest::currentTestFunction());                      \
            if (!run.started || run.skipped)                                                                           \
                QSKIP(qPrintable(run.output));                                                                         \
            QVERIFY2(run.passed, qPrintable(u"as user nobody:\n"_qs + run.output));                                    \
            return;                                                                                                    \
        }                                                                                                              \
    } while (false)
