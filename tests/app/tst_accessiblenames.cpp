// Every control of the main window has a name a screen reader can speak: the window's accessible
// tree is walked as an assistive technology walks it, and every button, box, field, table, list,
// tab and view shown must answer QAccessible::Name with words, not an empty string.
#include "app/mainwindow.h"
#include "modelfixture.h"

#include <QAccessible>
#include <QApplication>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

namespace {

bool needsName(QAccessible::Role role)
{
    switch (role) {
    case QAccessible::PushButton:
    case QAccessible::CheckBox:
    case QAccessible::RadioButton:
    case QAccessible::ComboBox:
    case QAccessible::SpinBox:
    case QAccessible::EditableText:
    case QAccessible::Slider:
    case QAccessible::Table:
    case QAccessible::List:
    case QAccessible::Tree:
    case QAccessible::PageTab:
    case QAccessible::ButtonMenu:
    case QAccessible::ButtonDropDown:
    case QAccessible::Client: // a custom view: the heatmap, the arrow graph, …
        return true;
    default:
        return false;
    }
}

// "ClassName objectName (role)" of every shown element that needs a name and has none.
void collectUnnamed(QAccessibleInterface *item, QStringList &unnamed, int depth = 0)
{
    if (!item || depth > 64 || item->state().invisible)
        return;
    const QObject *o = item->object();
    // A plain container (Client role) needs no name; one of our own views in that role does.
    const bool ours = o && QByteArray(o->metaObject()->className()).startsWith("qkv::");
    const bool container = item->role() == QAccessible::Client && !ours;
    if (needsName(item->role()) && !container && item->text(QAccessible::Name).trimmed().isEmpty()) {
        unnamed << QStringLiteral("%1 %2 (role %3)")
                       .arg(o ? QString::fromLatin1(o->metaObject()->className()) : QStringLiteral("?"),
                           o ? o->objectName() : QString())
                       .arg(int(item->role()));
    }
    for (int c = 0; c < item->childCount(); ++c)
        collectUnnamed(item->child(c), unnamed, depth + 1);
}

// Every shown interface of the tree whose object is of class `className`.
void collectViews(
    QAccessibleInterface *item, const char *className, QList<QAccessibleInterface *> &found, int depth = 0)
{
    if (!item || depth > 64 || item->state().invisible)
        return;
    if (item->object() && item->object()->inherits(className)) {
        found << item;
        return; // its children are its cells
    }
    for (int c = 0; c < item->childCount(); ++c)
        collectViews(item->child(c), className, found, depth + 1);
}

} // namespace

class TstAccessibleNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyShownControlHasAName()
    {
        MainWindow window;
        QVERIFY(window.openDocument(QStringLiteral("example:animal")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QStringList unnamed;
        collectUnnamed(QAccessible::queryAccessibleInterface(&window), unnamed);
        QVERIFY2(unnamed.isEmpty(), qPrintable(u"no accessible name:\n"_qs + unnamed.join(u'\n')));

        // With a model open, its dock (layers grid, layer and head choices) shows too.
        QTemporaryDir dir;
        const QString model = dir.filePath(u"cats.json"_qs);
        QFile file(model);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(test::ModelFixture({u"[CLS]"_qs, u"the"_qs, u"cat"_qs, u"sat"_qs, u"[SEP]"_qs}, 2, 2, 4).json());
        file.close();
        QVERIFY(window.openDocument(model));
        QCoreApplication::processEvents();
        collectUnnamed(QAccessible::queryAccessibleInterface(&window), unnamed);
        QVERIFY2(unnamed.isEmpty(), qPrintable(u"no accessible name with a model open:\n"_qs + unnamed.join(u'\n')));
    }

    void everyViewIsReachableWithItsNumbers()
    {
        // Walked from the window as a screen reader walks it: each custom view is found, named,
        // and says its numbers, not just that it is there.
        MainWindow window;
        QVERIFY(window.openDocument(QStringLiteral("example:animal")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAccessibleInterface *root = QAccessible::queryAccessibleInterface(&window);
        for (const char *view : {"qkv::HeatmapView", "qkv::ArrowGraphView", "qkv::DistributionView"}) {
            QList<QAccessibleInterface *> found;
            collectViews(root, view, found);
            QVERIFY2(found.size() == 1, view);
            QVERIFY2(!found[0]->text(QAccessible::Name).isEmpty(), view);
        }
        QList<QAccessibleInterface *> heatmaps;
        collectViews(root, "qkv::HeatmapView", heatmaps);
        QAccessibleTableInterface *cells = heatmaps[0]->tableInterface();
        QVERIFY(cells);
        // The example opens on "it" (token 7); it attends to "animal" with 0.1189.
        QCOMPARE(cells->cellAt(7, 1)->text(QAccessible::Name), u"it attends to animal: 0.119"_qs);
        QList<QAccessibleInterface *> arrows;
        collectViews(root, "qkv::ArrowGraphView", arrows);
        QVERIFY(arrows[0]->childCount() > 0);
        QVERIFY(arrows[0]->child(0)->text(QAccessible::Name).startsWith(u"it attends to "_qs));
    }
};

QTEST_MAIN(TstAccessibleNames)
#include "tst_accessiblenames.moc"
