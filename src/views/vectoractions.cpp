#include "views/vectoractions.h"

#include "session/commandtext.h"
#include "session/documentsession.h"

#include <QMenu>

namespace qkv {
namespace {
// A menu of thousands of words is no help; the first ones of the sentence are offered.
constexpr int maxCopySources = 40;

// A submenu's title for a vector: "Query".
QString roleTitle(Field field)
{
    switch (field) {
    case Field::Query:
        return QMenu::tr("&Query");
    case Field::Key:
        return QMenu::tr("&Key");
    case Field::Value:
        return QMenu::tr("&Value");
    default:
        return QMenu::tr("&Embedding");
    }
}

// Scale to length 1, set to zero and copy another word's, for one vector.
void addRoleActions(
    QMenu &menu, DocumentSession *session, const VectorAddress &vector, const std::function<void(const QString &)> &run)
{
    const QString role = vectoredits::roleName(vector.field);
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
        QObject::connect(copy->addAction(wordName(doc, from)), &QAction::triggered, &menu,
            [=] { run(vectoredits::copyFrom(*session, vector, from)); });
    copy->setEnabled(!sources.isEmpty());
}

std::function<void(const QString &)> reporting(const std::function<void(const QString &)> &report)
{
    return [report](const QString &refusal) {
        if (!refusal.isEmpty() && report)
            report(refusal);
    };
}

QAction *addReset(
    QMenu &menu, DocumentSession *session, const QString &word, const std::function<void(const QString &)> &run)
{
    QAction *reset
        = menu.addAction(QMenu::tr("Reset %1 to its starting vectors").arg(wordName(session->document(), word)));
    reset->setObjectName(QStringLiteral("resetWordAction"));
    QObject::connect(reset, &QAction::triggered, &menu, [=] { run(vectoredits::resetWord(*session, word)); });
    return reset;
}

} // namespace

void addVectorActions(QMenu &menu, DocumentSession *session, const VectorAddress &vector,
    const std::function<void(const QString &)> &report)
{
    const auto run = reporting(report);
    addReset(menu, session, vector.word, run);
    addRoleActions(menu, session, vector, run);
}

bool addWordActions(QMenu &menu, DocumentSession *session, const QString &word, int head,
    const std::function<void(const QString &)> &report)
{
    const Document &doc = session->document();
    // The vectors the mode takes from the document: the embedding in projection mode, the values
    // alone with given weights, all three otherwise.
    std::vector<Field> fields;
    switch (doc.settings().mode) {
    case Mode::Projection:
        fields = {Field::Embedding};
        break;
    case Mode::Weights:
        fields = {Field::Value};
        break;
    case Mode::Direct:
        fields = {Field::Query, Field::Key, Field::Value};
        break;
    }
    if (!doc.isValid(ValueRef {fields.front(), word, head, 0, 0}) || !session->valuesFixed().isEmpty())
        return false;
    const auto run = reporting(report);
    addReset(menu, session, word, run);
    for (Field field : fields) {
        QMenu *sub = menu.addMenu(roleTitle(field));
        addRoleActions(*sub, session, {field, word, field == Field::Embedding ? 0 : head}, run);
    }
    return true;
}

} // namespace qkv
