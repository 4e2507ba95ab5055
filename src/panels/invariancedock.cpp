#include "panels/invariancedock.h"

#include "session/documentsession.h"

#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace qkv {

using explore::Invariance;

InvarianceDock::InvarianceDock(DocumentSession *session, QWidget *parent)
    : QDockWidget(tr("Invariances"), parent)
    , m_session(session)
    , m_heading(new QLabel(this))
    , m_why(new QLabel(this))
{
    setObjectName(QStringLiteral("invarianceDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    auto *intro = new QLabel(tr("What does attention ignore? Each transformation is one edit (Ctrl+Z takes it "
                                "back); the badges say which numbers it changed."),
        body);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    // The answer first, where the eye is after a click; the buttons under it.
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::PlainText);
    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_heading->hide();
    layout->addWidget(m_heading);
    for (int i = 0; i < 3; ++i) {
        auto *badge = new QLabel(body);
        badge->setObjectName(QStringLiteral("invarianceBadge%1").arg(i));
        badge->setMargin(3);
        badge->setAutoFillBackground(true);
        badge->hide();
        layout->addWidget(badge);
        m_badges.push_back(badge);
    }
    m_why->setObjectName(QStringLiteral("invarianceWhy"));
    m_why->setWordWrap(true);
    m_why->setTextFormat(Qt::PlainText);
    m_why->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_why->hide();
    layout->addWidget(m_why);
    for (Invariance kind : explore::allInvariances) {
        auto *button = new QPushButton(explore::title(kind), body);
        button->setObjectName(QStringLiteral("invariance_") + explore::idOf(kind));
        connect(button, &QPushButton::clicked, this, [this, kind] { apply(kind); });
        layout->addWidget(button);
        m_buttons.push_back(button);
    }
    layout->addStretch(1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the texts wrap instead
    scroll->setWidget(body);
    setWidget(scroll);
}

QPushButton *InvarianceDock::button(Invariance kind) const
{
    return m_buttons[std::size_t(kind)];
}

void InvarianceDock::apply(Invariance kind)
{
    const Document before = m_session->document();
    const explore::Transformed t = explore::transform(before, kind);
    if (!t.document) {
        showReport(explore::title(kind), {{}, t.refusal});
        return;
    }
    QString refused;
    const auto connection
        = connect(m_session, &DocumentSession::editRefused, this, [&](const QString &why) { refused = why; });
    m_session->editDocument(*t.document, explore::title(kind));
    disconnect(connection);
    if (!refused.isEmpty()) {
        showReport(explore::title(kind), {{}, refused});
        return;
    }
    showReport(explore::title(kind), explore::compare(before, t, kind));
}

void InvarianceDock::showReport(const QString &heading, const explore::InvarianceReport &report)
{
    m_heading->setText(heading);
    m_heading->show();
    m_why->setText(report.why);
    m_why->show();
    const QStringList names {tr("Scores"), tr("Weights"), tr("Outputs")};
    for (std::size_t i = 0; i < m_badges.size(); ++i) {
        QLabel *badge = m_badges[i];
        badge->setVisible(i < report.views.size());
        if (i >= report.views.size())
            continue;
        const explore::ViewChange &v = report.views[i];
        // Green for kept, orange for changed: the words say it too, for every reader.
        badge->setText(v.changed ? tr("%1 changed (by %2)").arg(names[int(i)], QString::number(v.largest, 'g', 3))
                                 : tr("%1 unchanged").arg(names[int(i)]));
        QPalette p = badge->palette();
        p.setColor(QPalette::Window, v.changed ? QColor(0xfd, 0xd8, 0xa5) : QColor(0xc7, 0xe9, 0xc0));
        p.setColor(QPalette::WindowText, Qt::black);
        badge->setPalette(p);
        badge->setAccessibleName(badge->text());
    }
}

} // namespace qkv
