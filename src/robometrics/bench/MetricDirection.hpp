#pragma once
// Whether a smaller or a larger value of a metric is better, so a leaderboard can rank cells and
// a comparison can say which configuration wins. Known metrics are matched by name; anything
// else is treated as a cost (errors, times, resources: lower is better).

#include <string>

namespace robometrics::bench {

enum class Direction { LowerIsBetter, HigherIsBetter };

/// The direction of a flattened summary.json metric ("map.coverage", "trajectory.ate_se3.rmse").
Direction metricDirection(const std::string &name);

/// "lower is better" / "higher is better".
const char *directionText(Direction direction);

/// True when `a` is better than `b` in `direction` (strictly).
bool better(double a, double b, Direction direction);

}  // namespace robometrics::bench
