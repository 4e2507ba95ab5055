#include "document/valueref.h"

namespace qkv {

QString describe(const ValueRef &r)
{
    const QString head = QStringLiteral(", head %1").arg(r.head + 1);
    switch (r.field) {
    case Field::Query:
        return QStringLiteral("q%1 of %2%3").arg(r.col + 1).arg(r.word, head);
    case Field::Key:
        return QStringLiteral("k%1 of %2%3").arg(r.col + 1).arg(r.word, head);
    case Field::Value:
        return QStringLiteral("v%1 of %2%3").arg(r.col + 1).arg(r.word, head);
    case Field::Embedding:
        return QStringLiteral("x%1 of %2").arg(r.col + 1).arg(r.word);
    case Field::Wq:
        return QStringLiteral("W_Q[%1, %2]%3").arg(r.row + 1).arg(r.col + 1).arg(head);
    case Field::Wk:
        return QStringLiteral("W_K[%1, %2]%3").arg(r.row + 1).arg(r.col + 1).arg(head);
    case Field::Wv:
        return QStringLiteral("W_V[%1, %2]%3").arg(r.row + 1).arg(r.col + 1).arg(head);
    case Field::Wo:
        return QStringLiteral("W_O[%1, %2]").arg(r.row + 1).arg(r.col + 1);
    case Field::Attention:
        return QStringLiteral("A[%1, %2]%3").arg(r.row + 1).arg(r.col + 1).arg(head);
    }
    return {};
}

} // namespace qkv
