#pragma once

// What a head does, measured on one passage from its attention: the scores `qkvlab heads` averages
// over a corpus. Each is defined in the README ("Head statistics"); the detection scores are
// TransformerLens's `detect_head` with its "mul" measure, neither the first nor the current token
// excluded.

#include <Eigen/Core>

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace qkv::analysis {

enum class HeadScore {
    Entropy, // mean over rows of −Σ a·ln a (nats)
    PreviousToken, // share of the attention on the token before (detect_head "previous_token_head")
    DuplicateToken, // on earlier copies of the same token ("duplicate_token_head")
    Induction, // on the token after an earlier copy of the same token ("induction_head")
    InductionRandom, // the same, on a random sequence repeated: mean over the repeat's rows
    FirstToken, // mean over rows of the weight on the first token (an attention sink)
    SpecialTokens, // mean over rows of the weight on special tokens ([CLS], [SEP], BOS)
    Distance, // mean over rows of Σ a·|i − j|, in tokens
    Concentration, // mean over rows of the largest weight
};
inline constexpr int headScoreCount = 9;

QString headScoreName(HeadScore score); // as the command line and files name it: "previous-token"
std::optional<HeadScore> headScoreFromName(QStringView name);
std::vector<HeadScore> allHeadScores();
QStringList headScoreNames();

// One passage as the model saw it: its token ids and which of them are special tokens.
// `repeatLength` > 0 marks a generated sequence for InductionRandom: special tokens, then L
// random tokens, then the same L again, then special tokens.
struct ScoredPassage {
    std::vector<int> ids;
    std::vector<bool> special;
    int repeatLength = 0;
    int repeatStart = 0; // the first of the L random tokens
};

// Whether `score` is measured on this passage: InductionRandom on generated sequences only, the
// detection scores on passages of two or more tokens (as detect_head asks), the others on all.
bool scoresPassage(HeadScore score, const ScoredPassage &passage);

// `score` of a head whose attention on `passage` is `attention` (n × n, row = the token attending).
double headScore(HeadScore score, const Eigen::MatrixXf &attention, const ScoredPassage &passage);

} // namespace qkv::analysis
