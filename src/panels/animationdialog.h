#pragma once

#include "animation/animationwriter.h"
#include "document/valueref.h"
#include "panels/exportdialog.h"
#include "views/figurerenderer.h"

#include <QDialog>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace qkv {

class DocumentSession;
namespace lessons {
struct Lesson;
}

// Export → Animation: a view as an animated GIF or WebP, either a number swept from one value to
// another in N frames (the frames `qkvlab export --animate` paints), or the edits made while
// recording (Record, drag a value, Stop), one frame per result, captioned with the edit's name.
class AnimationDialog : public QDialog
{
    Q_OBJECT

public:
    AnimationDialog(
        DocumentSession *session, ExportDialog::WindowFigureOptions windowOptions, QWidget *parent = nullptr);

    // The number to sweep, as the tables' current cell names it; its value becomes "from".
    void setValue(const ValueRef &ref);
    // Writes the sweep to `path` (.gif or .webp); the reason on failure, empty on success.
    QString writeSweep(const QString &path);
    // The lesson open in the window, if any: "Lesson…" then writes one frame per step.
    void setLessonSource(std::function<const lessons::Lesson *()> lesson);
    void showLessonButton(bool show);
    // One frame per step of `lesson`: its document as a student who changed nothing sees it, the
    // step's token and head, captioned with the step's title; each shown `delayMs`.
    QString writeLesson(const lessons::Lesson &lesson, const QString &path, int delayMs = 2000);
    // Recording: every new result of the session becomes a frame until stopRecording.
    void startRecording();
    QString stopRecording(const QString &path);
    bool isRecording() const { return m_recording; }
    int recordedFrames() const { return static_cast<int>(m_recorded.images.size()); }

    QLineEdit *pathEdit() const { return m_path; }
    QDoubleSpinBox *fromBox() const { return m_from; }
    QDoubleSpinBox *toBox() const { return m_to; }
    QSpinBox *framesBox() const { return m_frames; }
    QComboBox *viewBox() const { return m_view; }

private:
    void recordFrame();
    static QString writeFrames(const animation::Frames &frames, const QString &path);
    QString chooseFile(const QString &title);
    QSize frameSize() const;

    DocumentSession *m_session;
    ExportDialog::WindowFigureOptions m_windowOptions;
    QLineEdit *m_path;
    QDoubleSpinBox *m_from;
    QDoubleSpinBox *m_to;
    QSpinBox *m_frames;
    QComboBox *m_view;
    QSpinBox *m_width;
    QSpinBox *m_height;
    QLabel *m_message;
    QPushButton *m_record;
    QPushButton *m_lessonButton;
    std::function<const lessons::Lesson *()> m_lesson;
    bool m_recording = false;
    animation::Frames m_recorded;
    std::unique_ptr<FigureRenderer> m_recorder; // of the recording's frames
    FigureKind m_recorderKind = FigureKind::Heatmap;
};

} // namespace qkv
