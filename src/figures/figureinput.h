#pragma once

#include <QString>

namespace qkv {

class Document;
struct Result;

// What a figure is drawn from: a document and its computed result (both alive while the figure
// is drawn), the head shown, and the selected token: a query's row, or with keySelected a key's
// column (-1: none).
struct FigureInput {
    const Document *document = nullptr;
    const Result *result = nullptr;
    int head = 0;
    int token = -1;
    bool keySelected = false;
    // A snapshot's result the views that show differences compare against (alive while the
    // figure is drawn; null: none), and its name.
    const Result *baseline = nullptr;
    QString baselineName;
    // The snapshot's own document (its sentence and vectors), which an A | B figure draws.
    const Document *baselineDocument = nullptr;
};

} // namespace qkv
