#include "session/vectoredits.h"

#include "session/commandtext.h"
#include "session/documentsession.h"

#include <Eigen/Core>

#include <QCoreApplication>

namespace qkv::vectoredits {
namespace {

// The context of this file's texts in the translation catalogues.
struct VectorEdits {
    Q_DECLARE_TR_FUNCTIONS(VectorEdits)
};

int lengthOf(const Document &doc, Field field)
{
    return field == Field::Embedding ? doc.settings().dModel : doc.settings().dim;
}

std::vector<ValueRef> refsOf(const Document &doc, const VectorAddress &v)
{
    std::vector<ValueRef> refs;
    refs.reserve(static_cast<std::size_t>(lengthOf(doc, v.field)));
    for (int c = 0; c < lengthOf(doc, v.field); ++c)
        refs.push_back({v.field, v.word, v.field == Field::Embedding ? 0 : v.head, 0, c});
    return refs;
}

Eigen::VectorXd valuesOf(const Document &doc, const VectorAddress &v)
{
    const std::vector<ValueRef> refs = refsOf(doc, v);
    Eigen::VectorXd values(static_cast<Eigen::Index>(refs.size()));
    for (std::size_t i = 0; i < refs.size(); ++i)
        values[static_cast<Eigen::Index>(i)] = doc.isValid(refs[i]) ? doc.value(refs[i]) : 0.0;
    return values;
}

QString vectorName(const Document &doc, const VectorAddress &v)
{
    return qkv::vectorName(doc, ValueRef {v.field, v.word, v.head, 0, 0});
}

// Whether the mode takes this vector from the document: projection mode computes Q, K and V
// from the embeddings, weights mode uses the values alone.
bool isStoredVector(const Settings &s, Field field)
{
    switch (s.mode) {
    case Mode::Projection:
        return field == Field::Embedding;
    case Mode::Weights:
        return field == Field::Value;
    case Mode::Direct:
        return field == Field::Query || field == Field::Key || field == Field::Value;
    }
    return false;
}

// Sets the vector to `values` as one step; refused where the vector is computed, not stored.
QString setVector(DocumentSession &session, const VectorAddress &v, const Eigen::VectorXd &values, const QString &text)
{
    const Document &doc = session.document();
    const std::vector<ValueRef> refs = refsOf(doc, v);
    if (refs.empty() || !doc.isValid(refs.front()) || !isStoredVector(doc.settings(), v.field))
        return VectorEdits::tr("That vector cannot be edited here.");
    session.editValues(refs, std::vector<double>(values.begin(), values.end()), 0, text);
    return {};
}

} // namespace

QString roleName(Field field)
{
    switch (field) {
    case Field::Query:
        return VectorEdits::tr("query");
    case Field::Key:
        return VectorEdits::tr("key");
    case Field::Value:
        return VectorEdits::tr("value");
    default:
        return VectorEdits::tr("embedding");
    }
}

QString resetWord(DocumentSession &session, const QString &word)
{
    const Document &doc = session.document();
    Document start = session.openedDocument();
    start.setSettings(doc.settings()); // the opened vectors, at today's heads and dimensions
    std::vector<ValueRef> refs;
    std::vector<double> values;
    const auto add = [&](const VectorAddress &v) {
        const Eigen::VectorXd x = valuesOf(start, v);
        for (const ValueRef &r : refsOf(doc, v)) {
            refs.push_back(r);
            values.push_back(x[r.col]);
        }
    };
    for (Field f : {Field::Embedding, Field::Query, Field::Key, Field::Value}) {
        if (!isStoredVector(doc.settings(), f))
            continue;
        for (int h = 0; h < (f == Field::Embedding ? 1 : doc.settings().heads); ++h)
            add({f, word, h});
    }
    if (refs.empty() || !doc.isValid(refs.front()))
        return VectorEdits::tr("That word's vectors cannot be edited here.");
    session.editValues(
        refs, values, 0, VectorEdits::tr("Reset %1 to its starting vectors").arg(wordName(session.document(), word)));
    return {};
}

QString scaleToUnit(DocumentSession &session, const VectorAddress &v)
{
    const Eigen::VectorXd x = valuesOf(session.document(), v);
    const double length = x.norm();
    if (!(length > 0))
        return VectorEdits::tr("A zero vector has no direction: it cannot be scaled to length 1.");
    return setVector(
        session, v, x / length, VectorEdits::tr("Scale %1 to length 1").arg(vectorName(session.document(), v)));
}

QString setToZero(DocumentSession &session, const VectorAddress &v)
{
    const Eigen::Index n = lengthOf(session.document(), v.field);
    return setVector(
        session, v, Eigen::VectorXd::Zero(n), VectorEdits::tr("Set %1 to zero").arg(vectorName(session.document(), v)));
}

QString copyFrom(DocumentSession &session, const VectorAddress &v, const QString &fromWord)
{
    VectorAddress from = v;
    from.word = fromWord;
    return setVector(session, v, valuesOf(session.document(), from),
        VectorEdits::tr("Copy the %1 of %2 to %3")
            .arg(roleName(v.field), wordName(session.document(), fromWord), wordName(session.document(), v.word)));
}

} // namespace qkv::vectoredits
