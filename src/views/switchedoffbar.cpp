#include "views/switchedoffbar.h"

#include "session/documentsession.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace qkv {

SwitchedOffBar::SwitchedOffBar(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_on(new QPushButton(tr("Switch On"), this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    m_label->setWordWrap(true);
    m_label->setForegroundRole(QPalette::ToolTipText);
    m_label->setTextFormat(Qt::PlainText);
    m_on->setObjectName(QStringLiteral("switchOnButton"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_on);
    connect(m_on, &QPushButton::clicked, this, [this] {
        if (m_session)
            Q_EMIT switchOnRequested(m_session->currentHead());
    });
    hide();
}

void SwitchedOffBar::setSession(DocumentSession *session)
{
    m_session = session;
    for (auto signal : {&DocumentSession::resultChanged, &DocumentSession::documentReset})
        connect(session, signal, this, &SwitchedOffBar::update);
    connect(session, &DocumentSession::currentHeadChanged, this, &SwitchedOffBar::update);
    update();
}

void SwitchedOffBar::setWhere(const QString &where)
{
    m_where = where;
    update();
}

QString SwitchedOffBar::text() const
{
    return m_label->text();
}

void SwitchedOffBar::update()
{
    const int head = m_session ? m_session->currentHead() : -1;
    const bool off = m_session && m_session->document().isSwitchedOff(head);
    if (off) {
        const QString name
            = m_where.isEmpty() ? tr("Head %1").arg(head + 1) : tr("Head %1 %2").arg(head + 1).arg(m_where);
        m_label->setText(tr("%1 is switched off: it attends as drawn, but its output is zero, so nothing it attends to "
                            "reaches what comes after it.")
                             .arg(name));
    }
    setVisible(off);
}

} // namespace qkv
