#pragma once

namespace qkv {

// Every undo command id in one place, so merging never mixes two kinds of edit.
enum class CommandId { Sentence = 1, Values, Settings, Mask, LiveSentence, LiveEdit };

} // namespace qkv
