#pragma once

// The hand-worked cross-attention document of tst_crossattention, shared with the tests of the
// tools that work across two sentences.
#include "document/document.h"

#include <initializer_list>

namespace qkv::test {

// "I see" attends over "je vois bien" with d = 2:
//   q(I) = [1, 0], q(see) = [0, 2]; k(je) = [2, 0], k(vois) = [0, 1], k(bien) = [1, 1];
//   v(je) = [1, 0], v(vois) = [0, 1], v(bien) = [1, 1].
// Scores I: [2, 0, 1], see: [0, 2, 2]; scaled softmax divides by √2.
inline Document handWorkedCross()
{
    Document doc;
    Settings s;
    s.dim = 2;
    doc.setSettings(s);
    doc.setSentence(QStringLiteral("I see"));
    doc.setCrossSentence(QStringLiteral("je vois bien"));
    const auto vectors
        = [](std::initializer_list<double> q, std::initializer_list<double> k, std::initializer_list<double> v) {
              WordVectors w {Eigen::MatrixXd(1, 2), Eigen::MatrixXd(1, 2), Eigen::MatrixXd(1, 2)};
              w.q << *q.begin(), *(q.begin() + 1);
              w.k << *k.begin(), *(k.begin() + 1);
              w.v << *v.begin(), *(v.begin() + 1);
              return w;
          };
    // The sentence's own keys and values, and the second's queries, must not enter.
    doc.setWordVectors(QStringLiteral("I"), vectors({1, 0}, {9, 9}, {9, 9}));
    doc.setWordVectors(QStringLiteral("see"), vectors({0, 2}, {-9, 9}, {9, -9}));
    doc.setWordVectors(QStringLiteral("je"), vectors({7, 7}, {2, 0}, {1, 0}));
    doc.setWordVectors(QStringLiteral("vois"), vectors({7, 7}, {0, 1}, {0, 1}));
    doc.setWordVectors(QStringLiteral("bien"), vectors({7, 7}, {1, 1}, {1, 1}));
    return doc;
}

} // namespace qkv::test
