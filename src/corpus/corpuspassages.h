#pragma once

#include "analysis/headscores.h"
#include "livemodel/livemodel.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <random>
#include <vector>

namespace qkv::corpus {

// A passage as the model runs it: its tokens with the special tokens the tokenizer adds, and
// the line of the corpus it starts on.
struct Passage {
    analysis::ScoredPassage tokens;
    qint64 line = 0;
};

// Lines of a corpus turned into passages of at most `maxTokens` tokens: each line one passage
// (cut when longer, and said), or the text cut into consecutive windows of `maxTokens` tokens.
// Each passage carries the special tokens the model's tokenizer adds to a text ([CLS] … [SEP],
// <s>), inside the limit.
class PassageMaker
{
public:
    PassageMaker(const live::LiveModel &model, int maxTokens, bool windows);

    void addLine(const QString &text, qint64 line, std::vector<Passage> &out);
    void finish(std::vector<Passage> &out); // a last, shorter window
    QStringList notes() const;

    // Special tokens, `length` tokens drawn from the vocabulary's text tokens by `random`, the same
    // `length` again, special tokens: the induction heads' test (ScoredPassage::repeatLength).
    Passage repeatedRandom(int length, std::mt19937 &random) const;
    // The longest repeat such a sequence may have within the limit.
    int repeatLimit() const;

private:
    Passage passage(std::vector<int> body, qint64 line) const;

    const live::LiveModel &m_model;
    int m_maxTokens = 0;
    bool m_windows = false;
    std::vector<int> m_prefix, m_suffix; // the special tokens around any text
    std::vector<int> m_pending; // windows: text tokens not yet in a window
    qint64 m_pendingLine = 0;
    qint64 m_cut = 0, m_firstCut = 0;
    std::vector<int> m_textIds; // ids random sequences draw from
};

} // namespace qkv::corpus
