#pragma once

namespace qkv {

// Makes the custom views known to assistive technology: the heatmap and the distribution as
// tables of their weights, the arrow graph as the list of the focused word's arrows, the layers
// and heads grids as tables of heads, the token strip as the list of its tokens. Every view
// calls it when made; the first call installs the factory.
void installViewAccessibility();

} // namespace qkv
