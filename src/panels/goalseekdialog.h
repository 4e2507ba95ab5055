#pragma once

#include "explorer/goalseek.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace qkv {

class DocumentSession;

// Tools → Goal Seek…: a cell, a target weight and what may change; the smallest change that
// reaches it is shown (the change vectors, the new ones, the weight reached, other rows it moves)
// before Apply makes it one undoable edit. A target out of reach says why and offers the closest.
// Stays open beside the views and follows the document.
class GoalSeekDialog : public QDialog
{
    Q_OBJECT

public:
    explicit GoalSeekDialog(DocumentSession *session, QWidget *parent = nullptr);

    // The cell (query row, key column) and the weight sought; the head is the session's.
    void seek(int query, int key, std::optional<double> target = std::nullopt);
    const explore::SeekResult &result() const { return m_result; }

    QComboBox *queryBox() const { return m_query; }
    QComboBox *keyBox() const { return m_key; }
    QComboBox *changeBox() const { return m_change; }
    QDoubleSpinBox *targetBox() const { return m_target; }
    QPushButton *applyButton() const { return m_apply; }
    QPushButton *closestButton() const { return m_closest; }
    QLabel *summary() const { return m_summary; }
    QTableWidget *vectors() const { return m_vectors; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void fillTokens();
    void recompute();
    void showResult();
    void apply();

    DocumentSession *m_session;
    QComboBox *m_query, *m_key, *m_change;
    QSpinBox *m_head;
    QDoubleSpinBox *m_target;
    QLabel *m_summary;
    QTableWidget *m_vectors;
    QPushButton *m_apply, *m_closest;
    explore::SeekResult m_result;
    bool m_filling = false;
};

} // namespace qkv
