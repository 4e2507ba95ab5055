#include "livemodel/sessionfile.h"

#include "document/jsonfields.h"
#include "livemodel/bundledmodels.h"
#include "livemodel/livemodel.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace qkv::live {
namespace {

using Kind = transformer::Intervention::Kind;

const QString formatName = QStringLiteral("qkvlab-model-session");
constexpr int formatVersion = 1;

const std::pair<Kind, QString> kindNames[] = {{Kind::Query, QStringLiteral("query")},
    {Kind::Key, QStringLiteral("key")}, {Kind::Value, QStringLiteral("value")},
    {Kind::Attention, QStringLiteral("attention")}, {Kind::Ablate, QStringLiteral("ablate")}};

// A problem at a JSON path ("interventions[2].values[3]").
using json::Invalid;

// The value of enum E whose name at `path` is one of `names` (in E's order).
template<typename E, std::size_t N>
E oneOf(const QJsonValue &v, const QString &path, const std::array<QString, N> &names)
{
    const QString name = json::string(v, path);
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == name)
            return E(i);
    QStringList all(names.begin(), names.end() - 1);
    throw Invalid {path, QStringLiteral("\"%1\" is not %2 or %3").arg(name, all.join(u", "), names.back())};
}

// An encoder-decoder model's attentions, by Intervention::Stack's order.
using Stack = transformer::Intervention::Stack;
const std::array<QString, 3> stackNames {QStringLiteral("encoder"), QStringLiteral("decoder"), QStringLiteral("cross")};

// How all layers are combined, by Aggregate's order.
const std::array<QString, 4> layersNames {
    QStringLiteral("mean"), QStringLiteral("max"), QStringLiteral("rollout"), QStringLiteral("flow")};

// A layer or head number below `limit`.
int count(const QJsonValue &v, const QString &path, int limit)
{
    return json::integer(v, path, 0, limit - 1);
}

Eigen::MatrixXf matrix(const QJsonValue &v, const QString &path)
{
    if (!v.isArray() || v.toArray().isEmpty())
        throw Invalid {path, QStringLiteral("expected rows of numbers, got %1").arg(describeValue(v))};
    const QJsonArray rows = v.toArray();
    const qsizetype width = rows.first().toArray().size();
    // Every row's width is checked before the matrix is allocated: a long first row and many
    // empty ones would otherwise ask for rows × width numbers that the file does not hold.
    for (qsizetype r = 0; r < rows.size(); ++r) {
        if (!rows[r].isArray() || rows[r].toArray().size() != width || width == 0)
            throw Invalid {QStringLiteral("%1[%2]").arg(path).arg(r),
                QStringLiteral("expected a row of %1 numbers, got %2").arg(width).arg(describeValue(rows[r]))};
    }
    Eigen::MatrixXf out(rows.size(), width);
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const QString rowPath = QStringLiteral("%1[%2]").arg(path).arg(r);
        const QJsonArray row = rows[r].toArray();
        for (qsizetype c = 0; c < width; ++c) {
            const double x = row[c].toDouble(std::nan(""));
            if (!row[c].isDouble() || !std::isfinite(x) || std::abs(x) > double(std::numeric_limits<float>::max()))
                throw Invalid {QStringLiteral("%1[%2]").arg(rowPath).arg(c),
                    QStringLiteral("expected a finite number, got %1").arg(describeValue(row[c]))};
            out(Eigen::Index(r), Eigen::Index(c)) = float(x);
        }
    }
    return out;
}

QJsonArray rows(const Eigen::MatrixXf &m)
{
    QJsonArray out;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        QJsonArray row;
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.append(double(m(r, c))); // a float's shortest decimal reads back to the same float
        out.append(row);
    }
    return out;
}

// The fields of a document's snapshots, which a session holds for its shown look.
constexpr std::array<QStringView, 2> snapshotFields {u"snapshots", u"baseline"};

