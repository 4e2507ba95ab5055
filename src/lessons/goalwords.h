#pragma once

#include "lessons/goal.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

// The goal language said in words for a student: a lesson's checks and answers never show
// "weight(#-1, dog, head=3) >= 0.5" but "the attention of the last token (“the”) to “dog” in
// head 3: aim for at least 50 %".
namespace qkv::lessons {

// A token as the goal language names it: "“dog”", "the last token (“the”)", "token 3 (“sat”)".
QString tokenInWords(const QString &name, const QStringList &tokens);
// An attention weight as a percentage, with the digits a small one needs ("50 %", "0.003 %").
QString percentInWords(double weight);

// Goal nodes said in words; `heads` names the head only when there are several.
struct GoalWords {
    const std::vector<Goal::Node> &nodes;
    const QString &text; // the goal as written, for what has no words (a parse of it)
    const QStringList &tokens;
    int heads = 1;

    // The quantity or expression at `index`: "the attention of “it” to “animal” in head 2".
    QString expression(int index) const;
    // A value of the expression at `index` as a student reads it: a weight as a percentage.
    QString value(int index, double x) const;
    // A comparison: "<expression>: aim for at least 50 %, now 0.003 %", from the values of its two
    // sides (nullopt with `why` when one cannot be read).
    QString comparison(int index, std::optional<double> left, std::optional<double> right, const QString &why) const;
    // strongest(q, k): "“dog” the key the last token (“the”) attends to most in head 3: yes",
    // or ": now “cat” (41 % against 12 %)".
    QString strongest(int index, const QString &top, double topWeight, double keyWeight, bool met) const;

private:
    bool isWeight(int index) const;
    QString inHead(const QString &what, int head) const;
};

} // namespace qkv::lessons
