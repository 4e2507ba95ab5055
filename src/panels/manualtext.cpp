#include "panels/manualtext.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QStringList>

namespace qkv {

QString headingAnchor(const QString &heading)
{
    QString anchor;
    for (const QChar c : heading.trimmed().toLower()) {
        if (c.isLetterOrNumber() || c == u'-' || c == u'_')
            anchor += c;
        else if (c == u' ')
            anchor += u'-';
    }
    return anchor;
}

QString manualMarkdown()
{
    QFile file(QStringLiteral(":/manual/manual.md"));
    if (!file.open(QIODevice::ReadOnly))
        return QCoreApplication::translate("Manual", "The manual is missing from this build.");
    QString text = QString::fromUtf8(file.readAll());
    static const QRegularExpression picture(QStringLiteral("!\\[([^\\]]*)\\]\\([^)]*\\)"));
    text.replace(picture, QStringLiteral("*(\\1)*"));
    // The sections, as links, under the title.
    static const QRegularExpression heading(QStringLiteral("^## (.+)$"), QRegularExpression::MultilineOption);
    QStringList contents;
    for (auto it = heading.globalMatch(text); it.hasNext();) {
        const QString title = it.next().captured(1).trimmed();
        contents << QStringLiteral("[%1](manual:%2)").arg(title, headingAnchor(title));
    }
    const qsizetype firstSection = text.indexOf(QStringLiteral("\n## "));
    if (firstSection > 0)
        text.insert(firstSection + 1,
            QCoreApplication::translate("Manual", "**Contents:** %1").arg(contents.join(QStringLiteral(" · ")))
                + QStringLiteral("\n\n"));
    return text;
}

} // namespace qkv
