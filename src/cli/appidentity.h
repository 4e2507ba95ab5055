#pragma once

#include <QIcon>
#include <QString>

namespace qkv::cli {

// The reverse-DNS id the desktop file, AppStream metadata, icons and MIME type are named by
// (packaging/linux); the window tells the desktop which launcher it belongs to with it.
QString applicationId();

// The program's version, the project's version in CMake ("0.1.0").
QString applicationVersion();

// The application's icon: the installed theme icon, or the copy built into the program when
// it runs from a build folder.
QIcon applicationIcon();

} // namespace qkv::cli
