// The precompiled header of every test of the dev and sanitizer trees (tests/CMakeLists.txt): the
// standard, Eigen and Qt headers the tests include most. Parsing them was half of a test file's
// compile time. Each test still includes what it uses; this only makes it faster. No QtTest
// header: qtest.h reads QT_GUI_LIB, QT_WIDGETS_LIB and QT_NETWORK_LIB, which differ between tests,
// and GCC refuses a precompiled header read under other values of the macros it used. Nor
// QGuiApplication or QApplication: each redefines qApp as a cast to itself, which UBSan checks
// against that class's type information, in a library a test without widgets does not link.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include <QBuffer>
#include <QByteArray>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QLocale>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTimer>

// The tree of the sanitizers and fuzzers (QKV_FUZZ) has Qt's Core alone.
#if __has_include(<QWidget>)
#include <QAction>
#include <QClipboard>
#include <QColor>
#include <QFont>
#include <QImage>
#include <QPainter>
#include <QUndoCommand>
#include <QUndoStack>
#include <QWheelEvent>

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QWidget>
#endif
