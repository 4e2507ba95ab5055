#pragma once

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
};

} // namespace qkv
