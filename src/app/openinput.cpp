#include "app/openinput.h"

#include <QDir>
#include <QFileInfo>

namespace qkv::app {
namespace {

OpenedInput refused(const QString &where, const QString &message)
{
    OpenedInput out;
    out.opened.loaded.error = LoadError {where, 0, 0, {}, message};
    return out;
}

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
    out.run = live::run(*model, view.sentence, topK);
    if (!*out.run)
        return refused(file, out.run->error);
    const QString name = file.startsWith(u"hf:") ? file.mid(3) : QFileInfo(QDir::cleanPath(file)).fileName();
    out.opened = openModelAttention(out.run->attention, view, file, name);
    return out;
}

} // namespace qkv::app
