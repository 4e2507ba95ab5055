#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace qkv {

class DocumentSession;

// A bar above the views while the head they show is switched off: its attention is drawn as
// ever, so without it a switched-off head looks untouched. Says what switching off does and
// offers to switch the head back on.
class SwitchedOffBar : public QFrame
{
    Q_OBJECT

public:
    explicit SwitchedOffBar(QWidget *parent = nullptr);

    void setSession(DocumentSession *session);
    // "of layer 2" when the document is a layer of a model: said after the head's number.
    void setWhere(const QString &where);
    QString text() const;

Q_SIGNALS:
    void switchOnRequested(int head);

private:
    void update();

    DocumentSession *m_session = nullptr;
    QString m_where;
    QLabel *m_label;
    QPushButton *m_on;
};

} // namespace qkv
