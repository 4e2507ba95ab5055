#include "panels/whatsthis.h"

#include "panels/glossary.h"
#include "views/viewregistry.h"

#include <QAction>
#include <QCoreApplication>
#include <QWidget>

namespace qkv {
namespace {

struct Help {
    const char *name; // the widget's or action's object name
    const char *text;
    const char *glossary; // entry id, or nullptr
};

// Every control of the window, in the order a beginner meets them (the views': viewRows()).
constexpr Help helps[] = {
    {"sentenceEdit",
        QT_TRANSLATE_NOOP("WhatsThis",
            "The sentence. Type and the tokens, tables and views update at once; a new word gets its own vectors."),
        "token"},
    {"tokenStrip", QT_TRANSLATE_NOOP("WhatsThis", "The tokens of the sentence. Click one to select it everywhere."),
        "token"},
    {"crossEdit",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Cross-attention, as an encoder–decoder's decoder does it: a second sentence whose tokens give the keys "
            "and values, while the sentence's tokens give the queries. The attention is then a rectangle: a row per "
            "token of the sentence, a column per token of the second. Clear it to return to self-attention."),
        "query"},
    {"keyTokenStrip",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Cross-attention: the tokens of the second sentence. Click one to select its key and see who attends to "
            "it."),
        "key"},
    {"switchedOffBar",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Shown while the head every view shows is switched off: its attention is drawn as it is computed, but "
            "its output is zero, so none of it reaches the joined output or a later layer. Switch On gives the head "
            "back."),
        "ablation"},
    {"wordsTable",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Each word's query, key and value vectors in the head the views show. Type a number, or press on it and "
            "drag sideways (Shift fine, Ctrl coarse). Right-click a row to reset, scale, zero or copy a vector. Greyed "
            "columns are not "
            "used by the current scoring."),
        "query"},
    {"embeddingsTable",
        QT_TRANSLATE_NOOP(
            "WhatsThis", "Projection mode: each word's embedding x, from which its query, key and value are computed."),
        "embedding"},
    {"projectionsTable",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Projection mode: the matrices W_Q, W_K and W_V that turn an embedding into a query, key and value."),
        "projection"},
    {"woTable",
        QT_TRANSLATE_NOOP(
            "WhatsThis", "Projection mode: the output matrix W_O applied to the heads' outputs placed side by side."),
        "projection"},
    {"attentionTable",
        QT_TRANSLATE_NOOP("WhatsThis",
            "The attention weights of the current head as numbers: row = the word that attends, column = the word "
            "attended to. Editable in weights mode."),
        "weight"},
    {"outputsTable",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Each word's output in the current head: its weights times the values, summed. Read-only; copy it "
            "with Ctrl+C."),
        "output"},
    {"sortedBox", QT_TRANSLATE_NOOP("WhatsThis", "Order the bars from the largest weight down."), "weight"},
    {"historyView",
        QT_TRANSLATE_NOOP("WhatsThis", "Every edit in words. Click a line to go back to that moment; Ctrl+Z undoes."),
        nullptr},
    {"headBox", QT_TRANSLATE_NOOP("WhatsThis", "The head the heatmap, tables and plots show."), "head"},
    {"mode",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Where the vectors come from: typed directly, projected from embeddings, or the attention weights "
            "given directly."),
        "projection"},
    {"scoring",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Which vectors are compared: query with key (real attention), key with key (symmetric), or the words' "
            "own vectors."),
        "keykey"},
    {"normalization", QT_TRANSLATE_NOOP("WhatsThis", "How each row of scores becomes weights."), "normalization"},
    {"temperature", QT_TRANSLATE_NOOP("WhatsThis", "Below 1 sharpens the weights, above 1 spreads them out."),
        "temperature"},
    {"mask", QT_TRANSLATE_NOOP("WhatsThis", "Causal: each word sees only itself and the words before it."), "mask"},
    {"heads", QT_TRANSLATE_NOOP("WhatsThis", "How many heads look at the sentence."), "head"},
    {"dim", QT_TRANSLATE_NOOP("WhatsThis", "d: the length of every query, key and value vector."), "scaled"},
    {"dModel", QT_TRANSLATE_NOOP("WhatsThis", "Projection mode: the length of the embeddings."), "embedding"},
    {"positions",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Projection mode: add a position signal to each embedding, so the same word at another place differs."),
        "embedding"},
    {"precision",
        QT_TRANSLATE_NOOP("WhatsThis",
            "The number format of the whole computation: float16, bfloat16 or float32 round every result after each "
            "operation, as a GPU would; watch large scores saturate the softmax or, with the naive softmax, overflow."),
        "softmax"},
    {"softmax",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Stable subtracts each row's largest score before exp, as every real implementation does; naive takes exp "
            "of the scores as they are, which overflows to ∞ in float16 above about 11 (the row is then named in the "
            "warnings)."),
        "softmax"},
    {"tokenizer",
        QT_TRANSLATE_NOOP("WhatsThis", "How the sentence is split: at spaces, or with punctuation split off."),
        "token"},
    {"vectors",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Per word: every occurrence of a word shares its vectors, as in the articles. Per token: each position "
            "has its own, as in a real model."),
        "token"},
    {"colormap", QT_TRANSLATE_NOOP("WhatsThis", "The colours of the heatmaps."), "weight"},
    {"arrowLayoutBox",
        QT_TRANSLATE_NOOP("WhatsThis", "Two columns (queries left, keys right) or arcs over the sentence."), "weight"},
    {"arrowHeadsBox",
        QT_TRANSLATE_NOOP("WhatsThis", "The current head's arrows, or every head's, each in its own colour."), "head"},
    {"thresholdBox", QT_TRANSLATE_NOOP("WhatsThis", "Arrows of smaller weights are not drawn."), "weight"},
    {"topKBox", QT_TRANSLATE_NOOP("WhatsThis", "At most this many arrows leave each word (0: no limit)."), "weight"},
    {"massBox",
        QT_TRANSLATE_NOOP("WhatsThis", "Each word's strongest arrows until they carry this share of its weight."),
        "weight"},
    {"actionScores", QT_TRANSLATE_NOOP("WhatsThis", "Colour the heatmaps by the raw scores before normalization."),
        "score"},
    {"actionSkipFirst",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Leave the first column out of the colour scale: real models park attention on the first token."),
        "weight"},
    {"stackBox",
        QT_TRANSLATE_NOOP("WhatsThis",
            "An encoder-decoder model (T5): which of its three attentions the views show. The encoder's: the "
            "sentence's tokens over each other. The decoder's: the target's tokens over the ones before them. "
            "Cross-attention: the target's tokens (rows) over the sentence's as the encoder left them (columns)."),
        "query"},
    {"layerBox",
        QT_TRANSLATE_NOOP("WhatsThis",
            "A real model: which layer the views show, or all layers combined: their mean or max, or followed "
            "through every layer with the residual connection (rollout multiplies the layers' head means; flow "
            "is the maximum flow from each output token to each input token)."),
        "head"},
    {"headsBox", QT_TRANSLATE_NOOP("WhatsThis", "A real model: each head, or the heads combined."), "head"},
    {"hideBox", QT_TRANSLATE_NOOP("WhatsThis", "Hide special tokens such as [CLS] and [SEP], and their attention."),
        "token"},
    {"mergeBox", QT_TRANSLATE_NOOP("WhatsThis", "Join a word's pieces (play + ##ing) into one token of the views."),
        "token"},
    {"specialEdit", QT_TRANSLATE_NOOP("WhatsThis", "The tokens that count as special, separated by spaces."), "token"},
    {"grid", QT_TRANSLATE_NOOP("WhatsThis", "Every layer and head of the model. Click a tile to show it."), "head"},
    {"settingsPanel",
        QT_TRANSLATE_NOOP("WhatsThis",
            "The document's settings: where the vectors come from, how they are compared and normalized, the mask, "
            "the heads and the vector length. Every change is one undo step."),
        "normalization"},
    {"predictionView",
        QT_TRANSLATE_NOOP("WhatsThis",
            "What the running model predicts: the most probable next tokens (or what fills each [MASK]) as bars. "
            "After an edit or a head switched off, the mark on each bar is the model's own probability and the "
            "number beside it the change."),
        "prediction"},
    {"actionOpenModel",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Run a transformer from a folder on disk (config.json, model.safetensors and its tokenizer): GPT-2, BERT, "
            "Llama and others. The Model menu lists those in the Hugging Face cache."),
        "head"},
    {"actionAblateHead",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Make the shown head's output zero: in a running model the rest of the model is computed again (also on "
            "each tile's context menu in the Model dock); in a document of several heads its place in the joined "
            "output becomes zeros."),
        "ablation"},
    {"actionResetLayer",
        QT_TRANSLATE_NOOP(
            "WhatsThis", "Give the shown layer its model's own queries, keys and values, and its heads back on."),
        nullptr},
    {"actionResetAll", QT_TRANSLATE_NOOP("WhatsThis", "Take back every edit of the model and every head switched off."),
        nullptr},
    {"transformerPanel",
        QT_TRANSLATE_NOOP("WhatsThis", "A real model's attention: choose the layer and heads, hide or merge tokens."),
        "head"},
    {"helpDock", QT_TRANSLATE_NOOP("WhatsThis", "The guide to the first five minutes and the glossary. F1 opens it."),
        nullptr},
    {"exampleNoteDock",
        QT_TRANSLATE_NOOP("WhatsThis",
            "About the bundled example shown: the article it comes from, what it shows, and where the article's own "
            "numbers are wrong, with the true ones."),
        nullptr},
    {"lessonDock",
        QT_TRANSLATE_NOOP("WhatsThis",
            "A lesson, step by step: what the step says, its exercise checked on every edit, hints and the solution. "
            "Page Down and Page Up walk through the steps."),
        nullptr},
    {"invarianceDock",
        QT_TRANSLATE_NOOP("WhatsThis",
            "What attention ignores: each button transforms the document (one undoable edit), and the badges say "
            "whether the scores, weights and outputs changed, and why."),
        nullptr},
    {"sideBySideDock",
        QT_TRANSLATE_NOOP("WhatsThis",
            "The baseline snapshot (A) beside now (B): the view chosen above, drawn for both with the window's view "
            "options, head and selected token, again after every edit. Choose the snapshot in Tools → Snapshots → "
            "Compare With."),
        nullptr},
    {"sideBySideView",
        QT_TRANSLATE_NOOP("WhatsThis", "Which view the side-by-side panel draws for the snapshot and for now."),
        nullptr},
    {"actionGoalSeek",
        QT_TRANSLATE_NOOP("WhatsThis",
            "Choose a cell and the weight it should have: the smallest change of its query, its key or both that "
            "gives it that weight is shown, and Apply makes it. Dragging a heatmap cell or a bar does the same."),
        "weight"},
    {"lessonNumber",
        QT_TRANSLATE_NOOP(
            "WhatsThis", "Your prediction: the number you expect, typed before the views show it. Enter answers."),
        nullptr},
};

QString textOf(const Help &help)
{
    QString text = QStringLiteral("<p>%1</p>").arg(QCoreApplication::translate("WhatsThis", help.text));
    if (help.glossary)
        text += glossaryLink(QString::fromLatin1(help.glossary));
    return text;
}

} // namespace

void installWhatsThis(QWidget *window, QObject *linkHandler)
{
    std::vector<Help> all(std::begin(helps), std::end(helps));
    // The views' own texts live in their rows; a view's widget is named by its row too.
    std::vector<QByteArray> viewNames;
    viewNames.reserve(viewRows().size());
    for (const ViewRow &row : viewRows()) {
        viewNames.push_back(row.widgetName().toLatin1());
        all.push_back({viewNames.back().constData(), row.whatsThis, row.glossary});
    }
    for (const Help &help : all) {
        const QString name = QString::fromLatin1(help.name);
        for (QWidget *w : window->findChildren<QWidget *>(name)) {
            w->setWhatsThis(textOf(help));
            w->installEventFilter(linkHandler);
        }
        for (QAction *a : window->findChildren<QAction *>(name))
            a->setWhatsThis(textOf(help));
    }
}

} // namespace qkv
