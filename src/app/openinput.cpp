#include "app/openinput.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cstdio>
#include <unistd.h>

namespace qkv::app {
namespace {

OpenedInput refused(const QString &where, const QString &message)
{
    OpenedInput out;
    out.opened.loaded.error = LoadError {where, 0, 0, {}, message};
    return out;
}

// "layer 3 of 12" on stderr while a model runs, when stderr is a terminal and the run has taken
// over 300 ms; the line is cleared at the end. Nothing for a pipe or a file: scripts read stderr.
class TerminalProgress
{
public:
    TerminalProgress()
        : m_shown(isatty(STDERR_FILENO) == 1)
    {
        m_clock.start();
    }
    ~TerminalProgress()
    {
        if (m_printed)
            std::fputs("\r\033[K", stderr);
    }
    TerminalProgress(const TerminalProgress &) = delete;
    TerminalProgress &operator=(const TerminalProgress &) = delete;
    void operator()(int done, int layers)
    {
        if (!m_shown || m_clock.elapsed() < 300)
            return;
        std::fprintf(stderr, "\rRunning the model: layer %d of %d", done, layers);
        std::fflush(stderr);
        m_printed = true;
    }

private:
    bool m_shown;
    bool m_printed = false;
    QElapsedTimer m_clock;
};

} // namespace

OpenedInput openInput(const QString &file, const ModelView &view, int topK)
{
    if (!live::isModelLocation(file)) {
        if (!view.sentence.isEmpty() && isModelFileName(file))
            return refused(file,
                QStringLiteral("--sentence runs a model folder or hf:NAME; a model's attention file "
                               "holds its own sentence"));
        return {openFile(file, view), std::nullopt};
    }
    if (view.sentence.isEmpty())
        return refused(file, QStringLiteral("a model: give the text to run it on with --sentence TEXT"));
    QString error;
    const std::shared_ptr<const live::LiveModel> model = live::LiveModel::open(file, &error);
    if (!model)
        return refused({}, error);
    OpenedInput out;
    TerminalProgress progress;
    live::RunOptions options;
    options.topK = topK;
    options.progress = [&progress](int done, int layers) { progress(done, layers); };
    out.run = live::run(*model, view.sentence, options);
    if (!*out.run)
        return refused(file, out.run->error);
    const QString name = file.startsWith(u"hf:") ? file.mid(3) : QFileInfo(QDir::cleanPath(file)).fileName();
    out.opened = openModelAttention(out.run->attention, view, file, name);
    return out;
}

} // namespace qkv::app
