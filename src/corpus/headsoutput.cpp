#include "corpus/headsoutput.h"

#include <QJsonArray>

#include <cmath>
#include <set>

namespace qkv::corpus {
namespace {

using analysis::HeadScore;

QJsonValue number(double value)
{
    return std::isnan(value) ? QJsonValue() : QJsonValue(value);
}

} // namespace

QByteArray headsCsv(const HeadsReport &report)
{
    const analysis::HeadStatistics &s = report.statistics;
    QByteArray csv = "layer,head";
    for (const HeadScore score : s.scores())
        csv += ',' + analysis::headScoreName(score).toLatin1();
    csv += '\n';
    for (int layer = 0; layer < s.layers(); ++layer) {
        for (int head = 0; head < s.heads(); ++head) {
            csv += QByteArray::number(layer + 1) + ',' + QByteArray::number(head + 1);
            for (const HeadScore score : s.scores()) {
                const double value = s.mean(score, layer, head);
                csv += ',';
                if (!std::isnan(value))
                    csv += QByteArray::number(value, 'g', 12);
            }
            csv += '\n';
        }
    }
    return csv;
}

QString passageText(const HeadsReport &report, const live::LiveModel &model, int passage)
{
    return model.tokenizer().decode(report.passageIds(passage));
}

QJsonObject headsJson(const HeadsReport &report, const live::LiveModel &model, const HeadsOptions &options)
{
    const analysis::HeadStatistics &s = report.statistics;
    QJsonArray heads;
    std::set<int> shown;
    for (int layer = 0; layer < s.layers(); ++layer) {
        for (int head = 0; head < s.heads(); ++head) {
            QJsonObject row {{u"layer"_qs, layer + 1}, {u"head"_qs, head + 1}};
            QJsonObject top;
            for (const HeadScore score : s.scores()) {
                const QString name = analysis::headScoreName(score);
                row.insert(name, number(s.mean(score, layer, head)));
                QJsonArray best;
                for (const analysis::TopPassage &t : s.top(score, layer, head)) {
                    best.append(QJsonObject {{u"passage"_qs, t.passage + 1}, {u"score"_qs, t.score}});
                    shown.insert(t.passage);
                }
                if (!best.isEmpty())
                    top.insert(name, best);
            }
            row.insert(u"top"_qs, top);
            heads.append(row);
        }
    }
    QJsonArray passages; // those some head scored highest on
    for (const int p : shown)
        passages.append(QJsonObject {
            {u"passage"_qs, p + 1}, {u"line"_qs, report.passageLine(p)}, {u"text"_qs, passageText(report, model, p)}});
    QJsonObject measured;
    for (const HeadScore score : s.scores())
        measured.insert(analysis::headScoreName(score), s.measured(score));
    QJsonObject json {{u"model"_qs, model.location()}, {u"corpus"_qs, options.corpus},
        {u"passages"_qs, report.passages}, {u"tokens"_qs, double(report.tokens)}, {u"max_tokens"_qs, report.maxTokens},
        {u"split"_qs, options.windows ? u"windows"_qs : u"lines"_qs}, {u"partial"_qs, report.partial},
        {u"notes"_qs, QJsonArray::fromStringList(report.notes)},
        {u"scores"_qs,
            [&] {
                QJsonArray names;
                for (const HeadScore score : s.scores())
                    names.append(analysis::headScoreName(score));
                return names;
            }()},
        {u"measured"_qs, measured}, {u"heads"_qs, heads}, {u"top_passages"_qs, passages}};
    if (report.repeatLength > 0)
        json.insert(u"random_sequences"_qs,
            QJsonObject {{u"count"_qs, options.randomSequences}, {u"repeat_length"_qs, report.repeatLength},
                {u"seed"_qs, double(options.seed)}});
    return json;
}

} // namespace qkv::corpus
