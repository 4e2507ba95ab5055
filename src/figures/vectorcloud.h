#pragma once

#include "attention/engine.h"
#include "figures/projection2d.h"

#include <QList>
#include <QLocale>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <array>

namespace qkv {

class Document;

// What the vector plot shows of one head, as plain data: the query, key and value vectors and
// the outputs o = Σ a·v, one 2-D point per word, on the principal plane of the drawn vectors
// (d > 2) or on two chosen dimensions. Vectors belong to words, so a repeated word is one point;
// tokens that only share their text (per-token vectors) stay apart. In cross-attention the
// queries (and outputs) are the sentence's words and the keys and values the second sentence's:
// the cloud's tokens are then the sentence's n followed by the second sentence's m (key j is
// token n + j), and each group has the points of its own sentence's roles only.
// The plane is kept from one update to the next while only values change (a dragged point must
// not jump when let go), and fitted anew for new words, another head, d or other roles.
class VectorCloud
{
public:
    // Which roles a group has points for: all three, or in cross-attention its sentence's.
    enum class Side { Both, Queries, Keys };
    // Tokens drawn as one point: the same word with the same vectors.
    struct Group {
        QString word;
        QString key; // the document's vector key (the word, or with per-token vectors the position)
        QList<int> tokens; // the cloud's tokens (see above)
        Side side = Side::Both;
    };
    struct Options {
        bool principal = true; // the principal plane; else the dimensions below
        int dimX = 0, dimY = 1; // 0-based; a y past d puts every point on y = 0
        std::array<bool, 3> drawn {true, true, true}; // by Role: the roles the plane is fitted to
    };

    // Recomputes the points from `result`'s head `head`; `document` (or null) says which tokens
    // share their vectors. `refit`: fit the plane anew even if only values changed.
    void update(const Document *document, const Result &result, int head, const Options &options, bool refit = false);

    const QList<Group> &groups() const { return m_groups; }
    int groupOf(int token) const; // -1 for none
    // Whether group `group` has a point of `role` (the output goes with the query).
    bool has(Role role, int group) const;
    // The cloud's token of a result's token, a query or (asKey) a key; and back: whether a cloud
    // token is a key of the second sentence, and its row in its role's matrix.
    int cloudToken(int token, bool asKey) const;
    bool isSecondSentence(int token) const { return m_cross && token >= m_queries; }
    int rowOf(int token) const { return isSecondSentence(token) ? token - m_queries : token; }
    // Per group, in axis units; NaN where the group has no such point.
    const QList<QPointF> &points(Role role) const { return m_points[static_cast<std::size_t>(role)]; }
    // Only the points there are, for a series.
    QList<QPointF> presentPoints(Role role) const;
    const QList<QPointF> &outputs() const { return m_outputs; }
    bool isPrincipal() const { return m_principal; }
    const Projection2d &projection() const { return m_projection; }
    int dim() const { return m_dim; }
    // Any d-vectors (rows) where the points are drawn: on the plane, or the two dimensions.
    QList<QPointF> place(const Eigen::MatrixXd &rows) const;
    // "PC1 (62% of variance)", "dimension 3", or why there is no such dimension.
    QString axisTitle(Qt::Orientation orientation, const QLocale &locale = QLocale::c()) const;
    // The smallest box holding the origin, the points of the roles with drawn[role], and, with
    // `outputs`, every output.
    QRectF extent(const std::array<bool, 3> &drawn, bool outputs) const;
    // The head's vectors when they are whole (a row per query for q, per key for k and v, one d
    // for all), else null.
    static const HeadResult *headOf(const Result &result, int head);
    // "the ×2" for a repeated word.
    static QString labelText(const Group &group);

private:
    // What the principal plane was fitted to.
    struct FitKey {
        QStringList tokens, keyTokens;
        int head = -1;
        int dim = -1;
        std::array<bool, 3> drawn {};
        bool operator==(const FitKey &) const = default;
    };

    QList<Group> m_groups;
    QList<int> m_tokenGroup; // token → group
    std::array<QList<QPointF>, 3> m_points;
    QList<QPointF> m_outputs;
    Projection2d m_projection;
    FitKey m_fitKey;
    bool m_principal = false;
    int m_dim = 0;
    bool m_cross = false;
    int m_queries = 0; // the sentence's tokens, which come first
    int m_dx = 0, m_dy = -1; // the dimensions shown when not on the plane (-1: y = 0)
    Options m_options;
};

} // namespace qkv
