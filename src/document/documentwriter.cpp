#include "document/documentio.h"

#include "document/jsonwriter.h"

#include <QJsonArray>
#include <QJsonObject>

namespace qkv {
namespace {

QJsonArray toJson(const Eigen::VectorXd &v)
{
    QJsonArray a;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        a.append(v(i));
    return a;
}

QJsonArray toJson(const Eigen::MatrixXd &m)
{
    QJsonArray a;
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        a.append(toJson(Eigen::VectorXd(m.row(r).transpose())));
    return a;
}

// One head is written as a flat vector, which the format allows, so small documents read easily.
QJsonValue perHead(const Eigen::MatrixXd &m)
{
    return m.rows() == 1 ? toJson(Eigen::VectorXd(m.row(0).transpose())) : toJson(m);
}

} // namespace

QJsonObject documentToJson(const Document &doc)
{
    const Settings &s = doc.settings();
    QJsonObject o = doc.extraKeys();
    o.insert(QStringLiteral("format"), QStringLiteral("qkvlab"));
    o.insert(QStringLiteral("version"), 1);
    if (!doc.title().isEmpty())
        o.insert(QStringLiteral("title"), doc.title());
    if (!doc.description().isEmpty())
        o.insert(QStringLiteral("description"), doc.description());
    o.insert(QStringLiteral("sentence"), doc.sentence());
    if (doc.isCross())
        o.insert(QStringLiteral("cross"), QJsonObject {{QStringLiteral("sentence"), doc.crossSentence()}});
    o.insert(QStringLiteral("tokenizer"), toString(s.tokenizer));
    o.insert(QStringLiteral("mode"), toString(s.mode));
    o.insert(QStringLiteral("heads"), s.heads);
    o.insert(QStringLiteral("dim"), s.dim);
    o.insert(QStringLiteral("scoring"), toString(s.scoring));
    o.insert(QStringLiteral("normalization"), toString(s.normalization));
    o.insert(QStringLiteral("temperature"), s.temperature);
    o.insert(QStringLiteral("mask"), toString(s.mask));
    if (s.vectors != VectorScope::PerWord) // left out by default, so older files stay byte-identical
        o.insert(QStringLiteral("vectors"), toString(s.vectors));
    if (s.precision != Precision::Float64)
        o.insert(QStringLiteral("precision"), toString(s.precision));
    if (s.softmax != SoftmaxForm::Stable)
        o.insert(QStringLiteral("softmax"), toString(s.softmax));
    if (!doc.maskedCells().empty()) {
        QJsonArray cells;
        for (const auto &[row, col] : doc.maskedCells())
            cells.append(QJsonArray {row, col});
        o.insert(QStringLiteral("masked"), cells);
    }
    if (!doc.switchedOffHeads().empty()) { // heads counted from 1, as the window names them
        QJsonArray heads;
        for (int h : doc.switchedOffHeads())
            heads.append(h + 1);
        o.insert(QStringLiteral("switched_off"), heads);
    }
    if (!doc.storedWords().empty()) {
        QJsonObject words;
        for (const auto &[word, v] : doc.storedWords())
            words.insert(word,
                QJsonObject {{QStringLiteral("q"), perHead(v.q)}, {QStringLiteral("k"), perHead(v.k)},
                    {QStringLiteral("v"), perHead(v.v)}});
        o.insert(QStringLiteral("words"), words);
    }
    if (doc.hasStoredAttention()) {
        QJsonArray heads;
        for (int h = 0; h < s.heads; ++h)
            heads.append(toJson(doc.attention(h)));
        o.insert(QStringLiteral("attention"), heads);
    }
    o.insert(QStringLiteral("d_model"), s.dModel);
    o.insert(QStringLiteral("positions"), toString(s.positions));
    if (!doc.storedEmbeddings().empty()) {
        QJsonObject embeddings;
        for (const auto &[word, x] : doc.storedEmbeddings())
            embeddings.insert(word, toJson(x));
        o.insert(QStringLiteral("embeddings"), embeddings);
    }
    if (doc.hasStoredProjections()) {
        QJsonArray projections;
        for (int h = 0; h < s.heads; ++h) {
            const Projection p = doc.projection(h);
            projections.append(QJsonObject {{QStringLiteral("wq"), toJson(p.wq)}, {QStringLiteral("wk"), toJson(p.wk)},
                {QStringLiteral("wv"), toJson(p.wv)}});
        }
        o.insert(QStringLiteral("projections"), projections);
    }
    if (doc.wo())
        o.insert(QStringLiteral("wo"), toJson(*doc.wo()));
    if (!doc.annotations().empty())
        o.insert(QStringLiteral("annotations"), annotationsToJson(doc.annotations()));
    if (!doc.view().isEmpty())
        o.insert(QStringLiteral("view"), doc.view());
    if (!doc.snapshots().empty()) {
        QJsonArray snapshots;
        for (const Snapshot &snapshot : doc.snapshots())
            snapshots.append(QJsonObject {
                {QStringLiteral("name"), snapshot.name}, {QStringLiteral("state"), documentToJson(*snapshot.state)}});
        o.insert(QStringLiteral("snapshots"), snapshots);
    }
    if (!doc.baseline().isEmpty())
        o.insert(QStringLiteral("baseline"), doc.baseline());
    return o;
}

QByteArray serializeDocument(const Document &doc)
{
    return toPrettyJson(documentToJson(doc));
}

} // namespace qkv
