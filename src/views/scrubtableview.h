#pragma once

#include <QTableView>

namespace qkv {

// A table of numbers that can be scrubbed: press on a number and drag sideways to change it
// (Shift fine, Ctrl coarse), as in a numeric scrubber; every move is sent to the model, which
// merges one drag into one undo step. Copy and paste blocks of numbers as tab-separated text.
class ScrubTableView : public QTableView
{
    Q_OBJECT

public:
    explicit ScrubTableView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;

    // The change per pixel of horizontal movement for the given keyboard modifiers.
    static double stepFor(Qt::KeyboardModifiers modifiers);

    void copySelection();
    void paste();

Q_SIGNALS:
    // A message for the status bar (a failed paste, what a scrub does).
    void message(const QString &text);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    // Quiet for assistive technology while another view has the focus (quietcurrent.h).
    void currentChanged(const QModelIndex &current, const QModelIndex &previous) override;
    bool event(QEvent *event) override;
    // On a word's vector: the whole-vector helpers (vectoractions.h).
    void contextMenuEvent(QContextMenuEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void fitCellsToFont();
    void showWordMenu(const QPoint &headerPos);
    int stepDirection(const QKeyEvent *event) const;

    QMetaObject::Connection m_layOutNow[3];
    QPersistentModelIndex m_pressed;
    QPoint m_pressPos;
    Qt::KeyboardModifiers m_pressModifiers;
    double m_startValue = 0;
    bool m_scrubbing = false;
};

} // namespace qkv
