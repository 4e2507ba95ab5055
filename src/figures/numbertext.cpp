#include "figures/numbertext.h"

#include <algorithm>
#include <cmath>

namespace qkv {

QString formatSigned(double v, int decimals, const QLocale &locale)
{
    QLocale l = locale;
    l.setNumberOptions(QLocale::OmitGroupSeparator);
    QString s = l.toString(std::abs(v), 'f', decimals);
    // Whether the rounded number is zero, asked of its C spelling: a locale may have other digits.
    const QString c = QString::number(std::abs(v), 'f', decimals);
    if (std::signbit(v) && std::any_of(c.begin(), c.end(), [](QChar ch) { return ch >= u'1' && ch <= u'9'; }))
        s.prepend(QChar(0x2212));
    return s;
}

} // namespace qkv
