#include "session/documentfile.h"

#include "livemodel/sessionfile.h"
#include "session/autosaver.h"

#include <QFileInfo>

namespace qkv {

void DocumentFile::setFile(const QString &path)
{
    const QFileInfo info(path);
    const QString absolute = info.absoluteFilePath();
    // A model session is recovered from its model, not from the autosaved view.
    set(absolute, info.fileName(), {}, live::isSessionFileName(path) ? QString() : absolute);
}

void DocumentFile::setUnsaved(const QString &name, const QString &recoverAgainst)
{
    set({}, name, {}, recoverAgainst);
}

void DocumentFile::setExample(const QString &sentence)
{
    set({}, {}, sentence, {});
}

void DocumentFile::set(
    const QString &path, const QString &name, const QString &exampleSentence, const QString &recoverAgainst)
{
    m_path = path;
    m_name = name;
    m_exampleSentence = exampleSentence;
    m_autosaver->setOriginalFile(recoverAgainst);
}

} // namespace qkv
