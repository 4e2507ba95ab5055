#pragma once

#include <QString>

namespace qkv {

class Autosaver;

// Which file the window's document is: the path Save writes to (empty: Save asks where), the name
// the title shows (empty: the document's own title), the example it was opened from, and the file
// the autosaver names for a recovery. Each change sets all of them, so they never disagree.
class DocumentFile
{
public:
    explicit DocumentFile(Autosaver *autosaver)
        : m_autosaver(autosaver)
    { }

    // Opened from or saved to `path`: Save writes there again.
    void setFile(const QString &path);
    // Nothing to save over, so Save asks where: a new document, a model, recovered work. `name` is
    // shown in the title (empty: the document's title); `recoverAgainst` is the file a recovery of
    // this work names.
    void setUnsaved(const QString &name = {}, const QString &recoverAgainst = {});
    // An example, opened untitled: named "(example)" while its sentence is still `sentence`.
    void setExample(const QString &sentence);

    const QString &path() const { return m_path; }
    const QString &name() const { return m_name; }
    const QString &exampleSentence() const { return m_exampleSentence; }

private:
    void set(const QString &path, const QString &name, const QString &exampleSentence, const QString &recoverAgainst);

    Autosaver *m_autosaver;
    QString m_path;
    QString m_name;
    QString m_exampleSentence;
};

} // namespace qkv
