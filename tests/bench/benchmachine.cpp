#include "benchmachine.h"

#include "kernels/matmul.h"
#include "kernels/simdlevel.h"

#include <Eigen/Core>

#include <QFile>
#include <QString>
#include <QSysInfo>
#include <QThread>

using namespace Qt::StringLiterals;

namespace qkv::bench {
namespace {

// The first line of a /proc file starting with `prefix`, or empty: Linux-only facts, optional.
QString procLine(const QString &path, QStringView prefix = {})
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    // readAll, not atEnd(): /proc files report size 0.
    const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n');
    for (const QString &line : lines)
        if (line.startsWith(prefix))
            return line.trimmed();
    return {};
}

// The optimization level among the flags: the last -O given, or GCC's default.
QString optimizationLevel(const QString &flags)
{
    QString level = u"-O0"_s;
    for (const QString &flag : flags.split(u' ', Qt::SkipEmptyParts))
        if (flag.startsWith(u"-O"))
            level = flag;
    return level;
}

} // namespace

double peakResidentMiB()
{
    const QString line = procLine(u"/proc/self/status"_s, u"VmHWM:"); // "VmHWM:   123456 kB"
    bool ok = false;
    const double kib = line.section(u' ', 1, 1, QString::SectionSkipEmpty).toDouble(&ok);
    return ok ? kib / 1024 : -1;
}

QJsonObject machineJson()
{
    const QString buildType = QString::fromLatin1(QKV_BENCH_BUILD_TYPE);
    const QString flags = QString::fromLatin1(QKV_BENCH_CXX_FLAGS);
    return {
        {u"cpu"_s, procLine(u"/proc/cpuinfo"_s, u"model name").section(u':', 1).trimmed()},
        {u"cores"_s, QThread::idealThreadCount()},
        // Other work on a 2-core machine skews every figure: keep the load next to them.
        {u"load_average"_s, procLine(u"/proc/loadavg"_s).section(u' ', 0, 2)},
        {u"os"_s, QSysInfo::prettyProductName()},
        {u"compiler"_s, QString::fromLatin1(__VERSION__)},
        // What the libraries measured were compiled with: the release preset's are the package's.
        {u"build"_s, buildType + u' ' + flags},
        {u"build_type"_s, buildType},
        {u"cxx_flags"_s, flags},
        {u"optimization"_s, optimizationLevel(flags)},
        {u"eigen"_s, u"%1.%2.%3"_s.arg(EIGEN_WORLD_VERSION).arg(EIGEN_MAJOR_VERSION).arg(EIGEN_MINOR_VERSION)},
        {u"eigen_simd"_s, QString::fromLatin1(Eigen::SimdInstructionSetsInUse())},
        {u"eigen_threads"_s, Eigen::nbThreads()},
        // What the engine's own kernels ran with: the softmax's vector width, chosen at run time
        // (QKV_SIMD lowers it), and the BLAS library of its large products.
        {u"kernel_simd"_s, QString::fromLatin1(qkv::kernels::simdLevelName(qkv::kernels::simdLevel()))},
        {u"kernel_simd_supported"_s,
            QString::fromLatin1(qkv::kernels::simdLevelName(qkv::kernels::supportedSimdLevel()))},
        {u"blas"_s, QString::fromLatin1(qkv::kernels::blasName()).trimmed()},
        {u"blas_kernels"_s, QString::fromLatin1(qkv::kernels::blasKernels())},
    };
}

} // namespace qkv::bench
