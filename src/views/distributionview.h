#pragma once

#include "attention/engine.h"

#include <QList>
#include <QPointer>
#include <QWidget>

#include <memory>

QT_BEGIN_NAMESPACE
class QBarSet;
class QChart;
class QGraphicsScene;
class QStackedBarSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace qkv {

class DocumentSession;

// The selected query's attention weights (current head) as a Qt Charts bar chart, one bar per key
// token, in sentence order or sorted by weight. Masked keys have no weight bar but a hatched
// "masked" column; bars are labelled with their tokens (thinned when they do not fit). Hovering a
// bar, or clicking it, shows its exact weight: a click highlights that key and leaves the query
// selected (a click on the highlighted bar clears it), so a teacher can point at one weight
// without losing the row; a double click makes that token the selected query.
// One paint routine serves the screen and any QPainter (PNG, SVG, PDF), also headless.
class DistributionView : public QWidget
{
    Q_OBJECT

public:
    explicit DistributionView(QWidget *parent = nullptr);
    ~DistributionView() override;

    // Live: the session's current head and selected token (the query; token 0 while nothing is
    // selected); follows its signals.
    void setSession(DocumentSession *session);
    DocumentSession *session() const;

    // Data only (export, benchmarks), used while no session is set.
    void setResult(Result result, int head = 0);
    const Result &result() const;
    void setHead(int head);
    int head() const;
    // The query whose row is shown without a session (-1: the first token).
    void setQuery(int token);
    int query() const;

    // View options.
    void setSorted(bool sorted);
    bool isSorted() const { return m_sorted; }
    // The key whose exact weight is shown (-1: none).
    void setHighlightedKey(int key);
    int highlightedKey() const { return m_highlightedKey; }

    // Draws the whole chart into `rect` of any painter (screen, image, SVG, PDF).
    void paint(QPainter &painter, const QRectF &rect) const;

    // What paint() shows: the keys from left to right and their weights (0 where masked).
    QList<int> barOrder() const;
    QList<double> barValues() const;
    // Geometry of paint() for `rect`: a key's bar (for a masked key its hatched column), and the
    // key under a point of the widget (-1 outside the bars' columns).
    QRectF barRect(const QRectF &rect, int key) const;
    int barAt(const QPointF &pos) const;
    // "it → animal: weight 0.2712 (raw score 1.22)": what a hover reports.
    QString describeBar(int key) const;

    QSize sizeHint() const override { return {480, 320}; }
    QSize minimumSizeHint() const override { return {200, 140}; }

Q_SIGNALS:
    void keyHovered(int key); // -1 when the mouse leaves the bars
    void keyClicked(int key);
    void highlightedKeyChanged(int key);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Labels;
    const HeadResult *headResult() const;
    void dataChanged();
    void sync(QSizeF size) const;
    void syncData() const;
    void syncStyle() const;
    Labels labels(QSizeF size) const;
    qreal barCentre(int position) const;
    qreal barPitch() const;
    void paintOverlay(QPainter &painter, QSizeF size) const;
    void paintCallout(QPainter &painter, int key, QSizeF size) const;

    QPointer<DocumentSession> m_session;
    Result m_own;
    int m_head = 0;
    int m_query = -1;
    bool m_sorted = false;
    int m_highlightedKey = -1;
    int m_hoveredKey = -1;

    // The chart, brought up to date lazily by sync() when m_serial moved on.
    std::unique_ptr<QGraphicsScene> m_scene;
    QChart *m_chart = nullptr;
    QStackedBarSeries *m_series = nullptr;
    QBarSet *m_weights = nullptr;
    QBarSet *m_masked = nullptr;
    QValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    quint64 m_serial = 1;
    mutable quint64 m_syncedSerial = 0;
    mutable bool m_styleDirty = true;
    mutable QList<int> m_order;
    mutable QList<double> m_values;
    mutable QList<bool> m_maskedKeys;
    mutable qreal m_widestLabel = 0; // in the widget font
};

} // namespace qkv
