#include "transformer/model.h"

#include "transformer/hubcache.h"
#include "transformer/memorybudget.h"
#include "transformer/refusal.h"

#include <QDir>
#include <QFileInfo>

#include <new>

namespace qkv::transformer {

OpenResult Model::open(const QString &location, const OpenProgress &progress)
{
    OpenResult result;
    try {
        std::shared_ptr<Model> m(new Model);
        m->m_folder = resolveLocation(location);
        if (isGgufFile(m->m_folder)) {
            // One file holds config and weights (and the tokenizer).
            auto file = std::make_unique<GgufFile>(m->m_folder);
            m->m_config = ggufConfig(*file);
            m->m_store.openGguf(std::move(file), m->m_config);
        } else {
            if (!QFileInfo(m->m_folder).isDir())
                refuse(QStringLiteral("%1: not a folder (nor a .gguf file)").arg(m->m_folder));
            m->m_config = readConfig(QDir(m->m_folder).filePath(u"config.json"_qs));
            m->m_store.open(m->m_folder);
        }
        switch (m->m_config.family) {
        case Family::Gpt2:
            m->m_weights = bindGpt2(m->m_store, m->m_config);
            break;
        case Family::Bert:
            m->m_weights = bindBert(m->m_store, m->m_config);
            break;
        case Family::DistilBert:
            m->m_weights = bindDistilBert(m->m_store, m->m_config);
            break;
        case Family::Llama:
            m->m_weights = bindLlama(m->m_store, m->m_config);
            break;
        case Family::GptNeox:
            m->m_weights = bindGptNeox(m->m_store, m->m_config);
            break;
        case Family::T5:
            m->m_weights = bindT5(m->m_store, m->m_config);
            break;
        }
        m->m_store.materialize(weightBudget(), progress);
        result.model = std::move(m);
    } catch (const Refusal &r) {
        result.error = r.message;
    } catch (const std::bad_alloc &) {
        result.error = QStringLiteral("%1: out of memory while opening").arg(location);
    }
    return result;
}

} // namespace qkv::transformer
