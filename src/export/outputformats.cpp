#include "export/outputformats.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace qkv {
namespace {

// The context of the titles in the translation catalogues.
struct OutputFormatText {
    Q_DECLARE_TR_FUNCTIONS(OutputFormatText)
};

constexpr unsigned bits(OutputContent c)
{
    return unsigned(c);
}

} // namespace

QString OutputFormat::title() const
{
    return OutputFormatText::tr(titleText);
}

QString OutputFormat::filter() const
{
    return QStringLiteral("%1 (*.%2)").arg(title(), suffix);
}

const std::vector<OutputFormat> &outputFormats()
{
    using C = OutputContent;
    static const std::vector<OutputFormat> table {
        {u"png"_qs, {}, u"png"_qs, bits(C::Figure), QT_TRANSLATE_NOOP("OutputFormatText", "PNG image")},
        {u"svg"_qs, {}, u"svg"_qs, bits(C::Figure), QT_TRANSLATE_NOOP("OutputFormatText", "SVG drawing")},
        {u"pdf"_qs, {}, u"pdf"_qs, bits(C::Figure), QT_TRANSLATE_NOOP("OutputFormatText", "PDF page")},
        {u"gif"_qs, {}, u"gif"_qs, bits(C::Animation), QT_TRANSLATE_NOOP("OutputFormatText", "Animated GIF")},
        {u"webp"_qs, {}, u"webp"_qs, bits(C::Animation), QT_TRANSLATE_NOOP("OutputFormatText", "Animated WebP")},
        {u"csv"_qs, {}, u"csv"_qs, bits(C::Numbers) | bits(C::HeadScores),
            QT_TRANSLATE_NOOP("OutputFormatText", "CSV")},
        {u"md"_qs, {u"markdown"_qs}, u"md"_qs, bits(C::Numbers) | bits(C::Worked),
            QT_TRANSLATE_NOOP("OutputFormatText", "Markdown")},
        {u"tex"_qs, {u"latex"_qs, u"tabular"_qs}, u"tex"_qs, bits(C::Numbers) | bits(C::Worked),
            QT_TRANSLATE_NOOP("OutputFormatText", "LaTeX tabular")},
        {u"bmatrix"_qs, {}, u"tex"_qs, bits(C::Numbers), QT_TRANSLATE_NOOP("OutputFormatText", "LaTeX bmatrix")},
        {u"json"_qs, {}, u"json"_qs, bits(C::HeadScores), QT_TRANSLATE_NOOP("OutputFormatText", "JSON")},
        {u"npz"_qs, {}, u"npz"_qs, bits(C::ModelArchive), QT_TRANSLATE_NOOP("OutputFormatText", "NumPy archive")},
    };
    return table;
}

const OutputFormat *outputFormatNamed(QStringView name)
{
    for (const OutputFormat &f : outputFormats()) {
        if (name == f.name || f.aliases.contains(name))
            return &f;
    }
    return nullptr;
}

std::vector<const OutputFormat *> outputFormatsFor(OutputContent content)
{
    std::vector<const OutputFormat *> out;
    for (const OutputFormat &f : outputFormats()) {
        if (f.canHold(content))
            out.push_back(&f);
    }
    return out;
}

QString outputFormatList(OutputContent content, bool asSuffixes)
{
    QStringList names;
    for (const OutputFormat *f : outputFormatsFor(content)) {
        const QString name = asSuffixes ? u'.' + f->suffix : f->name;
        if (!names.contains(name))
            names << name;
    }
    if (names.size() < 2)
        return names.join(QString());
    const QString last = names.takeLast();
    return names.join(u", "_qs) + u" or "_qs + last;
}

QString outputFormatFilter(OutputContent content)
{
    QStringList filters;
    for (const OutputFormat *f : outputFormatsFor(content))
        filters << f->filter();
    return filters.join(u";;"_qs);
}

const OutputFormat *outputFormatForFile(const QString &path, OutputContent content)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    for (const OutputFormat *f : outputFormatsFor(content)) {
        if (f->suffix == suffix)
            return f;
    }
    return nullptr;
}

} // namespace qkv
