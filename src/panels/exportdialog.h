#pragma once

#include "export/figureoptions.h"
#include "figures/figurewriter.h"

#include <QDialog>

#include <functional>
#include <memory>
#include <optional>

class QTimer;

namespace Ui {
class ExportDialog;
}

namespace qkv {

class DocumentSession;

// Export from the window: any view or the composed teaching figure to PNG, SVG or PDF,
// with a live preview, or to the clipboard as PNG and SVG at once; and numbers (weights, scores,
// outputs, Q, K, V, the worked computation) as CSV, Markdown or LaTeX. A figure shows the view as
// it is in the window now: `windowOptions` tells how (colormap, filters, layout…); head and
// selected token come from the session. Every file is written atomically.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    using WindowFigureOptions = std::function<FigureOptions(FigureKind kind)>;

    ExportDialog(DocumentSession *session, WindowFigureOptions windowOptions, QWidget *parent = nullptr);
    ~ExportDialog() override;

    void setView(FigureKind kind);
    FigureKind view() const;
    void setFormat(FigureFormat format);
    // The figure as it will be written: size (an automatic height resolved), scale, format.
    FigureSpec figureSpec() const;
    // Drawn on a worker while a progress dialog offers Stop (BackgroundFigure); nullopt: stopped.
    std::optional<QByteArray> figureBytes(const FigureSpec &spec, const QString &label, QString *error = nullptr);
    // The preview as shown (the figure scaled to fit the preview area).
    QImage previewImage() const;
    QString numbersText() const;

    // Write to `path` atomically; an empty string, or the reason it failed (or that Stop was
    // pressed). A figure's format follows the path's suffix when it names one (png, svg, pdf).
    QString saveFigure(const QString &path);
    QString saveNumbers(const QString &path);
    void copyFigure();
    void copyNumbers();
    QString lastError() const { return m_lastError; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    FigureOptions figureOptions() const;
    // What the Numbers tab writes now, as a job that holds what it reads (a worker may run it):
    // maxCells ≥ 0 for a preview of the first rows, `cut` set when rows were left out.
    using NumbersJob = std::function<QString(qsizetype maxCells, bool *cut)>;
    NumbersJob numbersJob() const;
    // Every number, computed on a worker under a progress dialog; nullopt: stopped.
    std::optional<QString> numbersInBackground(const QString &label);
    QWidget *progressParent();
    void schedulePreview();
    void updatePreview();
    void updateNumbers();
    void updateControls();
    void chooseFigureFile();
    void chooseNumbersFile();
    void report(const QString &error);
    QString suggestedName(const QString &what, const QString &suffix) const;

    std::unique_ptr<Ui::ExportDialog> m_ui;
    DocumentSession *m_session;
    WindowFigureOptions m_windowOptions;
    QTimer *m_refresh;
    QString m_lastError;
    bool m_stale = true; // changed while hidden: redrawn when shown
};

} // namespace qkv
