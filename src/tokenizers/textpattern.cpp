#include "textpattern.h"

#include "jsonfields.h"

#include <QJsonObject>

namespace qkv::tokenizers {

QRegularExpression parsePattern(const QJsonValue &value, const QString &path)
{
    const QJsonObject o = objectAt(value, path);
    QString pattern;
    if (o.contains(QLatin1String("String")))
        pattern = QRegularExpression::escape(stringField(o, QLatin1String("String"), path));
    else if (o.contains(QLatin1String("Regex")))
        pattern = stringField(o, QLatin1String("Regex"), path);
    else
        fail(path + QStringLiteral(" must hold \"String\" or \"Regex\""));
    // \s, \w and \d as Unicode defines them, as in Oniguruma and Rust's regex.
    QRegularExpression re(pattern, QRegularExpression::UseUnicodePropertiesOption);
    if (!re.isValid())
        fail(path + QStringLiteral(": the regular expression is not supported (") + re.errorString()
            + QStringLiteral(" at offset ") + QString::number(re.patternErrorOffset()) + u')');
    re.optimize();
    return re;
}

bool isWhiteSpace(char32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680
        || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool isPunctuation(char32_t c)
{
    if (c < 0x80)
        return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
    return QChar::isPunct(c);
}

} // namespace qkv::tokenizers
