#include "cli/appidentity.h"
#include "figures/colormap.h"
#include "panels/aboutdialog.h"

#include <QFile>
#include <QTest>

using namespace qkv;

namespace {

// The text of one `License:` paragraph of a DEP-5 copyright file, continuation lines unfolded
// (" ." is an empty line).
QString dep5Licence(const QString &copyright, const QString &name)
{
    const QStringList lines = copyright.split(u'\n');
    const qsizetype start = lines.indexOf(QStringLiteral("License: ") + name);
    QStringList text;
    for (qsizetype i = start + 1; start >= 0 && i < lines.size() && lines[i].startsWith(u' '); ++i)
        text << (lines[i] == u" ." ? QString() : lines[i].mid(1));
    return text.join(u'\n');
}

} // namespace

class TstAboutDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesVersionLicenceQtAndColormaps()
    {
        const AboutDialog about;
        const QString text = about.text();
        QVERIFY(text.contains(QStringLiteral("QKV Lab ") + cli::applicationVersion()));
        QVERIFY(text.contains(QStringLiteral("GPL-3.0-or-later")));
        QVERIFY(text.contains(QStringLiteral("NO WARRANTY")));
        QVERIFY(text.contains(QString::fromLatin1(qVersion())));
        QVERIFY(text.contains(QStringLiteral("viridis and magma")));
        QVERIFY(text.contains(QStringLiteral("CC0")));
        // The whole licence, as binary copies of cividis must reproduce it.
        QVERIFY(text.contains(cividisLicence()));
        QVERIFY(cividisLicence().startsWith(QStringLiteral("Copyright (c) 2017, Battelle Memorial Institute")));
        QVERIFY(cividisLicence().contains(QStringLiteral("EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.")));
    }

    void packageCopyrightCarriesTheSameCividisLicence()
    {
        QFile file(qEnvironmentVariable("QKV_SOURCE_DIR") + QStringLiteral("/packaging/linux/copyright"));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        const QString licence = dep5Licence(QString::fromUtf8(file.readAll()), QStringLiteral("BSD-3-clause-Battelle"));
        QVERIFY(!licence.isEmpty());
        // Word for word; only the line breaks differ (the program wraps paragraphs itself).
        QCOMPARE(licence.simplified(), cividisLicence().simplified());
    }
};

QTEST_MAIN(TstAboutDialog)
#include "tst_aboutdialog.moc"
