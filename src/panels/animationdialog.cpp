#include "panels/animationdialog.h"

#include "cli/animationexport.h"
#include "document/valuepath.h"
#include "export/figurekind.h"
#include "export/outputformats.h"
#include "lessons/goal.h"
#include "lessons/lessoncheck.h"
#include "panels/windowprogress.h"
#include "platform/atomicsave.h"
#include "session/documentsession.h"
#include "views/figurerenderer.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QUndoStack>

namespace qkv {

AnimationDialog::AnimationDialog(
    DocumentSession *session, ExportDialog::WindowFigureOptions windowOptions, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_windowOptions(std::move(windowOptions))
{
    setObjectName(QStringLiteral("animationDialog"));
    setWindowTitle(tr("Export Animation"));
    auto *form = new QFormLayout;
    m_view = new QComboBox(this);
    m_view->setObjectName(QStringLiteral("animationView"));
    for (const FigureKind kind : figureKinds)
        m_view->addItem(figureKindTitle(kind), static_cast<int>(kind));
    form->addRow(tr("&View:"), m_view);
    auto *size = new QHBoxLayout;
    m_width = new QSpinBox(this);
    m_height = new QSpinBox(this);
    for (QSpinBox *box : {m_width, m_height}) {
        box->setRange(100, 4000);
        box->setValue(800);
        box->setSuffix(tr(" px"));
        size->addWidget(box);
    }
    m_width->setAccessibleName(tr("Width"));
    m_height->setAccessibleName(tr("Height"));
    form->addRow(tr("Size:"), size);
    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("animationValue"));
    m_path->setAccessibleName(tr("The number that moves"));
    m_path->setToolTip(tr("The number that moves, by its place in the document: words.it.q[0], attention[2][1]…"));
    form->addRow(tr("&Number:"), m_path);
    m_from = new QDoubleSpinBox(this);
    m_to = new QDoubleSpinBox(this);
    for (QDoubleSpinBox *box : {m_from, m_to}) {
        box->setRange(-limits::maxAbsValue, limits::maxAbsValue);
        box->setDecimals(3);
        box->setSingleStep(0.1);
    }
    m_from->setAccessibleName(tr("From"));
    m_to->setAccessibleName(tr("To"));
    form->addRow(tr("&From:"), m_from);
    form->addRow(tr("&To:"), m_to);
    m_frames = new QSpinBox(this);
    m_frames->setRange(2, cli::ExportOptions::maxFrames);
    m_frames->setValue(60);
    form->addRow(tr("F&rames:"), m_frames);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);

    auto *sweep = new QPushButton(tr("S&weep…"), this);
    sweep->setToolTip(tr("The number swept from From to To, one frame each step, as GIF or WebP"));
    m_record = new QPushButton(tr("&Record"), this);
    m_record->setCheckable(true);
    m_record->setToolTip(tr("Record: every edit made in the window until Stop becomes a frame"));
    m_lessonButton = new QPushButton(tr("&Lesson…"), this);
    m_lessonButton->setToolTip(tr("One frame per step of the open lesson, each with the step's title"));
    m_lessonButton->setVisible(false);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(sweep, QDialogButtonBox::ActionRole);
    buttons->addButton(m_record, QDialogButtonBox::ActionRole);
    buttons->addButton(m_lessonButton, QDialogButtonBox::ActionRole);
    connect(m_lessonButton, &QPushButton::clicked, this, [this] {
        const lessons::Lesson *lesson = m_lesson ? m_lesson() : nullptr;
        const QString path = lesson ? chooseFile(tr("Save lesson animation")) : QString();
        if (!path.isEmpty()) {
            const QString error = writeLesson(*lesson, path);
            m_message->setText(error.isEmpty() ? tr("Saved %1").arg(QFileInfo(path).fileName()) : error);
        }
    });
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(sweep, &QPushButton::clicked, this, [this] {
        const QString path = chooseFile(tr("Save animation"));
        if (!path.isEmpty()) {
            const QString error = writeSweep(path);
            m_message->setText(error.isEmpty() ? tr("Saved %1").arg(QFileInfo(path).fileName()) : error);
        }
    });
    connect(m_record, &QPushButton::toggled, this, [this](bool on) {
        if (on) {
            startRecording();
            m_record->setText(tr("&Stop"));
            m_message->setText(tr("Recording: edit or drag values in the window, then press Stop."));
            return;
        }
        m_record->setText(tr("&Record"));
        const QString path = chooseFile(tr("Save recording"));
        const QString error = path.isEmpty() ? QString() : stopRecording(path);
        m_recording = false;
        m_message->setText(error.isEmpty() && !path.isEmpty() ? tr("Saved %1").arg(QFileInfo(path).fileName()) : error);
    });
    connect(m_session, &DocumentSession::resultChanged, this, [this] {
        if (m_recording && !m_session->isComputing())
            recordFrame();
    });
}

void AnimationDialog::setValue(const ValueRef &ref)
{
    const Document &doc = m_session->document();
    if (!doc.isValid(ref))
        return;
    m_path->setText(valuePath(ref, doc));
    const double v = doc.value(ref);
    m_from->setValue(v);
    m_to->setValue(v + 1);
}

QSize AnimationDialog::frameSize() const
{
    return {m_width->value(), m_height->value()};
}

QString AnimationDialog::chooseFile(const QString &title)
{
    return QFileDialog::getSaveFileName(this, title, QString(), outputFormatFilter(OutputContent::Animation));
}

