#include "panels/glossary.h"

#include <QCoreApplication>

namespace qkv {
namespace {

// The context of this file's texts in the translation catalogues.
struct Glossary {
    Q_DECLARE_TR_FUNCTIONS(Glossary)
};

QList<GlossaryEntry> makeGlossary()
{
    return {
        {QStringLiteral("token"), Glossary::tr("Token"),
            Glossary::tr("One piece of the sentence: a word as the tokenizer splits it. Every row and column of the "
                         "heatmap is a token."),
            Glossary::tr("“The animal didn't” → The | animal | didn't")},
        {QStringLiteral("query"), Glossary::tr("Query (q)"),
            Glossary::tr("What a token is looking for. Its query is compared with every key to decide where the token "
                         "looks."),
            Glossary::tr("q = the query vector of the token that attends")},
        {QStringLiteral("key"), Glossary::tr("Key (k)"),
            Glossary::tr("What a token offers to be found by. A key that points the same way as a query gets a high "
                         "score from it."),
            Glossary::tr("k = the key vector of the token attended to")},
        {QStringLiteral("value"), Glossary::tr("Value (v)"),
            Glossary::tr(
                "What a token hands over once it is attended to. The output is a mix of the values, weighted by "
                "the attention."),
            Glossary::tr("v = the value vector passed on")},
        {QStringLiteral("score"), Glossary::tr("Score (S)"),
            Glossary::tr("How well a query matches a key before any normalization: their dot product, the sum of the "
                         "products of matching components."),
            Glossary::tr("S(i, j) = q_i · k_j = Σ q_i[c] · k_j[c]")},
        {QStringLiteral("scaled"), Glossary::tr("Scaled dot product"),
            Glossary::tr(
                "The score divided by the square root of the vector length d, so that long vectors do not give "
                "huge scores that make softmax pick a single key."),
            Glossary::tr("S(i, j) / √d")},
        {QStringLiteral("softmax"), Glossary::tr("Softmax"),
            Glossary::tr("Turns a row of scores into weights that are positive and add up to 1: each score is "
                         "exponentiated and divided by the sum. A larger score takes a larger share."),
            Glossary::tr("a(i, j) = e^S(i, j) / Σ_k e^S(i, k)")},
        {QStringLiteral("temperature"), Glossary::tr("Temperature (T)"),
            Glossary::tr(
                "Divides the scores before softmax. Below 1 it sharpens the weights towards the best key; above 1 "
                "it spreads them more evenly."),
            Glossary::tr("a(i, j) = softmax(S(i, ·) / T)")},
        {QStringLiteral("normalization"), Glossary::tr("Normalization"),
            Glossary::tr(
                "How a row of scores becomes weights: scaled softmax (the usual), softmax, dividing by the row's "
                "sum (an early attempt that breaks on negative scores), or none (the raw scores)."),
            Glossary::tr("sum: a(i, j) = S(i, j) / Σ_k S(i, k)")},
        {QStringLiteral("weight"), Glossary::tr("Attention weight (a)"),
            Glossary::tr(
                "How much one token takes from another: one cell of the heatmap, one arrow. Each row adds up to "
                "1 after softmax."),
            Glossary::tr("a(i, j) = share of token j in the output of token i")},
        {QStringLiteral("output"), Glossary::tr("Output (o)"),
            Glossary::tr(
                "What attention gives each token: the values of all tokens, mixed by its weights. It is what the "
                "next layer of a transformer works with."),
            Glossary::tr("o_i = Σ_j a(i, j) · v_j")},
        {QStringLiteral("mask"), Glossary::tr("Mask"),
            Glossary::tr(
                "Cells left out: a masked cell gets weight 0 and takes no part in its row's normalization. The "
                "causal mask hides every later token, as in a model that writes text left to right."),
            Glossary::tr("causal: a(i, j) = 0 for j > i")},
        {QStringLiteral("head"), Glossary::tr("Head"),
            Glossary::tr("One independent set of queries, keys and values. Several heads look at the same sentence in "
                         "different ways; their outputs are joined side by side."),
            Glossary::tr("output = [o_head 1 | o_head 2 | …]")},
        {QStringLiteral("keykey"), Glossary::tr("Key·key scoring"),
            Glossary::tr(
                "Compares keys with keys instead of queries with keys. The scores are then symmetric: a matches b "
                "exactly as much as b matches a, which is why real attention uses queries."),
            Glossary::tr("S(i, j) = k_i · k_j = S(j, i)")},
        {QStringLiteral("embedding"), Glossary::tr("Embedding (x)"),
            Glossary::tr(
                "A word's own vector before attention. Embedding scoring compares these directly; projection mode "
                "makes queries, keys and values from them."),
            Glossary::tr("x = the word's vector; S(i, j) = x_i · x_j")},
        {QStringLiteral("projection"), Glossary::tr("Projection"),
            Glossary::tr(
                "A matrix that turns an embedding into a query, key or value. Learning these matrices is how a "
                "transformer learns what to look for."),
            Glossary::tr("q = x · W_Q,  k = x · W_K,  v = x · W_V")},
        {QStringLiteral("pca"), Glossary::tr("PCA (flatten to 2-D)"),
            Glossary::tr(
                "Principal component analysis: the flat plane through the origin on which the vectors are most "
                "spread out. The vector plot shows vectors longer than 2 on that plane."),
            Glossary::tr("plot point = (v · e₁, v · e₂), e₁ and e₂ the two main directions")},
        {QStringLiteral("prediction"), Glossary::tr("Prediction"),
            Glossary::tr(
                "What a real model expects: a language model like GPT-2 gives each possible next token a "
                "probability from the last token's final state; BERT does the same for each [MASK]. After an edit "
                "or a head switched off, each bar's mark is the model's own probability."),
            Glossary::tr("p(token) = softmax(h_last · W_vocabᵀ)")},
        {QStringLiteral("ablation"), Glossary::tr("Switching a head off (ablation)"),
            Glossary::tr(
                "The head's output is made zero, as if it did nothing; every later layer and the prediction are "
                "computed again. If the prediction changes, the model relied on that head."),
            Glossary::tr("o_head = 0")},
    };
}

} // namespace

const QList<GlossaryEntry> &glossary()
{
    static const QList<GlossaryEntry> entries = makeGlossary();
    return entries;
}

const GlossaryEntry *glossaryEntry(const QString &id)
{
    for (const GlossaryEntry &e : glossary())
        if (e.id == id)
            return &e;
    return nullptr;
}

QString glossaryHtml()
{
    QString html = QStringLiteral("<h2>%1</h2><p>%2</p>")
                       .arg(Glossary::tr("Glossary"),
                           Glossary::tr("Every term the window uses, in plain words, with one formula each."));
    for (const GlossaryEntry &e : glossary()) {
        html += QStringLiteral("<h3><a name=\"%1\"></a>%2</h3><p>%3</p>").arg(e.id, e.term.toHtmlEscaped(), e.text);
        if (!e.formula.isEmpty())
            html += QStringLiteral("<p style=\"margin-left: 1.5em\"><i>%1</i></p>").arg(e.formula.toHtmlEscaped());
    }
    return html;
}

QString glossaryLink(const QString &id)
{
    const GlossaryEntry *e = glossaryEntry(id);
    return e
        ? QStringLiteral("<p><a href=\"glossary:%1\">%2</a></p>").arg(id, Glossary::tr("Glossary: %1").arg(e->term))
        : QString();
}

QString glossaryIdOfLink(const QString &href)
{
    const QString prefix = QStringLiteral("glossary:");
    return href.startsWith(prefix) ? href.mid(prefix.size()) : QString();
}

} // namespace qkv
