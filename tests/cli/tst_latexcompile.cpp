#include "attention/engine.h"
#include "cli/openinput.h"
#include "document/examples.h"
#include "export/resultnumbers.h"
#include "export/workedcolumn.h"
#include "export/workedcomputation.h"
#include "livemodel/bundledmodels.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace qkv;
using namespace Qt::StringLiterals;

namespace {

// One LaTeX output as the program writes it, named as a user would ask for it.
struct Snippet {
    QString name; // "--numbers weights --format bmatrix --head all"
    QString tex;
    bool math = false; // a bmatrix: set in a display, as a paper would
};

// Every LaTeX output of one example: the numbers of every kind in tabular and bmatrix, of each head
// and of all heads (and the weights at 10 decimals, the widest), and the worked computation of
// every token (and every key's column, as the worked view copies it) in every head.
std::vector<Snippet> latexOutputs(const Document &doc, const Result &result)
{
    std::vector<Snippet> out;
    const int heads = static_cast<int>(result.heads.size());
    for (const QString &kind : numberKinds())
        for (const QString &format : {u"tex"_s, u"bmatrix"_s})
            for (int head = -1; head < heads; ++head)
                for (const int decimals : {-1, 10}) {
                    if (decimals >= 0 && kind != u"weights")
                        continue;
                    QString name = u"--numbers %1 --format %2 --head %3"_s.arg(
                        kind, format, head < 0 ? u"all"_s : QString::number(head + 1));
                    if (decimals >= 0)
                        name += u" --decimals %1"_s.arg(decimals);
                    out.push_back({name, resultNumbers(result, kind, *tableFormatFromString(format), head, decimals),
                        format == u"bmatrix"});
                }
    for (int head = 0; head < heads; ++head)
        for (int token = 0; token < result.tokens.size(); ++token) {
            const QString at = u"--head %1, token %2 (%3)"_s.arg(head + 1).arg(token + 1).arg(result.tokens[token]);
            out.push_back({u"--worked "_s + at,
                workedText(workedComputation(doc, result, head, token), WorkedSyntax::Latex), false});
            out.push_back({u"worked column of the key, "_s + at,
                workedColumnText(workedColumn(doc, result, head, token, 16), WorkedSyntax::Latex), false});
        }
    return out;
}

// The packages the snippets say they need ("% Needs \usepackage{amsmath,graphicx}."): only those.
QStringList neededPackages(const std::vector<Snippet> &snippets)
{
    static const QRegularExpression needs(uR"(% Needs \\usepackage\{([a-z,]+)\})"_s);
    std::set<QString> packages;
    for (const Snippet &s : snippets)
        for (auto m = needs.globalMatch(s.tex); m.hasNext();)
            for (const QString &p : m.next().captured(1).split(u','))
                packages.insert(p);
    return {packages.begin(), packages.end()};
}

} // namespace

