#pragma once

// What the tokenizer targets (fuzz_hftokenizer, fuzz_legacyvocab, fuzz_sentencepiece) check of
// every input: a refusal names the file; a tokenizer that loads keeps the promises of
// src/tokenizers/tokenizer.h on a few sentences and on the input's own text.

#include "fuzzcheck.h"
#include "tokenizers/tokenizer.h"

#include <QStringList>

#include <algorithm>
#include <vector>

namespace qkv::fuzz {

// The refusal of a loader names one of `files` first ("tokenizer.json: model.merges[3]: …").
inline void checkRefusal(const tokenizers::LoadedTokenizer &loaded, const QStringList &files)
{
    FUZZ_CHECK(!loaded.tokenizer, QString());
    const bool named = std::any_of(files.begin(), files.end(), [&](const QString &f) {
        return loaded.error.startsWith(f + QStringLiteral(": ")) && loaded.error.size() > f.size() + 2;
    });
    FUZZ_CHECK(named, QStringLiteral("the refusal does not name the file: ") + loaded.error);
}

inline QString joinIds(const std::vector<int> &ids)
{
    QStringList s;
    for (int id : ids)
        s << QString::number(id);
    return s.join(u' ');
}

// One sentence: every id is in the vocabulary and described by its piece; encoding again gives
// the same ids (the BPE cache); the special tokens only surround the text's own tokens, as they
// surround nothing in an empty text.
inline void checkEncoding(const tokenizers::Tokenizer &t, const QString &text, const std::vector<int> &specials)
{
    const tokenizers::Encoding plain = t.encode(text, false);
    const tokenizers::Encoding full = t.encode(text, true);
    for (const tokenizers::Encoding *e : {&plain, &full}) {
        FUZZ_CHECK(qsizetype(e->ids.size()) == e->pieces.size() && e->pieces.size() == e->display.size(),
            QStringLiteral("%1 ids, %2 pieces, %3 shown")
                .arg(e->ids.size())
                .arg(e->pieces.size())
                .arg(e->display.size()));
        for (std::size_t i = 0; i < e->ids.size(); ++i) {
            const int id = e->ids[i];
            FUZZ_CHECK(id >= 0 && id < t.vocabSize(), QStringLiteral("id %1 of %2").arg(id).arg(t.vocabSize()));
            const QString &piece = e->pieces[qsizetype(i)];
            FUZZ_CHECK(piece == t.piece(id), QStringLiteral("id %1 described as '%2'").arg(id).arg(piece));
            FUZZ_CHECK(piece.isEmpty() || !e->display[qsizetype(i)].isEmpty(),
                QStringLiteral("id %1 '%2' is shown as nothing").arg(id).arg(piece));
            if (piece.isEmpty())
                continue;
            const std::optional<int> back = t.id(piece);
            FUZZ_CHECK(
                back && t.piece(*back) == piece, QStringLiteral("piece '%1' of id %2 is not found").arg(piece).arg(id));
        }
    }
    FUZZ_CHECK(t.encode(text, true).ids == full.ids, QStringLiteral("encoded twice, other ids"));
    const std::size_t n = plain.ids.size();
    FUZZ_CHECK(full.ids.size() == n + specials.size(),
        QStringLiteral("[%1] with special tokens [%2] is [%3]")
            .arg(joinIds(plain.ids), joinIds(specials), joinIds(full.ids)));
    bool around = false;
    for (std::size_t k = 0; k <= specials.size() && !around; ++k)
        around = std::equal(specials.begin(), specials.begin() + std::ptrdiff_t(k), full.ids.begin())
            && std::equal(plain.ids.begin(), plain.ids.end(), full.ids.begin() + std::ptrdiff_t(k))
            && std::equal(
                specials.begin() + std::ptrdiff_t(k), specials.end(), full.ids.begin() + std::ptrdiff_t(k + n));
    FUZZ_CHECK(around,
        QStringLiteral("[%1] with special tokens [%2] is [%3]")
            .arg(joinIds(plain.ids), joinIds(specials), joinIds(full.ids)));
    // Decoding reads every id back; what it gives is not checked (normalizers lose text).
    t.decode(full.ids);
}

// The sentences every tokenizer is tried on, then `tail` (the input's own text).
inline void checkTokenizer(const tokenizers::Tokenizer &t, const QString &tail)
{
    FUZZ_CHECK(t.vocabSize() >= 0, QString::number(t.vocabSize()));
    const std::vector<int> specials = t.encode(QString(), true).ids;
    FUZZ_CHECK(t.encode(QString(), false).ids.empty(), QStringLiteral("an empty text gave tokens"));
    static const QStringList sentences {QStringLiteral("The cat sat on the mat."),
        QStringLiteral("  Hello,\tworld!\n\nIt's 2024: don't panic "),
        QStringLiteral("naïve café, 日本語のテキスト, emoji 😀👍🏽 and ﬁ ligatures"),
        QStringLiteral("<|endoftext|>[CLS] a [MASK] b [SEP]<s></s><unk>"), QStringLiteral("\u200d\ufeff\u0301")};
    for (const QString &s : sentences)
        checkEncoding(t, s, specials);
    checkEncoding(t, tail, specials);
}

} // namespace qkv::fuzz
