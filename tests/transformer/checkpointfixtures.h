#pragma once

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <Eigen/Core>

// The tiny checkpoints of make_checkpoints.py and their numpy reference results, written once
// per test executable into a temporary folder. Debian's interpreter on purpose: a python3 found
// earlier on the PATH may lack numpy.
class CheckpointFixtures
{
public:
    // Empty when written; otherwise why not. `skip` is set when python3 or numpy is missing.
    QString prepare(bool &skip)
    {
        const QString python = QStringLiteral("/usr/bin/python3");
        QProcess probe;
        probe.start(python, {QStringLiteral("-c"), QStringLiteral("import numpy")});
        skip = !probe.waitForFinished(60000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0;
        if (skip)
            return QStringLiteral("these tests need %1 with numpy (Debian package python3-numpy)").arg(python);
        QString source = qEnvironmentVariable("QKV_SOURCE_DIR");
        if (source.isEmpty())
            source = QStringLiteral(QT_TESTCASE_SOURCEDIR "/../..");
        QProcess p;
        p.start(python, {source + QStringLiteral("/tests/transformer/make_checkpoints.py"), m_dir.path()});
        if (!p.waitForFinished(300000))
            return QStringLiteral("make_checkpoints.py did not finish: %1").arg(p.errorString());
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return QString::fromUtf8(p.readAllStandardError());
        return {};
    }

    // prepare(), then WordPiece vocabularies beside the gpt2 and bert checkpoints, so that they
    // open as models with tokenizers.
    QString prepareWithTokenizers(bool &skip);

    QString path(const QString &name) const { return m_dir.filePath(name); }

    QJsonObject reference(const QString &model) const
    {
        QFile f(m_dir.filePath(model + QStringLiteral("/reference.json")));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QJsonDocument::fromJson(f.readAll()).object();
    }

private:
    QTemporaryDir m_dir;
};

inline Eigen::MatrixXf matrixFromJson(const QJsonArray &rows)
{
    const auto n = Eigen::Index(rows.size());
    const auto m = n ? Eigen::Index(rows[0].toArray().size()) : 0;
    Eigen::MatrixXf out(n, m);
    for (Eigen::Index i = 0; i < n; ++i) {
        const QJsonArray row = rows[int(i)].toArray();
        for (Eigen::Index j = 0; j < m; ++j)
            out(i, j) = float(row[int(j)].toDouble());
    }
    return out;
}

inline std::vector<int> intsFromJson(const QJsonArray &a)
{
    std::vector<int> out;
    for (const QJsonValue &v : a)
        out.push_back(v.toInt());
    return out;
}

// A WordPiece vocabulary of `size` entries for a tiny checkpoint of that vocabulary size: the
// special tokens, a few words, then filler pieces.
inline void writeVocab(const QString &folder, int size)
{
    QStringList vocab {QStringLiteral("[PAD]"), QStringLiteral("[UNK]"), QStringLiteral("[CLS]"),
        QStringLiteral("[SEP]"), QStringLiteral("[MASK]"), QStringLiteral("the"), QStringLiteral("cat"),
        QStringLiteral("sat"), QStringLiteral("on"), QStringLiteral("mat"), QStringLiteral("dog"),
        QStringLiteral("ran"), QStringLiteral("."), QStringLiteral("##s")};
    for (int i = 0; vocab.size() < size; ++i)
        vocab << QStringLiteral("w%1").arg(i);
    QFile f(folder + QStringLiteral("/vocab.txt"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(vocab.join(u'\n').toUtf8() + '\n');
}

inline QString CheckpointFixtures::prepareWithTokenizers(bool &skip)
{
    const QString error = prepare(skip);
    if (error.isEmpty()) {
        writeVocab(path(QStringLiteral("gpt2")), 61);
        writeVocab(path(QStringLiteral("bert")), 53);
    }
    return error;
}

// In initTestCase: the fixtures with tokenizers, or the test skipped where numpy is missing.
#define QKV_PREPARE_CHECKPOINTS(fixtures)                                                                              \
    do {                                                                                                               \
        bool skip_ = false;                                                                                            \
        const QString error_ = (fixtures).prepareWithTokenizers(skip_);                                                \
        if (skip_)                                                                                                     \
            QSKIP(qPrintable(error_));                                                                                 \
        QVERIFY2(error_.isEmpty(), qPrintable(error_));                                                                \
    } while (false)
