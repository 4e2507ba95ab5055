// What the workspace tests share: a model opened once, and for each test a session and a
// workspace running it without a window.
#pragma once

#include "livemodel/livemodel.h"
#include "livemodel/livesession.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "workspace/modelworkspace.h"

#include <QTest>
#include <QUndoStack>

#include "checkpointfixtures.h"

class WorkspaceFixture : public QObject
{
protected:
    CheckpointFixtures m_fixtures;
    std::shared_ptr<const qkv::live::LiveModel> m_model;
    std::unique_ptr<qkv::DocumentSession> m_session;
    std::unique_ptr<qkv::ModelWorkspace> m_workspace;

    qkv::live::LiveSession *live() const { return m_workspace->live(); }
    QUndoStack *history() const { return m_workspace->history()->stack(); }
    // Waits until the newest sentence or edit is computed and shown.
    void settle() const
    {
        QTRY_VERIFY_WITH_TIMEOUT(!live()->isComputing(), 10000);
        m_session->waitForResult();
    }
    // The model's logits for the running sentence (and an encoder-decoder model's target) with
    // `interventions`, from a forward pass of its own.
    Eigen::MatrixXf logitsOf(const std::vector<qkv::transformer::Intervention> &interventions) const
    {
        qkv::transformer::ForwardOptions options;
        options.interventions = interventions;
        if (m_model->isEncoderDecoder())
            options.targetIds = m_model->tokenizer().encode(live()->target(), false).ids;
        return qkv::transformer::forward(m_model->model(), live()->run()->ids, options).logits;
    }
    void newWorkspace()
    {
        m_session = std::make_unique<qkv::DocumentSession>();
        m_workspace = std::make_unique<qkv::ModelWorkspace>(m_session.get());
    }
    void closeWorkspace()
    {
        m_workspace.reset();
        m_session.reset();
    }
};
