#include "exportoptions.h"

#include <QFileInfo>
#include <QRegularExpression>

namespace qkv {

const QStringList ExportOptions::views {QStringLiteral("heatmap"), QStringLiteral("arrows"), QStringLiteral("vectors"),
    QStringLiteral("bars"), QStringLiteral("worked"), QStringLiteral("heads"), QStringLiteral("figure")};
const QStringList ExportOptions::numberKinds {QStringLiteral("weights"), QStringLiteral("scores"),
    QStringLiteral("output"), QStringLiteral("queries"), QStringLiteral("keys"), QStringLiteral("values")};

std::optional<QSize> parseSize(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,6})[xX×](\\d{1,6})$"));
    const auto m = pattern.match(text.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    const QSize s(m.captured(1).toInt(), m.captured(2).toInt());
    if (s.width() < 1 || s.height() < 1 || s.width() > ExportOptions::maxSide || s.height() > ExportOptions::maxSide)
        return std::nullopt;
    return s;
}

ParsedExport parseExportArguments(const QStringList &args)
{
    ExportOptions o;
    const auto fail = [](const QString &message) { return ParsedExport {std::nullopt, message}; };
    QStringList positional;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args[i];
        const bool takesValue = QStringList {u"--view"_qs, u"--numbers"_qs, u"-o"_qs, u"--output"_qs, u"--format"_qs,
            u"--head"_qs, u"--query"_qs, u"--scale"_qs, u"--size"_qs, u"--colormap"_qs}
                                    .contains(arg);
        if (takesValue && i + 1 >= args.size())
            return fail(QStringLiteral("%1 needs a value").arg(arg));
        const QString value = takesValue ? args[++i] : QString();
        if (arg == u"--view") {
            if (!ExportOptions::views.contains(value))
                return fail(QStringLiteral("--view: unknown view '%1' (one of %2)")
                                .arg(value, ExportOptions::views.join(QStringLiteral(", "))));
            o.view = value;
        } else if (arg == u"--numbers") {
            if (!ExportOptions::numberKinds.contains(value))
                return fail(QStringLiteral("--numbers: unknown kind '%1' (one of %2)")
                                .arg(value, ExportOptions::numberKinds.join(QStringLiteral(", "))));
            o.numbers = value;
        } else if (arg == u"-o" || arg == u"--output") {
            if (value.isEmpty())
                return fail(QStringLiteral("-o: the output path is empty"));
            o.output = value;
        } else if (arg == u"--format") {
            o.format = value;
        } else if (arg == u"--head") {
            bool ok = false;
            const int h = value.toInt(&ok);
            if (value == u"all")
                o.head = -1;
            else if (!ok || h < 1)
                return fail(QStringLiteral("--head: expected a head number from 1, or 'all', got '%1'").arg(value));
            else
                o.head = h - 1;
        } else if (arg == u"--query") {
            o.query = value;
        } else if (arg == u"--scale") {
            bool ok = false;
            o.scale = value.toDouble(&ok);
            if (!ok || !(o.scale >= 1.0 && o.scale <= 4.0))
                return fail(QStringLiteral("--scale: expected a number from 1 to 4, got '%1'").arg(value));
        } else if (arg == u"--size") {
            const auto size = parseSize(value);
            if (!size)
                return fail(QStringLiteral("--size: expected WIDTHxHEIGHT, each from 1 to %1 pixels, got '%2'")
                                .arg(ExportOptions::maxSide)
                                .arg(value));
            o.size = *size;
            o.sizeGiven = true;
        } else if (arg == u"--colormap") {
            o.colormap = value;
        } else if (arg == u"--overwrite") {
            o.overwrite = true;
        } else if (arg.startsWith(u'-') && arg != u"-") {
            return fail(QStringLiteral("unknown option '%1'").arg(arg));
        } else {
            positional << arg;
        }
    }
    if (positional.size() != 1)
        return fail(QStringLiteral("export takes exactly one FILE (or example:NAME)"));
    o.file = positional.first();
    if (o.view.isEmpty() == o.numbers.isEmpty())
        return fail(QStringLiteral("export needs either --view VIEW or --numbers KIND"));
    if (o.output.isEmpty())
        return fail(QStringLiteral("export needs -o OUT (or -o - for standard output)"));
    if (!o.numbers.isEmpty()) {
        if (o.format.isEmpty())
            o.format = o.output == u"-" ? QStringLiteral("csv") : QFileInfo(o.output).suffix().toLower();
        if (!QStringList {u"csv"_qs, u"md"_qs, u"tex"_qs, u"bmatrix"_qs}.contains(o.format))
            return fail(QStringLiteral("--format: expected csv, md, tex or bmatrix, got '%1'").arg(o.format));
    } else {
        if (o.format.isEmpty())
            o.format = QFileInfo(o.output).suffix().toLower();
        if (!QStringList {u"png"_qs, u"svg"_qs, u"pdf"_qs}.contains(o.format))
            return fail(QStringLiteral("-o: a figure is written as .png, .svg or .pdf (or give --format), got '%1'")
                            .arg(o.output));
    }
    return {o, {}};
}

} // namespace qkv
