#include "document/annotation.h"

#include "document/jsonfields.h"

#include <QJsonObject>

namespace qkv {
namespace {

using namespace json;

const QString kindKey = QStringLiteral("kind"), viewKey = QStringLiteral("view"), tokenKey = QStringLiteral("token"),
              cellKey = QStringLiteral("cell"), fromKey = QStringLiteral("from"), toKey = QStringLiteral("to"),
              textKey = QStringLiteral("text");

// A token's name as written: its text, or "#n" with n ≥ 1.
QString tokenNameAt(const QJsonValue &v, const QString &path)
{
    QString name = string(v, path);
    if (name.isEmpty())
        fail(path, QStringLiteral("expected a token: its text, or #n for the n-th"));
    if (name.startsWith(u'#') && name.size() > 1) {
        bool ok = false;
        const int n = name.mid(1).toInt(&ok);
        if (ok && n < 1)
            fail(path, QStringLiteral("expected #1, #2, …: tokens are counted from 1, got \"%1\"").arg(name));
    }
    return name;
}

Annotation readOne(const QJsonValue &value, const QString &path)
{
    const QJsonObject o = object(value, path);
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!QStringList {kindKey, viewKey, tokenKey, cellKey, fromKey, toKey, textKey}.contains(it.key()))
            fail(child(path, it.key()), QStringLiteral("unknown key (kind, view, token, cell, from, to, text)"));
    Annotation a;
    const QString kind = string(o.value(kindKey), child(path, kindKey));
    if (kind == u"callout")
        a.kind = AnnotationKind::Callout;
    else if (kind == u"box")
        a.kind = AnnotationKind::Box;
    else if (kind == u"arrow")
        a.kind = AnnotationKind::Arrow;
    else
        fail(child(path, kindKey), QStringLiteral("expected \"callout\", \"box\" or \"arrow\", got \"%1\"").arg(kind));
    a.view = string(o.value(viewKey), child(path, viewKey));
    if (!annotationViews().contains(a.view))
        fail(child(path, viewKey),
            QStringLiteral("expected one of \"%1\", got \"%2\"")
                .arg(annotationViews().join(QStringLiteral("\", \"")), a.view));
    if (o.contains(textKey))
        a.text = string(o.value(textKey), child(path, textKey));
    if (a.text.size() > limits::maxAnnotationText)
        fail(child(path, textKey), QStringLiteral("longer than %1 characters").arg(limits::maxAnnotationText));
    // The heads grid's tiles are small multiples, one per head: a box marks the same cell or row
    // in each, and words would cover the cells.
    if (a.view == u"heads" && (a.kind != AnnotationKind::Box || !a.text.isEmpty()))
        fail(path, QStringLiteral("the heads grid takes boxes without text (a box marks every head's tile)"));
    if (a.kind == AnnotationKind::Callout && a.text.trimmed().isEmpty())
        fail(child(path, textKey), QStringLiteral("a callout needs its text"));
    if (a.kind == AnnotationKind::Arrow) {
        if (o.contains(tokenKey) || o.contains(cellKey))
            fail(path, QStringLiteral("an arrow goes from a token to a token: give \"from\" and \"to\""));
        if (a.view == u"heatmap" || a.view == u"heads")
            fail(child(path, viewKey), QStringLiteral("arrows go on the arrows, bars and vectors views"));
        a.from = tokenNameAt(o.value(fromKey), child(path, fromKey));
        a.to = tokenNameAt(o.value(toKey), child(path, toKey));
        return a;
    }
    if (o.contains(fromKey) || o.contains(toKey))
        fail(
            path, QStringLiteral("a %1 marks a \"token\" or a \"cell\"; \"from\" and \"to\" are an arrow's").arg(kind));
    if (o.contains(tokenKey) == o.contains(cellKey))
        fail(path, QStringLiteral("a %1 marks either a \"token\" or a \"cell\" [query, key]").arg(kind));
    if (o.contains(tokenKey)) {
        a.from = tokenNameAt(o.value(tokenKey), child(path, tokenKey));
        return a;
    }
    const QString cellPath = child(path, cellKey);
    if (a.view != u"heatmap" && a.view != u"heads")
        fail(cellPath,
            QStringLiteral("cells are marked on the heatmap and the heads grid; on the %1 view mark a \"token\"")
                .arg(a.view));
    const QJsonArray cell = array(o.value(cellKey), cellPath, 2, QStringLiteral("tokens [query, key]"));
    a.from = tokenNameAt(cell[0], child(cellPath, 0));
    a.to = tokenNameAt(cell[1], child(cellPath, 1));
    return a;
}

} // namespace