QString AnimationDialog::writeSweep(const QString &path)
{
    cli::ExportOptions o;
    const auto kind = static_cast<FigureKind>(m_view->currentData().toInt());
    o.figure = m_windowOptions(kind);
    o.figure.kind = kind;
    o.animate = m_path->text().trimmed();
    o.from = m_from->value();
    o.to = m_to->value();
    o.frames = m_frames->value();
    o.size = frameSize();
    o.sizeGiven = true;
    o.head = m_session->currentHead();
    const OutputFormat *format = outputFormatForFile(path, OutputContent::Animation);
    if (!format)
        return tr("An animation is written as %1.").arg(outputFormatList(OutputContent::Animation, true));
    o.format = format->name;
    QString error;
    bool usage = false;
    WindowProgress progress(this, tr("Drawing the frames…"), o.frames);
    const QByteArray bytes = cli::exportAnimation(
        o, m_session->document(), m_session->selectedToken(), &error, &usage, [&](int done, int total) {
            if (done == total)
                progress.setBusy(tr("Encoding the animation…"));
            return progress.advance(done);
        });
    if (progress.stopped())
        return tr("Stopped: nothing was written.");
    return bytes.isEmpty() ? error : saveAtomically(path, bytes);
}

void AnimationDialog::setLessonSource(std::function<const lessons::Lesson *()> lesson)
{
    m_lesson = std::move(lesson);
}

void AnimationDialog::showLessonButton(bool show)
{
    m_lessonButton->setVisible(show);
}

QString AnimationDialog::writeLesson(const lessons::Lesson &lesson, const QString &path, int delayMs)
{
    const auto kind = static_cast<FigureKind>(m_view->currentData().toInt());
    FigureOptions options = m_windowOptions(kind);
    options.kind = kind;
    animation::Frames frames;
    frames.delayMs = delayMs;
    FigureSpec spec;
    spec.size = frameSize();
    const qreal px = figureTextPx(options, QSizeF(spec.size));
    std::optional<FigureRenderer> renderer; // one for every frame: see recordFrame
    WindowProgress progress(this, tr("Drawing the frames…"), static_cast<int>(lesson.steps.size()));
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const lessons::Step &step = lesson.steps[i];
        const Document doc = lessons::documentAt(lesson, static_cast<int>(i));
        const Result result = compute(doc);
        const QString &selected = step.state.token.isEmpty() ? step.state.highlightQuery : step.state.token;
        const FigureInput input {&doc, &result, std::clamp(step.state.head, 0, doc.settings().heads - 1),
            tokenIndex(doc.tokens(), selected).value_or(-1), false, nullptr, {}, nullptr};
        if (renderer)
            renderer->setInput(input);
        else
            renderer.emplace(input, options);
        const QString caption = tr("Step %1 of %2").arg(i + 1).arg(lesson.steps.size())
            + (step.title.isEmpty() ? QString() : QStringLiteral(": ") + step.title);
        const QImage image = renderImage(spec, cli::captioned(renderer->painter(), caption, px));
        if (image.isNull())
            return tr("A frame of %1 × %2 px does not fit in memory.").arg(spec.size.width()).arg(spec.size.height());
        frames.images.push_back(image);
        if (!progress.advance(static_cast<int>(i) + 1))
            return tr("Stopped: nothing was written.");
    }
    progress.setBusy(tr("Encoding the animation…"));
    return writeFrames(frames, path);
}

void AnimationDialog::startRecording()
{
    m_recorded = {};
    m_recorded.delayMs = 100;
    m_recorder.reset();
    m_recording = true;
    recordFrame(); // the state before the first edit
}

void AnimationDialog::recordFrame()
{
    const auto kind = static_cast<FigureKind>(m_view->currentData().toInt());
    FigureOptions options = m_windowOptions(kind);
    options.kind = kind;
    const FigureInput input = figureInput(*m_session);
    // One renderer for the whole recording, so that the vector plot keeps its plane (a view
    // chosen anew starts again).
    if (m_recorder && m_recorderKind == kind)
        m_recorder->setInput(input);
    else
        m_recorder = std::make_unique<FigureRenderer>(input, options);
    m_recorderKind = kind;
    FigureRenderer &renderer = *m_recorder;
    FigureSpec spec;
    spec.size = frameSize();
    // The caption names the last edit, as the History dock does.
    const QUndoStack *history = m_session->undoStack();
    const QString caption = history->index() > 0 ? history->text(history->index() - 1) : QString();
    const qreal px = figureTextPx(options, QSizeF(spec.size));
    const QImage image = renderImage(spec, cli::captioned(renderer.painter(), caption, px));
    if (!image.isNull())
        m_recorded.images.push_back(image);
}

QString AnimationDialog::stopRecording(const QString &path)
{
    m_recording = false;
    if (m_recorded.images.size() < 2)
        return tr("Nothing was recorded: edit values between Record and Stop.");
    return writeFrames(m_recorded, path);
}

// Frames as the GIF or WebP the path's suffix names, saved atomically; the reason on failure.
QString AnimationDialog::writeFrames(const animation::Frames &frames, const QString &path)
{
    const OutputFormat *format = outputFormatForFile(path, OutputContent::Animation);
    if (!format)
        return tr("An animation is written as %1.").arg(outputFormatList(OutputContent::Animation, true));
    QString error;
    const QByteArray bytes
        = format->name == u"gif" ? animation::encodeGif(frames, &error) : animation::encodeWebp(frames, &error);
    return bytes.isEmpty() ? error : saveAtomically(path, bytes);
}

} // namespace qkv
