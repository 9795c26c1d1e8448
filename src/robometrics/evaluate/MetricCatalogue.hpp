#pragma once
// The one catalogue of the numbers a run is judged on: every numeric leaf of summary.json as
// bench flattens it ("trajectory.ate_se3.rmse"), the anomaly count `compare` shows, and bench's
// own `run_s` and `evaluate_s`. Each has its unit, whether a smaller or a larger value is better
// (or neither) and its tier. bench's leaderboards and comparisons, its report and `compare` take
// directions from here and nowhere else; docs/bench.md (Metric catalogue) lists the entries.
//
// It lives in evaluate because evaluate writes the names (toSummaryJson) and `compare` needs the
// directions; bench, which depends on evaluate, reads it too.

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace robometrics::evaluate {

enum class Direction { LowerIsBetter, HigherIsBetter, None };

enum class MetricTier {
    Headline,     ///< the few numbers a team decides on (ATE, collisions, clearance, map, CPU, memory, run time)
    Detail,       ///< every other measure of quality
    Bookkeeping,  ///< timestamps, durations of the recording, counts of rows, messages and samples: never ranked
};

struct MetricInfo {
    /// A flattened name, or a pattern whose `*` stands for one whole part of the name
    /// ("topics.*.jitter_ms" for a per-topic figure).
    std::string_view name;
    std::string_view unit;  ///< "m", "s", "%", "bytes", "count", "ratio", ...
    Direction direction = Direction::None;
    MetricTier tier = MetricTier::Detail;
    bool in_catalogue = true;  ///< false for a name the catalogue does not know

    /// A metric with a direction gets a leaderboard and a "better" in comparisons.
    bool ranked() const { return direction != Direction::None; }
};

/// Every entry: the headline metrics first, in the order tables show them, then the detail and
/// the bookkeeping ones, each by section of summary.json.
std::span<const MetricInfo> metricCatalogue();

/// The entry of a flattened metric name. A name the catalogue does not hold (a user's own metric)
/// gets direction none, tier detail and `in_catalogue` false: it is listed, never ranked on a guess.
const MetricInfo &metricInfo(std::string_view name);

/// `names` in catalogue order (headline first); names not in the catalogue last, in their order.
std::vector<std::string> inCatalogueOrder(std::vector<std::string> names);

/// "lower is better", "higher is better" or "none".
const char *directionText(Direction direction);

/// "headline", "detail" or "bookkeeping".
const char *tierText(MetricTier tier);

/// True when `a` is strictly better than `b`; never for a metric without a direction.
bool better(double a, double b, Direction direction);

}  // namespace robometrics::evaluate
