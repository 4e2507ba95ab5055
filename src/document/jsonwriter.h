#pragma once

#include <QByteArray>
#include <QJsonValue>

namespace qkv {

// Pretty JSON for people: two-space indent, arrays of plain numbers on one line, numbers in
// the C locale's shortest round-trip form, and object keys in the order of the document
// format (known keys first, in the format's order; the rest alphabetically), so files diff well.
QByteArray toPrettyJson(const QJsonValue &value);

// The C-locale shortest form that reads back to the same double.
QString formatNumber(double x);

} // namespace qkv
