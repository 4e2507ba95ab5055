#include "figures/numbertext.h"

#include <algorithm>
#include <cmath>

namespace qkv {

static QString formatWithSign(double v, int decimals, const QLocale &locale, bool plus)
{
    QLocale l = locale;
    l.setNumberOptions(QLocale::OmitGroupSeparator);
    QString s = l.toString(std::abs(v), 'f', decimals);
    // Whether the rounded number is zero, asked of its C spelling: a locale may have other digits.
    const QString c = QString::number(std::abs(v), 'f', decimals);
    if (std::any_of(c.begin(), c.end(), [](QChar ch) { return ch >= u'1' && ch <= u'9'; })) {
        if (std::signbit(v))
            s.prepend(QChar(0x2212));
        else if (plus)
            s.prepend(u'+');
    }
    return s;
}

QString formatSigned(double v, int decimals, const QLocale &locale)
{
    return formatWithSign(v, decimals, locale, false);
}

QString formatChange(double v, int decimals, const QLocale &locale)
{
    return formatWithSign(v, decimals, locale, true);
}

} // namespace qkv
