#pragma once

#include "livemodel/livemodel.h"

#include <QString>

#include <memory>

class QWidget;

namespace qkv::app {

// Opens a model (LiveModel::open) on a worker thread. Past 300 ms a window-modal dialog over
// `parent` shows how much of the weights is ready, with a Stop button: the open is then given up
// at its next tensor and nothing changes. Returns null with `error` set when the model could not
// be opened, with `error` empty when the user stopped it.
std::shared_ptr<const live::LiveModel> openModelShowingProgress(
    QWidget *parent, const QString &location, QString *error);

} // namespace qkv::app
