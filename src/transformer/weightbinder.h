#pragma once

#include "transformer/config.h"
#include "transformer/modelweights.h"
#include "transformer/refusal.h"
#include "transformer/weightstore.h"

#include <QStringList>

namespace qkv::transformer {

// Asks the store for one family's tensors under a prefix that checkpoints may or may not carry
// (`transformer.`, `bert.`, `distilbert.`, `model.`): the prefix is the one the embedding was
// found under.
class WeightBinder
{
public:
    WeightBinder(WeightStore &store, const QString &prefix, const QString &probe)
        : WeightBinder(store, QStringList {prefix}, probe)
    { }
    // The first of `prefixes` the probe is found under (Gemma 3's language model is saved under
    // two names by different versions).
    WeightBinder(WeightStore &store, const QStringList &prefixes, const QString &probe)
        : m_store(store)
    {
        for (const QString &prefix : prefixes) {
            if (store.has(prefix + probe)) {
                m_prefix = prefix;
                break;
            }
        }
    }

    WeightStore &store() { return m_store; }
    const QString &prefix() const { return m_prefix; }

    bool has(const QString &name) const { return m_store.has(m_prefix + name); }

    const Weight *tensor(const QString &name, const std::vector<qint64> &shape, const QString &why)
    {
        return m_store.require(m_prefix + name, shape, why);
    }
    const Weight *optional(const QString &name, const std::vector<qint64> &shape, const QString &why)
    {
        return has(name) ? tensor(name, shape, why) : nullptr;
    }

    // A Linear layer `name`.weight [out, in] with its bias `name`.bias [out].
    Linear linear(const QString &name, qint64 out, qint64 in, const QString &why, bool bias = true)
    {
        Linear l;
        l.weight = tensor(name + u".weight"_qs, {out, in}, why);
        if (bias)
            l.bias = tensor(name + u".bias"_qs, {out}, why);
        return l;
    }

    // A LayerNorm's weight and bias, under the old names gamma and beta where those are stored.
    Norm layerNorm(const QString &name, qint64 size, const QString &why)
    {
        const bool old = !has(name + u".weight"_qs) && has(name + u".gamma"_qs);
        Norm n;
        n.weight = tensor(name + (old ? u".gamma"_qs : u".weight"_qs), {size}, why);
        n.bias = tensor(name + (old ? u".beta"_qs : u".bias"_qs), {size}, why);
        return n;
    }

    // An RMSNorm's weight; Gemma's scale by 1 + weight (`plusOne`).
    Norm rmsNorm(const QString &name, qint64 size, const QString &why, bool plusOne = false)
    {
        Norm n;
        n.weight = tensor(name + u".weight"_qs, {size}, why);
        n.rms = true;
        n.plusOne = plusOne;
        return n;
    }

    // The output matrix `name` [vocab_size, hidden] (a top-level name: lm_head.weight,
    // embed_out.weight), or `embedding` when config.json ties them (or, with `tiedIfAbsent`, when
    // it says nothing and the file has none); untied and missing is refused by name.
    const Weight *output(const Config &c, const Weight *embedding, const QString &name, bool tiedIfAbsent = false)
    {
        const bool has = m_store.has(name);
        if (c.tieEmbeddings || (tiedIfAbsent && !has))
            return embedding;
        if (!has)
            refuse(QStringLiteral("%1: tensor %2 is missing (config.json: tie_word_embeddings is false)")
                       .arg(m_store.describeLocation(), name));
        return m_store.require(name, {c.vocab, c.hidden}, u"vocab_size, hidden size"_qs);
    }

private:
    WeightStore &m_store;
    QString m_prefix;
};

} // namespace qkv::transformer