// Every LaTeX output of every bundled example, pasted into a standard article (a4paper, the
// packages the outputs name) and compiled by pdflatex: no error, and nothing wider than the text
// ("Overfull \hbox" in the log), named by the example, the output and the log's line.
class TstLatexCompile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_pdflatex = QStandardPaths::findExecutable(u"pdflatex"_s);
        if (m_pdflatex.isEmpty())
            QSKIP("pdflatex is not installed (Debian: texlive-latex-base texlive-latex-recommended); the LaTeX "
                  "outputs are not compiled");
    }

    void everyOutputCompilesWithinTheText_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QString>("sentence");
        for (const QString &name : exampleNames())
            QTest::newRow(qPrintable(name)) << u"example:"_s + name << QString();
        // The bundled model, run on a sentence with a repeated phrase, as its lesson does.
        for (const QString &name : live::bundledModelNames())
            QTest::newRow(qPrintable(name)) << u"example:"_s + name << u"the cat sat on the mat the cat"_s;
    }
    void everyOutputCompilesWithinTheText()
    {
        QFETCH(QString, example);
        QFETCH(QString, sentence);
        ModelView view;
        view.sentence = sentence;
        cli::OpenedInput input = cli::openInput(example, view);
        const LoadResult &loaded = input.opened.loaded;
        QVERIFY2(loaded, qPrintable(loaded.error.toString()));
        const Result result = input.opened.result ? *input.opened.result : compute(*loaded.document);
        const std::vector<Snippet> snippets = latexOutputs(*loaded.document, result);

        // One document for the example; where each output starts, to name it from a log line.
        QStringList lines {u"\\documentclass[a4paper]{article}"_s};
        for (const QString &package : neededPackages(snippets))
            lines << u"\\usepackage{%1}"_s.arg(package);
        lines << u"\\begin{document}"_s;
        std::vector<std::pair<int, int>> starts; // (first line, snippet)
        static const QRegularExpression headBreak(u"\n\n(?=% head \\d+\n)"_s);
        for (std::size_t i = 0; i < snippets.size(); ++i) {
            const Snippet &s = snippets[i];
            lines << QString() << u"% "_s + s.name;
            starts.emplace_back(static_cast<int>(lines.join(u'\n').count(u'\n')) + 2, static_cast<int>(i));
            // Tables as a paragraph of their own, so that one too wide is reported; matrices in a
            // display each (every head's, with --head all).
            if (s.math)
                for (const QString &matrix : s.tex.trimmed().split(headBreak))
                    lines << u"\\["_s << matrix << u"\\]"_s;
            else
                lines << u"\\noindent"_s << s.tex.trimmed() << u"\\par"_s;
        }
        lines << u"\\end{document}"_s;
        const auto outputAt = [&](int line) {
            QString name = u"(the document's own lines)"_s;
            for (const auto &[first, index] : starts)
                if (first <= line)
                    name = snippets[static_cast<std::size_t>(index)].name;
            return name;
        };

        QTemporaryDir dir;
        QFile file(dir.filePath(u"outputs.tex"_s));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(lines.join(u'\n').toUtf8() + '\n');
        file.close();
        QProcess tex;
        tex.setWorkingDirectory(dir.path());
        tex.start(m_pdflatex, {u"-interaction=nonstopmode"_s, u"-halt-on-error"_s, u"outputs.tex"_s});
        QVERIFY(tex.waitForFinished(120000));
        QFile logFile(dir.filePath(u"outputs.log"_s));
        QVERIFY(logFile.open(QIODevice::ReadOnly));
        const QStringList log = QString::fromUtf8(logFile.readAll()).split(u'\n');

        QStringList problems;
        static const QRegularExpression place(uR"((?:at lines? |^l\.)(\d+))"_s);
        for (qsizetype i = 0; i < log.size(); ++i) {
            const QString &line = log[i];
            const bool error = line.startsWith(u'!') && !line.startsWith(u"!  ==> Fatal error"_s); // not a cause
            if (!error && !line.startsWith(u"Overfull \\hbox"_s))
                continue;
            int at = 0;
            for (qsizetype j = i; j < std::min(i + 12, log.size()) && at == 0; ++j)
                if (const auto m = place.match(log[j]); m.hasMatch())
                    at = m.captured(1).toInt();
            problems << u"%1, %2: %3 (outputs.tex line %4)"_s.arg(example, outputAt(at), line.trimmed()).arg(at);
        }
        if (tex.exitCode() != 0 && problems.isEmpty())
            problems << u"%1: pdflatex failed: %2"_s.arg(
                example, QString::fromUtf8(tex.readAllStandardOutput().right(800)));
        if (const QString keep = qEnvironmentVariable("QKV_KEEP_LATEX"); !keep.isEmpty()) // to look at the pages
            for (const QString &suffix : {u".tex"_s, u".log"_s, u".pdf"_s}) {
                const QString kept = QDir(keep).filePath(QString(example).replace(u':', u'-') + suffix);
                QFile::remove(kept);
                QFile::copy(dir.filePath(u"outputs"_s + suffix), kept);
            }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        QVERIFY(QFile::exists(dir.filePath(u"outputs.pdf"_s)));
    }

private:
    QString m_pdflatex;
};

QTEST_MAIN(TstLatexCompile)
#include "tst_latexcompile.moc"
