#pragma once

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

// Test fixtures written at test time by Debian's numpy (python3-numpy), so the readers are
// checked against the files NumPy itself writes. Debian's interpreter on purpose: a python3
// found earlier on the PATH may lack numpy.
namespace numpyfixtures {

inline const QString python = QStringLiteral("/usr/bin/python3");

// Runs `script` in `dir` (numpy imported as np); returns an empty string, or why it failed.
inline QString run(const QString &dir, const QString &script)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start(python, {QStringLiteral("-c"), QStringLiteral("import numpy as np\n") + script});
    if (!p.waitForFinished(120000))
        return QStringLiteral("python3 did not finish: %1").arg(p.errorString());
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QString::fromUtf8(p.readAllStandardError());
    return {};
}

// Empty when numpy can be used, otherwise the reason to skip with.
inline QString unavailable()
{
    static const QString reason = [] {
        QProcess p;
        p.start(python, {QStringLiteral("-c"), QStringLiteral("import numpy")});
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return QStringLiteral("these fixtures need %1 with numpy (Debian package python3-numpy)").arg(python);
        return QString();
    }();
    return reason;
}

// The project's source folder: ctest says where; run by hand, the test knows its own folder.
inline QString sourceDir()
{
    const QString dir = qEnvironmentVariable("QKV_SOURCE_DIR");
    return dir.isEmpty() ? QStringLiteral(QT_TESTCASE_SOURCEDIR "/../..") : dir;
}

// Runs tests/data/readers/make_fixtures.py into `dir`; returns an empty string or why it failed.
inline QString make(const QString &dir)
{
    const QString script = sourceDir() + QStringLiteral("/tests/data/readers/make_fixtures.py");
    QProcess p;
    p.start(python, {script, dir});
    if (!p.waitForFinished(120000))
        return QStringLiteral("%1 did not finish: %2").arg(script, p.errorString());
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QString::fromUtf8(p.readAllStandardError());
    return {};
}

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The fixtures of one test case, written once into a temporary folder.
class Folder
{
public:
    // Writes them; returns why that failed (empty also when numpy is missing: see skipReason).
    QString prepare()
    {
        if (!m_dir.isValid())
            return QStringLiteral("no temporary folder");
        m_skip = unavailable();
        return m_skip.isEmpty() ? make(m_dir.path()) : QString();
    }
    const QString &skipReason() const { return m_skip; }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }
    QByteArray read(const QString &name) const { return readAll(m_dir.filePath(name)); }

private:
    QTemporaryDir m_dir;
    QString m_skip;
};

} // namespace numpyfixtures

// In a test function that needs the fixtures: skips it, saying why, where numpy is missing.
#define QKV_SKIP_WITHOUT_NUMPY(folder)                                                                                 \
    do {                                                                                                               \
        if (!(folder).skipReason().isEmpty())                                                                          \
            QSKIP(qPrintable((folder).skipReason()));                                                                  \
    } while (false)
