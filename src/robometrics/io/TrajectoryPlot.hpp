#pragma once
// A self-contained SVG of a reference and an estimate trajectory seen from above (the two axes
// with the largest extent of the reference), the estimate coloured by its error (blue = min,
// red = max) with a colour bar. Large trajectories are thinned to about 20000 drawn points.

#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

/// `errors[i]` colours estimate pose i; NaN leaves it uncoloured (grey).
Status writeTrajectorySvg(const std::string &path, const slam::Trajectory &ref, const slam::Trajectory &est,
                          const std::vector<double> &errors, const std::string &title);

/// `index,timestamp,error` rows (full precision).
Status writeErrorCsv(const std::string &path, const std::vector<std::size_t> &indices,
                     const std::vector<double> &stamps, const std::vector<double> &errors);

}  // namespace robometrics::io
