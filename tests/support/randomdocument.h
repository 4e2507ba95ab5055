#pragma once

#include "document/document.h"

#include <random>

namespace qkv::test {

// n tokens drawn from `vocabulary` words, so that most words occur more than once (one edit then
// moves several rows or columns), with every number drawn from [-spread, spread].
inline Document randomDocument(int n, int vocabulary, int heads, int dim, std::mt19937 &rng, double spread = 2)
{
    std::uniform_real_distribution<double> u(-spread, spread);
    Settings s;
    s.heads = heads;
    s.dim = dim;
    Document doc;
    doc.setSettings(s);
    QStringList words;
    std::uniform_int_distribution<int> pick(0, vocabulary - 1);
    for (int i = 0; i < n; ++i)
        words << QStringLiteral("w%1").arg(pick(rng));
    doc.setSentence(words.join(QLatin1Char(' ')));
    for (int i = 0; i < n; ++i) {
        const QString key = doc.vectorKey(i);
        WordVectors v = doc.wordVectors(key);
        for (Role r : {Role::Query, Role::Key, Role::Value})
            for (Eigen::Index c = 0; c < v[r].size(); ++c)
                v[r](c) = u(rng);
        doc.setWordVectors(key, v);
    }
    return doc;
}

} // namespace qkv::test
