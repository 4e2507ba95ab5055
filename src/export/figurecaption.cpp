#include "export/figurecaption.h"

#include <QStringList>

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

} // namespace

QString figureCaption(const Document &doc, int head, int selectedToken)
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
        how << QStringLiteral("head %1 of %2").arg(head + 1).arg(s.heads);
    if (selectedToken >= 0 && selectedToken < doc.tokenCount())
        how << QStringLiteral("query “%1”").arg(doc.tokens().at(selectedToken));
    if (doc.isCross())
        how.prepend(QStringLiteral("cross-attention: keys and values from “%1”").arg(doc.crossSentence()));
    return QStringLiteral("“%1”\n%2").arg(doc.sentence(), how.join(QStringLiteral(" · ")));
}

QString figureTitle(const Document &doc)
{
    return doc.title().isEmpty() ? doc.sentence().left(80) : doc.title();
}

} // namespace qkv
