#pragma once

namespace qkv {

// Which attention edges an arrow graph draws (threshold, top-k, cumulative mass). (placeholder: being written)

} // namespace qkv
