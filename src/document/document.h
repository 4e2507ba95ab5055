#pragma once

#include "document/annotation.h"
#include "document/settings.h"
#include "document/snapshot.h"
#include "document/valueref.h"

#include <Eigen/Core>

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace qkv {

enum class Role { Query, Key, Value };

// One word's vectors: row h of each matrix is head h (heads × dim).
struct WordVectors {
    Eigen::MatrixXd q, k, v;
    Eigen::MatrixXd &operator[](Role r) { return r == Role::Query ? q : r == Role::Key ? k : v; }
    const Eigen::MatrixXd &operator[](Role r) const { return r == Role::Query ? q : r == Role::Key ? k : v; }
    bool operator==(const WordVectors &o) const;
};

// One head's projection matrices, each d_model × dim.
struct Projection {
    Eigen::MatrixXd wq, wk, wv;
    bool operator==(const Projection &o) const;
};

// Exact equality that, unlike Eigen's operator==, also accepts matrices of different shapes.
bool sameMatrix(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b);

using Cell = std::pair<int, int>; // (query row, key column)

// An attention document: the sentence, its settings and every number the user set.
// Vectors belong to words, not positions; anything not set explicitly takes the deterministic
// default of defaultvalues.h, so only what the user chose is stored. Every stored matrix is kept
// at the shape the settings and the token count demand, so a document is always computable.
class Document
{
public:
    Document();

    const QString &title() const { return m_title; }
    void setTitle(const QString &title) { m_title = title; }
    const QString &description() const { return m_description; }
    void setDescription(const QString &d) { m_description = d; }

    const QString &sentence() const { return m_sentence; }
    void setSentence(const QString &sentence);
    const QStringList &tokens() const { return m_tokens; }
    int tokenCount() const { return static_cast<int>(m_tokens.size()); }

    // Cross-attention (encoder–decoder style): a second sentence whose tokens give the keys and
    // values while the first sentence's tokens give the queries, so the weights are n × m. Empty:
    // self-attention, where the keys are the sentence's own tokens.
    const QString &crossSentence() const { return m_crossSentence; }
    void setCrossSentence(const QString &sentence);
    bool isCross() const { return !m_crossSentence.isEmpty(); }
    // The tokens the keys and values come from: the second sentence's, or the sentence's own.
    const QStringList &keyTokens() const { return isCross() ? m_keyTokens : m_tokens; }
    int keyTokenCount() const { return static_cast<int>(keyTokens().size()); }

    const Settings &settings() const { return m_settings; }
    // Reshapes every stored matrix to the new heads, dim, d_model and token count.
    void setSettings(const Settings &settings);

    // The key a token's vectors (and embedding) are stored under: its word, or with per-token
    // vectors its position, "#1" for the first token.
    QString vectorKey(int token) const;
    // The same for a key's token (of the second sentence in cross-attention: "b#1" per token).
    QString keyVectorKey(int key) const;

    // Direct mode and the values of weights mode, by vector key.
    WordVectors wordVectors(const QString &word) const;
    const std::map<QString, WordVectors> &storedWords() const { return m_words; }
    void setWordVectors(const QString &word, const WordVectors &vectors);
    void removeWordVectors(const QString &word) { m_words.erase(word); }

    // Projection mode.
    Eigen::VectorXd embedding(const QString &word) const;
    const std::map<QString, Eigen::VectorXd> &storedEmbeddings() const { return m_embeddings; }
    void setEmbedding(const QString &word, const Eigen::VectorXd &x);
    void removeEmbedding(const QString &word) { m_embeddings.erase(word); }
    Projection projection(int head) const;
    bool hasStoredProjections() const { return !m_projections.empty(); }
    void setProjection(int head, const Projection &p);
    const std::optional<Eigen::MatrixXd> &wo() const { return m_wo; }
    void setWo(const std::optional<Eigen::MatrixXd> &wo) { m_wo = wo; }

    // Weights mode: one n × m matrix per head (m = keyTokenCount()); uniform rows until the user
    // sets it.
    Eigen::MatrixXd attention(int head) const;
    bool hasStoredAttention() const { return !m_attention.empty(); }
    void setAttention(int head, const Eigen::MatrixXd &a);
    // The stored matrices as they are (empty when never set), for undo.
    const std::vector<Eigen::MatrixXd> &storedAttention() const { return m_attention; }
    void restoreAttention(const std::vector<Eigen::MatrixXd> &stored) { m_attention = stored; }

    // One number anywhere in the document. Setting a number that is still a default stores its
    // whole group (the word's vectors, every projection, every attention matrix, W_O).
    double value(const ValueRef &ref) const;
    void setValue(const ValueRef &ref, double value);
    // Whether the group holding `ref` is stored; unstore returns it to its defaults (for undo).
    bool isStored(const ValueRef &ref) const;
    void unstore(const ValueRef &ref);
    // Whether `ref` addresses a number that exists with the current shape.
    bool isValid(const ValueRef &ref) const;

    const std::set<Cell> &maskedCells() const { return m_masked; }
    void setMaskedCells(const std::set<Cell> &cells);

    // Heads switched off (0-based): each still attends as its numbers say, but its output is
    // zero, as a real model's head ablated (its output never reaches the layer's).
    const std::set<int> &switchedOffHeads() const { return m_switchedOff; }
    void setSwitchedOffHeads(const std::set<int> &heads);
    bool isSwitchedOff(int head) const { return m_switchedOff.contains(head); }

    // Marks on the views (callouts, boxes, arrows), in the order they are drawn.
    const std::vector<Annotation> &annotations() const { return m_annotations; }
    void setAnnotations(const std::vector<Annotation> &a) { m_annotations = a; }

    // Pinned states, in the order they were taken, and the one the views compare against (its
    // name; empty: none). setBaseline accepts only a snapshot's name.
    const std::vector<Snapshot> &snapshots() const { return m_snapshots; }
    void setSnapshots(std::vector<Snapshot> snapshots);
    const QString &baseline() const { return m_baseline; }
    void setBaseline(const QString &name);
    // The baseline's snapshot, or null.
    const Snapshot *baselineSnapshot() const { return findSnapshot(m_snapshots, m_baseline); }

    // The program's own view state and keys this version does not know, kept for saving.
    const QJsonObject &view() const { return m_view; }
    void setView(const QJsonObject &v) { m_view = v; }
    const QJsonObject &extraKeys() const { return m_extra; }
    // The token the document opens on, from the view's "focus" (a token's index, or the text of
    // its first occurrence): what its example is about. -1 when it names no token.
    int focusToken() const;
    void setFocusToken(int token);
    void setExtraKeys(const QJsonObject &e) { m_extra = e; }

    bool operator==(const Document &other) const;

private:
    void reshape(const Settings &old, int oldTokens, int oldKeys);
    void rekeyVectors(const Settings &old);

    QString m_title;
    QString m_description;
    QString m_sentence;
    QStringList m_tokens;
    QString m_crossSentence;
    QStringList m_keyTokens;
    Settings m_settings;
    std::map<QString, WordVectors> m_words;
    std::map<QString, Eigen::VectorXd> m_embeddings;
    std::vector<Projection> m_projections;
    std::optional<Eigen::MatrixXd> m_wo;
    std::vector<Eigen::MatrixXd> m_attention;
    std::set<Cell> m_masked;
    std::set<int> m_switchedOff;
    std::vector<Annotation> m_annotations;
    std::vector<Snapshot> m_snapshots;
    QString m_baseline;
    QJsonObject m_view;
    QJsonObject m_extra;
};

// Why cross-attention cannot be computed with these settings (key·key and embedding scoring
// compare a sentence with itself, a causal mask orders the tokens of one sentence), or empty.
QString crossRefusal(const Settings &settings);

// A document's title after its sentence changed from `before` to `after`: a title that was the
// sentence follows it, and so does any title once the sentence is replaced (fewer than half of
// the new tokens were in the old sentence); otherwise the title stays.
QString titleAfterSentenceEdit(
    const QString &title, const QString &before, const QString &after, TokenizerKind tokenizer);

} // namespace qkv
