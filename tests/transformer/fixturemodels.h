#pragma once

// The fixture checkpoints opened as the transformer's tests open them.
#include "checkpointfixtures.h"
#include "transformer/model.h"

#include <memory>

class FixtureModels
{
public:
    // In initTestCase: the checkpoints written (or skipped, without numpy).
    void prepare()
    {
        m_why = m_fixtures.prepare(m_skip);
        if (!m_skip)
            QVERIFY2(m_why.isEmpty(), qPrintable(m_why));
    }
    bool skipped() const { return m_skip; }
    QString why() const { return m_why; }
    const CheckpointFixtures &fixtures() const { return m_fixtures; }

    // NAME's folder, or for a GGUF variant (NAME_gguf) its folder's model.gguf.
    std::shared_ptr<const qkv::transformer::Model> open(const QString &name) const
    {
        const QString path = m_fixtures.path(name) + (name.endsWith(u"_gguf") ? u"/model.gguf"_qs : QString());
        const qkv::transformer::OpenResult opened = qkv::transformer::Model::open(path);
        if (!opened.model)
            qWarning("%s", qPrintable(opened.error));
        return opened.model;
    }

private:
    CheckpointFixtures m_fixtures;
    bool m_skip = false;
    QString m_why;
};

// The first lines of a test that needs the checkpoints.
#define QKV_NEEDS_FIXTURES(models)                                                                                     \
    if ((models).skipped())                                                                                            \
    QSKIP(qPrintable((models).why()))
