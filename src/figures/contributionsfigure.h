#pragma once

#include "attention/contributions.h"
#include "figures/figurestyle.h"
#include "figures/valueaxis.h"

#include <QCoreApplication>
#include <QRectF>

#include <optional>

class QPainter;

namespace qkv {

// Where one query's output comes from: for each dimension of the output a stacked bar of the
// keys' parts a_ij·v_j (positive parts up from 0, negative down), the output itself marked on it,
// and a legend of the keys with each one's share of the output. The keys with the largest shares
// get a colour each; the rest are summed into one grey part. Draws into any QPainter.
class ContributionsFigure
{
    Q_DECLARE_TR_FUNCTIONS(ContributionsFigure)

public:
    // What is drawn: a head of `result`, which must stay alive while the figure uses it.
    void setData(const Result *result, int head);
    // The query whose output is taken apart (-1, or one past the tokens: the first).
    void setQuery(int token);
    int query() const;
    // Through W_O ((heads·d) × d_model, projection mode): the model's output taken apart instead,
    // each key's part summed over every head (nullopt: the head's own output).
    void setWo(std::optional<Eigen::MatrixXd> wo);
    bool throughWo() const { return m_wo.has_value(); }

    // The keys given a colour of their own, largest share first, at most `maxColoured`.
    static constexpr int maxColoured = 7;
    QList<int> colouredKeys() const;
    const Contributions &contributions() const;
    const Result *result() const { return m_result; }

    void paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const;
    // The height of a dimension's value `v` in a figure painted into `rect` (for tests).
    qreal yOf(const QRectF &rect, const FigureStyle &style, double v) const;

private:
    struct Layout;
    Layout layout(const QRectF &rect, const FigureStyle &style) const;
    void update() const;

    const Result *m_result = nullptr;
    int m_head = 0;
    int m_query = -1;
    std::optional<Eigen::MatrixXd> m_wo;
    // Derived, rebuilt when the data changes.
    mutable bool m_stale = true;
    mutable Contributions m_parts;
    mutable QList<int> m_coloured;
    mutable Eigen::MatrixXd m_shown; // a row per coloured key, then the others' sum
    mutable ValueAxis m_axis;
};

} // namespace qkv
