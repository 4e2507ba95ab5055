#include "cli/solvecommand.h"

#include "arguments/commandoptions.h"
#include "cli/cliprint.h"
#include "cli/commandline.h"
#include "document/annotation.h"
#include "document/documentio.h"
#include "document/jsonwriter.h"
#include "explorer/goalseek.h"
#include "platform/atomicsave.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace qkv::cli {
namespace {

QJsonArray numbers(const Eigen::VectorXd &v)
{
    QJsonArray out;
    for (double x : v)
        out.append(x);
    return out;
}

QJsonObject tokenJson(const QStringList &tokens, int index)
{
    return {{QStringLiteral("index"), index + 1}, {QStringLiteral("token"), tokens[index]}};
}

QJsonObject resultJson(const Document &doc, const explore::SeekRequest &r, const explore::SeekResult &s)
{
    QJsonObject o {{QStringLiteral("query"), tokenJson(doc.tokens(), r.query)},
        {QStringLiteral("key"), tokenJson(doc.keyTokens(), r.key)}, {QStringLiteral("head"), r.head + 1},
        {QStringLiteral("change"), explore::toString(r.change)}, {QStringLiteral("target"), r.target},
        {QStringLiteral("before"), s.before}, {QStringLiteral("reached"), s.reached}};
    if (!s.reached) {
        o.insert(QStringLiteral("closest"), s.closest);
        o.insert(QStringLiteral("message"), s.unreachable);
        return o;
    }
    o.insert(QStringLiteral("weight"), s.weight);
    o.insert(QStringLiteral("change_norm"), s.changeNorm);
    if (s.queryChange.size() > 0) {
        o.insert(QStringLiteral("query_word"), s.queryWord);
        o.insert(QStringLiteral("query_change"), numbers(s.queryChange));
        o.insert(QStringLiteral("new_query"), numbers(s.newQuery));
    }
    if (s.keyChange.size() > 0) {
        o.insert(QStringLiteral("key_word"), s.keyWord);
        o.insert(QStringLiteral("key_change"), numbers(s.keyChange));
        o.insert(QStringLiteral("new_key"), numbers(s.newKey));
    }
    QJsonArray moved;
    for (int row : s.alsoMoved)
        moved.append(tokenJson(doc.tokens(), row));
    o.insert(QStringLiteral("also_moves"), moved);
    return o;
}

} // namespace

int runSolve(const QStringList &args, FILE *out, FILE *err)
{
    const Parsed<SolveOptions> parsed = parseSolveArguments(args);
    if (!parsed.options)
        return stopped(parsed, QStringLiteral("solve"), out, err);
    const SolveOptions &o = *parsed.options;
    const QString &file = o.file, &output = o.output;
    explore::SeekRequest request;
    request.target = o.weight;
    request.change = o.change;
    request.head = o.head;

    const LoadResult loaded = loadDocument(file);
    if (!loaded) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(loaded.error.toString()));
        return 1;
    }
    const Document &doc = *loaded.document;
    for (auto [name, option, index] :
        {std::tuple {o.query, "--query", &request.query}, {o.key, "--key", &request.key}}) {
        // A key is a token of the second sentence in cross-attention.
        const bool isKey = index == &request.key && doc.isCross();
        const std::optional<int> token = tokenIndex(isKey ? doc.keyTokens() : doc.tokens(), name);
        if (!token)
            return usageError(err,
                QStringLiteral("solve: %1 '%2': no such token in \"%3\" (name it by its text or #N)")
                    .arg(QLatin1String(option), name, isKey ? doc.crossSentence() : doc.sentence()));
        *index = *token;
    }
    const explore::SeekResult result = explore::seekWeight(doc, request);
    if (!result.refusal.isEmpty())
        return usageError(err, QStringLiteral("solve: %1: %2").arg(file, result.refusal));
    write(out, toPrettyJson(resultJson(doc, request, result)));
    if (!result.reached) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(result.unreachable));
        return 3;
    }
    if (output.isEmpty())
        return 0;
    if (output != u"-" && resolveSaveTarget(output).kind == SaveTarget::File && !o.overwrite) {
        print(err, QStringLiteral("qkvlab: %1 exists; add --overwrite to replace it\n").arg(output));
        return 1;
    }
    if (const QString error = saveAtomically(output, serializeDocument(explore::withChange(doc, result)));
        !error.isEmpty()) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(error));
        return 1;
    }
    return 0;
}

} // namespace qkv::cli
