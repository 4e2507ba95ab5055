#include "export/figurecaption.h"

#include <QStringList>

#include <set>

namespace qkv {
namespace {

QString scoringText(Scoring s)
{
    switch (s) {
    case Scoring::QueryKey:
        return QStringLiteral("scores q·k");
    case Scoring::KeyKey:
        return QStringLiteral("scores k·k");
    case Scoring::Embedding:
        return QStringLiteral("scores x·x");
    }
    return {};
}

QString normalizationText(Normalization n)
{
    switch (n) {
    case Normalization::ScaledSoftmax:
        return QStringLiteral("softmax(S/√d)");
    case Normalization::Softmax:
        return QStringLiteral("softmax(S)");
    case Normalization::Sum:
        return QStringLiteral("S / row sum");
    case Normalization::None:
        return QStringLiteral("raw scores, not normalized");
    }
    return {};
}

QStringList heads(const std::set<int> &list)
{
    QStringList out;
    for (int h : list)
        out << QString::number(h + 1);
    return out;
}

} // namespace

QString figureHeadText(const Document &doc, int head)
{
    const int count = doc.settings().heads;
    if (count <= 1)
        return {};
    QString text = head < 0 ? QStringLiteral("all %1 heads").arg(count)
                            : QStringLiteral("head %1 of %2").arg(head + 1).arg(count);
    if (head >= 0 && doc.isSwitchedOff(head))
        text += QStringLiteral(", switched off");
    std::set<int> others = doc.switchedOffHeads();
    others.erase(head);
    if (!others.empty())
        text += QStringLiteral(" (%1 %2 switched off)")
                    .arg(others.size() == 1 ? QStringLiteral("head") : QStringLiteral("heads"),
                        heads(others).join(QStringLiteral(", ")));
    return text;
}

QString defaultFigureTitle(const Document &doc, int head, const QString &source, const QString &sentence)
{
    QString title = QStringLiteral("“%1”").arg(sentence.isEmpty() ? doc.sentence() : sentence);
    if (doc.isCross()) // queries from the sentence, keys and values from the second
        title += QStringLiteral(" → “%1”").arg(doc.crossSentence());
    if (!source.isEmpty())
        title += QStringLiteral(" · ") + source;
    if (const QString heads = figureHeadText(doc, head); !heads.isEmpty())
        title += QStringLiteral(" · ") + heads;
    return title;
}

QString figureCaption(const Document &doc, int head, int selectedToken, const QString &source, const QString &sentence)
{
    const Settings &s = doc.settings();
    QStringList how;
    switch (s.mode) {
    case Mode::Direct:
        how << QStringLiteral("Q, K, V given");
        break;
    case Mode::Projection:
        how << QStringLiteral("Q, K, V projected from d_model = %1").arg(s.dModel);
        break;
    case Mode::Weights:
        how << QStringLiteral("attention weights given");
        break;
    }
    if (s.mode != Mode::Weights) {
        how << scoringText(s.scoring) << normalizationText(s.normalization);
        if (s.temperature != 1.0 && s.normalization != Normalization::None)
            how << QStringLiteral("temperature %1").arg(s.temperature);
    }
    if (s.mask == MaskKind::Causal)
        how << QStringLiteral("causal mask");
    if (!doc.maskedCells().empty())
        how << QStringLiteral("%1 masked cell(s)").arg(doc.maskedCells().size());
    if (s.heads > 1)
        how << figureHeadText(doc, head);
    if (selectedToken >= 0 && selectedToken < doc.tokenCount())
        how << QStringLiteral("query “%1”").arg(doc.tokens().at(selectedToken));
    if (doc.isCross())
        how.prepend(QStringLiteral("cross-attention: keys and values from “%1”").arg(doc.crossSentence()));
    if (!source.isEmpty())
        how.prepend(source);
    return QStringLiteral("“%1”\n%2")
        .arg(sentence.isEmpty() ? doc.sentence() : sentence, how.join(QStringLiteral(" · ")));
}

QString figureTitle(const Document &doc)
{
    return doc.title().isEmpty() ? doc.sentence().left(80) : doc.title();
}

} // namespace qkv
