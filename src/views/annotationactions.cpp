#include "views/annotationactions.h"

#include "session/documentsession.h"

#include <QFontMetrics>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>

#include <algorithm>

namespace qkv {
namespace {

// Arrows to at most this many tokens are offered one by one; a long sentence offers its nearest.
constexpr int maxArrowTargets = 40;

} // namespace

AskText annotationTextDialog(QWidget *parent)
{
    return [parent](const QString &title, const QString &label, const QString &now) {
        return QInputDialog::getText(parent, title, label, QLineEdit::Normal, now).trimmed();
    };
}

void execAnnotationMenu(QWidget *view, DocumentSession *session, const AnnotationSpot &spot, const QPoint &globalPos,
    const std::function<void()> &seek, const std::function<void(QMenu &)> &viewActions)
{
    QMenu menu(view);
    if (viewActions)
        viewActions(menu); // the view's own first (a heatmap's zoom)
    if (seek && session) {
        QAction *action = menu.addAction(QMenu::tr("&Goal Seek This Weight…"));
        action->setObjectName(QStringLiteral("goalSeekCell"));
        QObject::connect(action, &QAction::triggered, view, seek);
        menu.addSeparator();
    }
    addAnnotationActions(menu, session, spot, annotationTextDialog(view));
    if (!menu.isEmpty())
        menu.exec(globalPos);
}

void addAnnotationActions(QMenu &menu, DocumentSession *session, const AnnotationSpot &spot, const AskText &askText)
{
    if (!session || spot.token < 0 || spot.token >= session->document().tokenCount())
        return;
    const QStringList &tokens = session->document().tokens();
    const QString from = tokenName(tokens, spot.token);
    const QString to = spot.key >= 0 ? tokenName(tokens, spot.key) : QString();
    const QString target = spot.key >= 0 ? QMenu::tr("the cell %1 → %2").arg(tokens[spot.token], tokens[spot.key])
                                         : QMenu::tr("“%1”").arg(tokens[spot.token]);
    QMenu *sub = menu.addMenu(QMenu::tr("Annotate"));
    sub->setObjectName(QStringLiteral("annotateMenu"));
    const auto add = [session](const Annotation &a, const QString &text) {
        std::vector<Annotation> list = session->document().annotations();
        list.push_back(a);
        session->editAnnotations(list, text);
    };
    QAction *box = sub->addAction(QMenu::tr("Box around %1").arg(target));
    box->setObjectName(QStringLiteral("annotateBox"));
    QObject::connect(box, &QAction::triggered, session, [=] {
        add({AnnotationKind::Box, spot.view, from, to, QString()}, QMenu::tr("Box around %1").arg(target));
    });
    // The heads grid's tiles take boxes alone (document/annotation.h).
    const bool boxesOnly = spot.view == u"heads";
    if (!boxesOnly) {
        QAction *callout = sub->addAction(QMenu::tr("Callout on %1…").arg(target));
        callout->setObjectName(QStringLiteral("annotateCallout"));
        QObject::connect(callout, &QAction::triggered, session, [=] {
            const QString text
                = askText(QMenu::tr("Callout"), QMenu::tr("What the callout on %1 says:").arg(target), QString());
            if (!text.isEmpty())
                add({AnnotationKind::Callout, spot.view, from, to, text}, QMenu::tr("Callout on %1").arg(target));
        });
    }
    if (spot.view != u"heatmap" && !boxesOnly) {
        QMenu *arrows = sub->addMenu(QMenu::tr("Arrow from “%1” to").arg(tokens[spot.token]));
        arrows->setObjectName(QStringLiteral("annotateArrow"));
        const int n = static_cast<int>(tokens.size());
        const int first = std::clamp(spot.token - maxArrowTargets / 2, 0, std::max(0, n - maxArrowTargets));
        for (int i = first; i < std::min(n, first + maxArrowTargets); ++i) {
            if (i == spot.token)
                continue;
            QAction *a = arrows->addAction(QStringLiteral("%1 (%2)").arg(tokens[i]).arg(i + 1));
            const QString end = tokenName(tokens, i);
            QObject::connect(a, &QAction::triggered, session, [=] {
                add({AnnotationKind::Arrow, spot.view, from, end, QString()},
                    QMenu::tr("Arrow from “%1” to “%2”").arg(tokens[spot.token], tokens[i]));
            });
        }
    }
    // What is annotated here already: this token (or cell) on this view.
    const std::vector<Annotation> &all = session->document().annotations();
    const auto here = [spot, tokens](const Annotation &a) {
        if (a.view != spot.view)
            return false;
        const auto index = [&tokens](const QString &name) { return tokenIndex(tokens, name).value_or(-2); };
        if (a.kind == AnnotationKind::Arrow)
            return index(a.from) == spot.token || index(a.to) == spot.token;
        return index(a.from) == spot.token && (a.to.isEmpty() ? spot.key < 0 : index(a.to) == spot.key);
    };
    const auto count = std::count_if(all.begin(), all.end(), here);
    if (count > 0)
        sub->addSeparator();
    // The words of each callout, box or arrow here, edited in place.
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (!here(all[i]) || boxesOnly)
            continue;
        const QString now = all[i].text;
        const QString shown = now.isEmpty()
            ? QString()
            : QStringLiteral(" “%1”").arg(QFontMetrics(menu.font()).elidedText(now, Qt::ElideRight, 160));
        const QString what = all[i].kind == AnnotationKind::Callout ? QMenu::tr("callout")
            : all[i].kind == AnnotationKind::Box                    ? QMenu::tr("box")
                                                                    : QMenu::tr("arrow");
        QAction *edit = sub->addAction(QMenu::tr("Edit the words of the %1%2…").arg(what, shown));
        edit->setObjectName(QStringLiteral("annotateEdit"));
        const Annotation before = all[i];
        QObject::connect(edit, &QAction::triggered, session, [=] {
            const QString text = askText(QMenu::tr("Annotation"), QMenu::tr("The words of the %1:").arg(what), now);
            // A callout keeps some words; a box's or arrow's label may go.
            if (text == now || (text.isEmpty() && before.kind == AnnotationKind::Callout))
                return;
            std::vector<Annotation> list = session->document().annotations();
            const auto at = std::find(list.begin(), list.end(), before);
            if (at == list.end())
                return;
            at->text = text;
            session->editAnnotations(list, QMenu::tr("Edit the words of the %1").arg(what));
        });
    }
    if (count > 0) {
        QAction *remove = sub->addAction(QMenu::tr("Remove the annotations of %1 (%2)").arg(target).arg(count));
        remove->setObjectName(QStringLiteral("annotateRemove"));
        QObject::connect(remove, &QAction::triggered, session, [=] {
            std::vector<Annotation> kept;
            for (const Annotation &a : session->document().annotations())
                if (!here(a))
                    kept.push_back(a);
            session->editAnnotations(kept, QMenu::tr("Remove the annotations of %1").arg(target));
        });
    }
    const bool viewHasAny
        = std::any_of(all.begin(), all.end(), [&spot](const Annotation &a) { return a.view == spot.view; });
    if (viewHasAny) {
        QAction *clear = sub->addAction(QMenu::tr("Remove every annotation of this view"));
        clear->setObjectName(QStringLiteral("annotateClear"));
        QObject::connect(clear, &QAction::triggered, session, [=] {
            std::vector<Annotation> kept;
            for (const Annotation &a : session->document().annotations())
                if (a.view != spot.view)
                    kept.push_back(a);
            session->editAnnotations(kept, QMenu::tr("Remove every annotation of a view"));
        });
    }
}

} // namespace qkv