// "snapshots" and "baseline", read as a document reads them (every problem placed in them).
void readSnapshots(const QJsonObject &o, SessionFile &s)
{
    if (!o.contains(u"snapshots") && !o.contains(u"baseline"))
        return;
    QJsonObject holder = documentToJson(Document());
    for (const QStringView key : snapshotFields)
        if (o.contains(key))
            holder.insert(key, o.value(key));
    const LoadResult read = readDocumentObject(holder);
    if (!read)
        throw Invalid {read.error.path, read.error.message};
    s.snapshots = read.document->snapshots();
    s.baseline = read.document->baseline();
}

SessionFile readSession(const QJsonObject &o)
{
    if (json::string(json::field(o, {}, QStringLiteral("format")), QStringLiteral("format")) != formatName)
        throw Invalid {
            QStringLiteral("format"), QStringLiteral("not a QKV Lab model session (expected \"%1\")").arg(formatName)};
    if (count(json::field(o, {}, QStringLiteral("version")), QStringLiteral("version"), 1000) != formatVersion)
        throw Invalid {QStringLiteral("version"),
            QStringLiteral("version %1 is newer than this QKV Lab reads (%2)")
                .arg(o.value(u"version").toInt())
                .arg(formatVersion)};
    SessionFile s;
    s.model = json::string(json::field(o, {}, QStringLiteral("model")), QStringLiteral("model"));
    if (s.model.isEmpty())
        throw Invalid {QStringLiteral("model"), QStringLiteral("names no model")};
    if (o.contains(u"modelRelative"))
        s.modelRelative = json::string(o.value(u"modelRelative"), QStringLiteral("modelRelative"));
    s.sentence = json::string(json::field(o, {}, QStringLiteral("sentence")), QStringLiteral("sentence"));
    if (o.contains(u"target"))
        s.target = json::string(o.value(u"target"), QStringLiteral("target"));
    if (o.contains(u"stack"))
        s.stack = oneOf<Stack>(o.value(u"stack"), QStringLiteral("stack"), stackNames);
    constexpr int most = 1 << 16;
    s.layer = count(o.value(u"layer").isUndefined() ? QJsonValue(0) : o.value(u"layer"), QStringLiteral("layer"), most);
    if (o.contains(u"layers"))
        s.layers = oneOf<Aggregate>(o.value(u"layers"), QStringLiteral("layers"), layersNames);
    s.head = count(o.value(u"head").isUndefined() ? QJsonValue(0) : o.value(u"head"), QStringLiteral("head"), most);
    const QJsonValue list = o.value(u"interventions");
    if (!list.isUndefined() && !list.isArray())
        throw Invalid {
            QStringLiteral("interventions"), QStringLiteral("expected a list, got %1").arg(describeValue(list))};
    const QJsonArray all = list.toArray();
    for (qsizetype i = 0; i < all.size(); ++i) {
        const QString path = QStringLiteral("interventions[%1]").arg(i);
        if (!all[i].isObject())
            throw Invalid {path, QStringLiteral("expected an object, got %1").arg(describeValue(all[i]))};
        const QJsonObject e = all[i].toObject();
        transformer::Intervention x;
        x.layer = count(json::field(e, path, QStringLiteral("layer")), path + QStringLiteral(".layer"), most);
        x.head = count(json::field(e, path, QStringLiteral("head")), path + QStringLiteral(".head"), most);
        const QString kind = json::string(json::field(e, path, QStringLiteral("kind")), path + QStringLiteral(".kind"));
        const auto *const named
            = std::find_if(std::begin(kindNames), std::end(kindNames), [&](const auto &k) { return k.second == kind; });
        if (named == std::end(kindNames))
            throw Invalid {path + QStringLiteral(".kind"),
                QStringLiteral("\"%1\" is not query, key, value, attention or ablate").arg(kind)};
        x.kind = named->first;
        if (e.contains(u"stack"))
            x.stack = oneOf<Stack>(e.value(u"stack"), path + QStringLiteral(".stack"), stackNames);
        if (x.kind != Kind::Ablate)
            x.values = matrix(json::field(e, path, QStringLiteral("values")), path + QStringLiteral(".values"));
        s.interventions.push_back(std::move(x));
    }
    const QJsonValue answers = o.value(u"lesson_answers");
    if (!answers.isUndefined() && !answers.isObject())
        throw Invalid {QStringLiteral("lesson_answers"),
            QStringLiteral("expected an object of answers, got %1").arg(describeValue(answers))};
    s.lessonAnswers = answers.toObject();
    readSnapshots(o, s);
    if (o.contains(u"annotations"))
        s.annotations = readAnnotations(o.value(u"annotations"), QStringLiteral("annotations"));
    return s;
}

} // namespace

