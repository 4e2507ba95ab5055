#pragma once

#include "explorer/invariance.h"

#include <QDockWidget>

class QLabel;
class QPushButton;

namespace qkv {

class DocumentSession;

// Tools → Invariances: one button per transformation (explorer/invariance.h), each one undoable
// edit of the document; then a badge per view (scores, weights, outputs) saying whether it
// changed and by how much, and why.
class InvarianceDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit InvarianceDock(DocumentSession *session, QWidget *parent = nullptr);

    // Applies the transformation to the session's document and shows what it changed.
    void apply(explore::Invariance kind);
    QPushButton *button(explore::Invariance kind) const;
    QLabel *badge(int view) const { return m_badges[std::size_t(view)]; } // 0 scores, 1 weights, 2 outputs
    QLabel *explanation() const { return m_why; }

private:
    void showReport(const QString &heading, const explore::InvarianceReport &report);

    DocumentSession *m_session;
    std::vector<QPushButton *> m_buttons;
    std::vector<QLabel *> m_badges;
    QLabel *m_heading;
    QLabel *m_why;
};

} // namespace qkv