std::optional<int> tokenIndex(const QStringList &tokens, const QString &name)
{
    if (name.startsWith(u'#') && name.size() > 1) {
        bool ok = false;
        const int position = name.mid(1).toInt(&ok);
        // "#2" is the second token even when a token's text is "#2"; "#-1" is the last, whatever
        // the sentence's length (a model's lesson names the token it predicts from so).
        const qsizetype index = position < 0 ? tokens.size() + position : position - 1;
        if (ok)
            return position != 0 && index >= 0 && index < tokens.size() ? std::optional<int>(int(index)) : std::nullopt;
    }
    const qsizetype i = tokens.indexOf(name);
    return i >= 0 ? std::optional<int>(static_cast<int>(i)) : std::nullopt;
}

QString tokenName(const QStringList &tokens, int index)
{
    if (index < 0 || index >= tokens.size())
        return {};
    const QString &text = tokens[index];
    const bool plain = !text.isEmpty() && !(text.startsWith(u'#') && text.size() > 1);
    return plain && tokens.indexOf(text) == index ? text : QStringLiteral("#%1").arg(index + 1);
}

const QStringList &annotationViews()
{
    static const QStringList views {QStringLiteral("heatmap"), QStringLiteral("heads"), QStringLiteral("arrows"),
        QStringLiteral("bars"), QStringLiteral("vectors"), QStringLiteral("worked")};
    return views;
}

QString annotationKindName(AnnotationKind kind)
{
    switch (kind) {
    case AnnotationKind::Callout:
        return QStringLiteral("callout");
    case AnnotationKind::Box:
        return QStringLiteral("box");
    case AnnotationKind::Arrow:
        break;
    }
    return QStringLiteral("arrow");
}

std::vector<PlacedAnnotation> placeAnnotations(
    const std::vector<Annotation> &annotations, const QStringList &tokens, const QString &view)
{
    std::vector<PlacedAnnotation> placed;
    for (const Annotation &a : annotations) {
        if (a.view != view)
            continue;
        const std::optional<int> from = tokenIndex(tokens, a.from);
        const std::optional<int> to = a.to.isEmpty() ? std::optional<int>(-1) : tokenIndex(tokens, a.to);
        if (from && to)
            placed.push_back({a.kind, *from, *to, a.text});
    }
    return placed;
}

std::vector<Annotation> readAnnotations(const QJsonValue &value, const QString &path)
{
    const QJsonArray list = array(value, path, -1, QStringLiteral("annotations"));
    if (list.size() > limits::maxAnnotations)
        fail(path, QStringLiteral("%1 annotations; at most %2").arg(list.size()).arg(limits::maxAnnotations));
    std::vector<Annotation> annotations;
    for (qsizetype i = 0; i < list.size(); ++i)
        annotations.push_back(readOne(list[i], child(path, i)));
    return annotations;
}

QJsonArray annotationsToJson(const std::vector<Annotation> &annotations)
{
    QJsonArray list;
    for (const Annotation &a : annotations) {
        QJsonObject o {{kindKey, annotationKindName(a.kind)}, {viewKey, a.view}};
        if (a.kind == AnnotationKind::Arrow) {
            o.insert(fromKey, a.from);
            o.insert(toKey, a.to);
        } else if (a.to.isEmpty()) {
            o.insert(tokenKey, a.from);
        } else {
            o.insert(cellKey, QJsonArray {a.from, a.to});
        }
        if (!a.text.isEmpty())
            o.insert(textKey, a.text);
        list.append(o);
    }
    return list;
}

} // namespace qkv