bool isSessionFileName(const QString &file)
{
    return file.endsWith(QLatin1String(sessionSuffix), Qt::CaseInsensitive);
}

QByteArray serializeSession(const SessionFile &s, const QString &file)
{
    QJsonObject o;
    o.insert(u"format", formatName);
    o.insert(u"version", formatVersion);
    o.insert(u"model", s.model);
    if (!isNamedModel(s.model))
        o.insert(u"modelRelative", QFileInfo(file).absoluteDir().relativeFilePath(s.model));
    o.insert(u"sentence", s.sentence);
    const bool stacks = !s.target.isEmpty() || s.stack != Stack::Encoder
        || std::any_of(s.interventions.begin(), s.interventions.end(),
            [](const transformer::Intervention &x) { return x.stack != Stack::Encoder; });
    if (stacks) {
        o.insert(u"target", s.target);
        o.insert(u"stack", stackNames[int(s.stack)]);
    }
    o.insert(u"layer", s.layer);
    if (s.layers)
        o.insert(u"layers", layersNames[int(*s.layers)]);
    o.insert(u"head", s.head);
    QJsonArray list;
    for (const transformer::Intervention &x : s.interventions) {
        QJsonObject e;
        e.insert(u"layer", x.layer);
        e.insert(u"head", x.head);
        if (stacks)
            e.insert(u"stack", stackNames[int(x.stack)]);
        for (const auto &[kind, name] : kindNames)
            if (kind == x.kind)
                e.insert(u"kind", name);
        if (x.kind != Kind::Ablate)
            e.insert(u"values", rows(x.values));
        list.append(e);
    }
    o.insert(u"interventions", list);
    if (!s.lessonAnswers.isEmpty())
        o.insert(u"lesson_answers", s.lessonAnswers);
    if (!s.snapshots.empty()) { // written as a document writes them
        Document holder;
        holder.setSnapshots(s.snapshots);
        holder.setBaseline(s.baseline);
        const QJsonObject written = documentToJson(holder);
        for (const QStringView key : snapshotFields)
            if (written.contains(key))
                o.insert(key, written.value(key));
    }
    if (!s.annotations.empty())
        o.insert(u"annotations", annotationsToJson(s.annotations));
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

SessionLoad parseSession(const QByteArray &json, const QString &file)
{
    SessionLoad out;
    out.error.file = file;
    if (const std::optional<QJsonObject> top = parseJsonObject(json, out.error))
        out.session = json::readPlaced(*top, out.error, readSession);
    return out;
}

SessionLoad loadSession(const QString &file)
{
    SessionLoad out;
    out.error.file = file;
    const std::optional<QByteArray> bytes = readLimitedFile(file, &out.error.message);
    return bytes ? parseSession(*bytes, file) : out;
}

QString locateModel(const SessionFile &s, const QString &file)
{
    if (isNamedModel(s.model)) // found by name
        return s.model;
    if (QFileInfo(s.model).isDir() || isModelLocation(s.model))
        return s.model;
    if (!s.modelRelative.isEmpty()) {
        const QString beside = QFileInfo(file).absoluteDir().filePath(s.modelRelative);
        if (QFileInfo(beside).isDir() || isModelLocation(beside))
            return QDir::cleanPath(beside);
    }
    return {};
}

} // namespace qkv::live
