#pragma once

namespace qkv {

// Every step of one query's attention with its numbers, as Markdown and LaTeX. (placeholder: being written)

} // namespace qkv
