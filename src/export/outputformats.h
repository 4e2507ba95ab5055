#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

#include <vector>

namespace qkv {

// What an output file can hold.
enum class OutputContent : unsigned {
    Figure = 1, // a view or the teaching figure, drawn
    Animation = 2, // frames
    Numbers = 4, // a matrix of the result as a table
    Worked = 8, // the worked computation as prose with formulas
    ModelArchive = 16, // every layer's attention, queries, keys and values, for numpy
    HeadScores = 32, // a model's heads scored over a corpus (qkvlab heads)
};

// One format the program writes: one row of the table every dialog, option check and message reads.
struct OutputFormat {
    QString name; // what --format takes: "png"
    QStringList aliases; // other spellings --format accepts: "markdown" for md
    QString suffix; // the file's ("tex" for a LaTeX bmatrix)
    unsigned holds = 0; // OutputContent bits
    const char *titleText = ""; // "PNG image", translated by title()

    bool canHold(OutputContent content) const { return holds & unsigned(content); }
    QString title() const; // translated
    QString filter() const; // "PNG image (*.png)", for a file dialog
};

// Every format, in the order dialogs and messages list them.
const std::vector<OutputFormat> &outputFormats();
// The format a name or alias names (exact, lower case); nullptr for any other text.
const OutputFormat *outputFormatNamed(QStringView name);
// The formats that can hold `content`, in the table's order.
std::vector<const OutputFormat *> outputFormatsFor(OutputContent content);
// "csv, md, tex or bmatrix" (or ".png, .svg or .pdf" as suffixes): for a message.
QString outputFormatList(OutputContent content, bool asSuffixes = false);
// "PNG image (*.png);;SVG drawing (*.svg);;PDF page (*.pdf)": a save dialog's filter.
QString outputFormatFilter(OutputContent content);
// The format among those holding `content` whose suffix `path` has; nullptr when none has.
const OutputFormat *outputFormatForFile(const QString &path, OutputContent content);

} // namespace qkv
