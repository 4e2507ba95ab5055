#include "cli/openinput.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cstdio>
#include <unistd.h>

namespace qkv::cli {
namespace {

OpenedInput refused(const QString &where, const QString &message)
{
    OpenedInput out;
    out.opened.loaded.error = LoadError {where, 0, 0, {}, message};
    return out;
}

// "Opening the model: 40 %", then "layer 3 of 12" on stderr while a model opens and runs, when
// stderr is a terminal and the work has taken over 300 ms; the line is cleared at the end.
// Nothing for a pipe or a file: scripts read stderr.
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
    void layers(int done, int layers)
    {
        if (due())
            print("Running the model: layer %d of %d", done, layers);
    }
    // The weights readied (from the open's threads, one at a time).
    void weights(qint64 done, qint64 total)
    {
        if (due() && total > 0)
            print("Opening the model: %d %%", static_cast<int>(100 * done / total));
    }

private:
    bool due() const { return m_shown && m_clock.elapsed() >= 300; }
    template<typename... Args>
    void print(const char *format, Args... args)
    {
        std::fputs("\r\033[K", stderr);
        std::fprintf(stderr, format, args...); // NOLINT(cppcoreguidelines-pro-type-vararg): stdio's own
        std::fflush(stderr);
        m_printed = true;
    }

    bool m_shown;
    bool m_printed = false;
    QElapsedTimer m_clock;
};

} // namespace

OpenedInput openInput(const QString &file, const ModelView &view, int topK)
{
    if (!live::isModelLocation(file)) {
        if ((!view.sentence.isEmpty() || view.target) && isModelFileName(file))
            return refused(file,
                QStringLiteral("--sentence and --target run a model folder or hf:NAME; a model's attention file "
                               "holds its own sentence"));
        return {openFile(file, view), std::nullopt, nullptr};
    }
    if (view.sentence.isEmpty())
        return refused(file, QStringLiteral("a model: give the text to run it on with --sentence TEXT"));
    QString error;
    TerminalProgress progress;
    const std::shared_ptr<const live::LiveModel> model
        = live::LiveModel::open(file, &error, [&progress](qint64 done, qint64 total) {
              progress.weights(done, total);
              return true;
          });
    if (!model)
        return refused({}, error);
    if (!model->isEncoderDecoder() && (view.target || view.stack != AttentionStack::Encoder))
        return refused(file,
            QStringLiteral("--target and --stack are for an encoder-decoder model (T5); this is a \"%1\" model")
                .arg(model->model().config().modelType));
    OpenedInput out;
    out.model = model;
    live::RunOptions options;
    options.topK = topK;
    options.target = view.target.value_or(QString());
    options.progress = [&progress](int done, int layers) { progress.layers(done, layers); };
    out.run = live::run(*model, view.sentence, options);
    if (!*out.run)
        return refused(file, out.run->error);
    const QString name = live::modelShortName(file);
    out.opened = openModelAttention(out.run->attention, view, file, name);
    return out;
}

} // namespace qkv::cli
