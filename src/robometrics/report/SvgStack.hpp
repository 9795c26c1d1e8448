#pragma once
// Several plots as one figure: SVGs placed one under the other in a single SVG, as a matplotlib
// figure holds several subplots (evo_traj's `xyz` and `rpy` figures are three stacked axes).

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::report {

/// One SVG holding `parts` top to bottom, each at its own size (its root's width and height
/// attributes, in pixels) and left-aligned; the result is as wide as the widest part and as tall
/// as all of them. One part is returned unchanged. Each part must be a whole SVG document whose
/// root element has numeric width and height (as SvgPlot and SvgBoxPlot write them); an error
/// says which part does not.
Result<std::string> stackSvgs(const std::vector<std::string> &parts);

}  // namespace robometrics::report
