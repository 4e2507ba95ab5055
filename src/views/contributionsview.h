#pragma once

#include "figures/contributionsfigure.h"
#include "session/sessionbinding.h"

#include <QWidget>

class QAction;

namespace qkv {

class DocumentSession;

// Where the selected query's output comes from (a ContributionsFigure) in the current head: a
// stacked bar per dimension of the keys' parts a·v, and each key's share. Follows the session;
// Left and Right walk the query through the sentence. In projection mode with a W_O, its context
// menu's Through W_O takes the model's output apart instead (every head through W_O).
class ContributionsView : public QWidget
{
    Q_OBJECT

public:
    explicit ContributionsView(QWidget *parent = nullptr);

    void setSession(DocumentSession *session);
    const ContributionsFigure &figure() const { return m_figure; }
    QAction *throughWoAction() const { return m_throughWo; }
    void paint(QPainter &painter, const QRectF &rect) const;

    QSize sizeHint() const override { return {480, 320}; }
    QSize minimumSizeHint() const override { return {200, 140}; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void sync();
    FigureStyle figureStyle() const;

    SessionBinding m_binding;
    ContributionsFigure m_figure;
    QAction *m_throughWo = nullptr;
};

} // namespace qkv
