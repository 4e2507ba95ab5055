#pragma once

#include "export/figurekind.h"

#include <QString>

class QSettings;

namespace qkv {

// What the export dialog remembers between openings, read and written in one place (the "export"
// group of the settings). Choices are kept as positions in the dialog's lists; a value that is
// missing or not a number reads as its default, and the dialog ignores a position its list does
// not have, so a settings file edited by hand never leaves a list empty.
struct ExportSettings {
    FigureKind view = FigureKind::Figure; // kept by name: a name no longer known reads as this
    int format = 0; // PNG, SVG, PDF
    int width = 1000;
    int height = 0; // below the dialog's minimum: as tall as the figure needs
    double scale = 2.0;
    int table = 0; // CSV, Markdown, LaTeX tabular, LaTeX bmatrix
    int decimals = -1; // as many as a number needs
    int textSize = 0; // the figure's own
    int colorScale = 0; // as the window colours them; 1: weights from 0 to 1; 2: 0 to the largest

    static ExportSettings load(const QSettings &settings);
    void save(QSettings &settings) const;

    // Where the last file was saved, offered for the next (empty: none yet).
    static QString lastFolder(const QSettings &settings);
    static void rememberFolder(QSettings &settings, const QString &savedFile);
};

} // namespace qkv
