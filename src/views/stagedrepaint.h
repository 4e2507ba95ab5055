#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QWidget;

namespace qkv {

// Spreads one big repaint over several passes of the event loop. A real model's new run
// changes every view at once, and painting them all in one pass kept the window from
// answering for longer than a frame; held views keep their new data but paint one per pass,
// after the pass that paints everything else, so each pass is short and input is read in
// between. Only for whole new results: a drag repaints every view in the same frame.
class StagedRepaint : public QObject
{
    Q_OBJECT

public:
    explicit StagedRepaint(QObject *parent = nullptr);
    ~StagedRepaint() override;

    // Holds back the repaints of the visible ones of `views`, to be released in this order.
    void hold(const QList<QWidget *> &views);
    // True while a view is held back (its repaint not yet asked for).
    bool isHolding() const { return !m_held.isEmpty(); }

Q_SIGNALS:
    // The last held view was released; its repaint is pending.
    void released();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void releaseNext();

    QList<QPointer<QWidget>> m_held;
    QPointer<QWidget> m_window; // whose repaint passes pace the releases
    QTimer m_next; // the next release, after the pass under way
    QTimer m_fallback; // in case no pass comes (a hidden or minimized window)
};

} // namespace qkv
