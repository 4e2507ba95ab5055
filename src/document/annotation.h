#pragma once

#include <QJsonArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace qkv {

// A token as a person names it in a file: its text (the first token with that text) or its
// position, "#3" for the third ("#-1" the last, "#-2" the one before). Annotations and lessons name tokens so; a name
// survives edits of the sentence that keep its word.
std::optional<int> tokenIndex(const QStringList &tokens, const QString &name);
// The name of token `index`: its text when it is that text's first token, else "#n".
QString tokenName(const QStringList &tokens, int index);

enum class AnnotationKind { Callout, Box, Arrow };

// A mark a teacher puts on a view, kept in the document and drawn in every export: a text callout
// pointing at a token or a heatmap cell, a box around one, or an arrow from one token to another.
struct Annotation {
    AnnotationKind kind = AnnotationKind::Box;
    QString view; // one of annotationViews()
    QString from; // the token (a callout's or box's target, with `to` a heatmap cell's query)
    QString to; // a cell's key, or the token an arrow points at; empty: the token alone
    QString text; // a callout's words, or an arrow's or box's label (may be empty)
    bool operator==(const Annotation &) const = default;
};

// The views annotations go on, by their figure names: "heatmap", "heads" (boxes only), "arrows",
// "bars", "vectors".
const QStringList &annotationViews();
QString annotationKindName(AnnotationKind kind);

// An annotation of the current sentence, with its tokens found (-1: `to` not given).
struct PlacedAnnotation {
    AnnotationKind kind = AnnotationKind::Box;
    int from = -1;
    int to = -1;
    QString text;
    bool operator==(const PlacedAnnotation &) const = default;
};
// The annotations of `view` whose tokens the sentence has, in order (the others wait for their
// words to come back).
std::vector<PlacedAnnotation> placeAnnotations(
    const std::vector<Annotation> &annotations, const QStringList &tokens, const QString &view);

// The document's "annotations" list; a wrong entry throws json::Invalid at its place.
std::vector<Annotation> readAnnotations(const QJsonValue &value, const QString &path);
QJsonArray annotationsToJson(const std::vector<Annotation> &annotations);

namespace limits {
inline constexpr int maxAnnotations = 200; // each is placed clear of the others on every repaint
inline constexpr int maxAnnotationText = 2000;
} // namespace limits

} // namespace qkv
