#pragma once

#include "modelfiles/modeldocument.h"

#include <QString>

namespace qkv::cli {

class CommandParser;

// The model options the parser read (modelOptionNames(): --layer N|mean|max, --heads each|mean|max,
// --hide-special, --special "TOKEN …" (hides these instead of the usual special tokens), --merge,
// --sentence TEXT, --target TEXT, --stack encoder|decoder|cross) into `view`; a message naming the
// option at fault, or empty.
QString readModelOptions(const CommandParser &parser, ModelView &view);

} // namespace qkv::cli
