#include "export/resultjson.h"

namespace qkv {

QJsonArray matrixToJson(const Eigen::MatrixXd &m)
{
    QJsonArray rows;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        QJsonArray row;
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.append(m(r, c));
        rows.append(row);
    }
    return rows;
}

QJsonObject resultToJson(const Result &result)
{
    QJsonArray heads;
    for (const HeadResult &h : result.heads) {
        QJsonObject head {{QStringLiteral("queries"), matrixToJson(h.queries)},
            {QStringLiteral("keys"), matrixToJson(h.keys)}, {QStringLiteral("values"), matrixToJson(h.values)},
            {QStringLiteral("scores"), matrixToJson(h.scores)}, {QStringLiteral("weights"), matrixToJson(h.weights)},
            {QStringLiteral("output"), matrixToJson(h.output)}};
        if (h.switchedOff) // its output, A·V, is left out of the joined "output" (zeros there)
            head.insert(QStringLiteral("switched_off"), true);
        heads.append(head);
    }
    QJsonArray warnings;
    for (const RowWarning &w : result.warnings)
        warnings.append(describe(w, result.tokens));
    QJsonObject o {{QStringLiteral("tokens"), QJsonArray::fromStringList(result.tokens)},
        {QStringLiteral("heads"), heads}, {QStringLiteral("output"), matrixToJson(result.output)},
        {QStringLiteral("warnings"), warnings}};
    if (result.isCross()) // the keys' and values' rows, the weights' columns
        o.insert(QStringLiteral("key_tokens"), QJsonArray::fromStringList(result.keyTokens));
    return o;
}

} // namespace qkv
