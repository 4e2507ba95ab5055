#include "views/vectoractions.h"

#include "session/commandtext.h"
#include "session/documentsession.h"

#include <QMenu>

namespace qkv {
namespace {
// A menu of thousands of words is no help; the first ones of the sentence are offered.
constexpr int maxCopySources = 40;

QString roleWord(Field field)
{
    switch (field) {
    case Field::Query:
        return QMenu::tr("query");
    case Field::Key:
        return QMenu::tr("key");
    case Field::Value:
        return QMenu::tr("value");
    default:
        return QMenu::tr("embedding");
    }
}
} // namespace

void addVectorActions(QMenu &menu, DocumentSession *session, const VectorAddress &vector,
    const std::function<void(const QString &)> &report)
{
    const auto run = [report](const QString &refusal) {
        if (!refusal.isEmpty() && report)
            report(refusal);
    };
    const QString role = roleWord(vector.field);
    const QString word = quoted(vector.word);
    QAction *reset = menu.addAction(QMenu::tr("Reset %1 to its starting vectors").arg(word));
    reset->setObjectName(QStringLiteral("resetWordAction"));
    QObject::connect(reset, &QAction::triggered, &menu, [=] { run(vectoredits::resetWord(*session, vector.word)); });
    QAction *unit = menu.addAction(QMenu::tr("Scale the %1 to length 1").arg(role));
    unit->setObjectName(QStringLiteral("unitAction"));
    QObject::connect(unit, &QAction::triggered, &menu, [=] { run(vectoredits::scaleToUnit(*session, vector)); });
    QAction *zero = menu.addAction(QMenu::tr("Set the %1 to zero").arg(role));
    zero->setObjectName(QStringLiteral("zeroAction"));
    QObject::connect(zero, &QAction::triggered, &menu, [=] { run(vectoredits::setToZero(*session, vector)); });

    QMenu *copy = menu.addMenu(QMenu::tr("Copy the %1 of", "followed by a word").arg(role));
    copy->setObjectName(QStringLiteral("copyMenu"));
    const Document &doc = session->document();
    QStringList sources;
    for (int t = 0; t < doc.tokenCount() && sources.size() < maxCopySources; ++t) {
        const QString key = doc.vectorKey(t);
        if (key != vector.word && !sources.contains(key))
            sources << key;
    }
    for (const QString &from : sources)
        QObject::connect(copy->addAction(from), &QAction::triggered, &menu,
            [=] { run(vectoredits::copyFrom(*session, vector, from)); });
    copy->setEnabled(!sources.isEmpty());
}

} // namespace qkv
