#include "exportcommand.h"

#include "atomicsave.h"
#include "colormap.h"
#include "documentio.h"
#include "documentsession.h"
#include "engine.h"
#include "exportoptions.h"
#include "figurerenderer.h"
#include "numbertables.h"

#include <QFileInfo>

namespace qkv::app {
namespace {

void print(FILE *stream, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stream);
}

QStringList indexLabels(const QString &prefix, Eigen::Index n)
{
    QStringList labels;
    for (Eigen::Index i = 0; i < n; ++i)
        labels << prefix + QString::number(i + 1);
    return labels;
}

// One head's matrix of the asked kind, with its column labels.
std::pair<Eigen::MatrixXd, QStringList> headMatrix(const HeadResult &h, const QString &kind, const QStringList &tokens)
{
    if (kind == u"weights")
        return {h.weights, tokens};
    if (kind == u"scores")
        return {h.scores, tokens};
    if (kind == u"queries")
        return {h.queries, indexLabels(QStringLiteral("q"), h.queries.cols())};
    if (kind == u"keys")
        return {h.keys, indexLabels(QStringLiteral("k"), h.keys.cols())};
    if (kind == u"values")
        return {h.values, indexLabels(QStringLiteral("v"), h.values.cols())};
    return {h.output, indexLabels(QStringLiteral("o"), h.output.cols())};
}

QString headHeading(TableFormat format, int head)
{
    switch (format) {
    case TableFormat::Csv:
        return {};
    case TableFormat::Markdown:
        return QStringLiteral("### Head %1\n\n").arg(head + 1);
    default:
        return QStringLiteral("%% head %1\n").arg(head + 1);
    }
}

QString numbersText(const Result &r, const ExportOptions &o)
{
    const TableFormat format = *tableFormatFromString(o.format);
    if (o.numbers == u"output" && o.head < 0) // every head: the document's output
        return formatTable(r.output, r.tokens, indexLabels(QStringLiteral("o"), r.output.cols()), format);
    if (o.head >= 0) {
        const auto [m, columns] = headMatrix(r.heads[static_cast<std::size_t>(o.head)], o.numbers, r.tokens);
        return formatTable(m, r.tokens, columns, format);
    }
    QString text;
    for (std::size_t h = 0; h < r.heads.size(); ++h) {
        const auto [m, columns] = headMatrix(r.heads[h], o.numbers, r.tokens);
        const QString table = formatTable(m, r.tokens, columns, format);
        if (format != TableFormat::Csv) {
            text += (h ? QStringLiteral("\n") : QString()) + headHeading(format, static_cast<int>(h)) + table;
            continue;
        }
        // One CSV for every head: the head number as a first column, the header once.
        QStringList lines = table.split(u'\n', Qt::SkipEmptyParts);
        const QString header = QStringLiteral("head,") + lines.takeFirst();
        if (h == 0)
            text += header + u'\n';
        for (const QString &line : lines)
            text += QString::number(h + 1) + u',' + line + u'\n';
    }
    return text;
}

int writeOutput(const ExportOptions &o, const QByteArray &bytes, FILE *out, FILE *err)
{
    if (o.output == u"-") {
        std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), out);
        return std::fflush(out) == 0 ? 0 : 1;
    }
    if (!o.overwrite && QFileInfo::exists(o.output)) {
        print(err, QStringLiteral("qkvlab: %1 exists; add --overwrite to replace it\n").arg(o.output));
        return 1;
    }
    const QString error = saveAtomically(o.output, bytes);
    if (!error.isEmpty()) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(error));
        return 1;
    }
    return 0;
}

int exportFigure(const ExportOptions &o, const Document &doc, FILE *out, FILE *err)
{
    if (!o.figure.colormap.isEmpty() && !colormapNames().contains(o.figure.colormap)) {
        print(err,
            QStringLiteral("qkvlab: export: --colormap: unknown colormap '%1' (one of %2)\n")
                .arg(o.figure.colormap, colormapNames().join(QStringLiteral(", "))));
        return 2;
    }
    DocumentSession session;
    session.resetDocument(doc);
    session.setCurrentHead(std::max(o.head, 0));
    if (!o.query.isEmpty()) {
        const qsizetype token = doc.tokens().indexOf(o.query);
        if (token < 0) {
            print(err, QStringLiteral("qkvlab: export: --query: the sentence has no token '%1'\n").arg(o.query));
            return 2;
        }
        session.setSelectedToken(static_cast<int>(token));
    }
    FigureRenderer renderer(&session, o.figure);
    FigureSpec spec;
    spec.size = o.sizeGiven ? o.size : renderer.preferredSize(o.size.width());
    spec.size = spec.size.boundedTo(QSize(ExportOptions::maxSide, ExportOptions::maxSide));
    spec.scale = o.scale;
    spec.format = o.format == u"svg" ? FigureFormat::Svg : o.format == u"pdf" ? FigureFormat::Pdf : FigureFormat::Png;
    spec.textAsPaths = o.figure.textAsPaths;
    spec.title = doc.title().isEmpty() ? doc.sentence().left(80) : doc.title();
    QString error;
    const QByteArray bytes = renderFigure(spec, renderer.painter(), &error);
    if (bytes.isEmpty()) {
        print(err, QStringLiteral("qkvlab: export: %1\n").arg(error));
        return 1;
    }
    return writeOutput(o, bytes, out, err);
}

} // namespace

int runExport(const QStringList &args, FILE *out, FILE *err)
{
    const ParsedExport parsed = parseExportArguments(args);
    if (!parsed.options) {
        print(err, QStringLiteral("qkvlab: export: %1\nTry 'qkvlab --help'.\n").arg(parsed.error));
        return 2;
    }
    const ExportOptions &o = *parsed.options;
    const LoadResult loaded = loadDocument(o.file);
    if (!loaded) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(loaded.error.toString()));
        return 1;
    }
    const Result result = compute(*loaded.document);
    if (o.head >= static_cast<int>(result.heads.size())) {
        print(err,
            QStringLiteral("qkvlab: export: --head %1: the document has %2 head(s)\n")
                .arg(o.head + 1)
                .arg(result.heads.size()));
        return 2;
    }
    if (!o.numbers.isEmpty())
        return writeOutput(o, numbersText(result, o).toUtf8(), out, err);
    return exportFigure(o, *loaded.document, out, err);
}

} // namespace qkv::app
