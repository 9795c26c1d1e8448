#pragma once
// The one catalogue of the numbers a run is judged on: every numeric leaf of summary.json as
// bench flattens it ("trajectory.ate_se3.rmse"), the anomaly count `compare` shows, and bench's
// own `run_s`, `evaluate_s` and `potential_failure`. Each has its unit, whether a smaller or a larger
// value is better (or neither), its tier and its group (what it is about; `resources` are measured
// on the machine, not on the navigation). bench's leaderboards and comparisons, its report and `compare` take
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

/// What a metric is about. Every group but `resources` and `run` is a quality of the navigation;
/// `resources` are measured on the machine that ran the job (CPU, memory, wall and CPU times) and
/// move with its load; `run` describes the recording and the mission (stamps, distance, speed).
enum class MetricGroup { Trajectory, Map, Safety, Localization, TopicHealth, Verdict, Resources, Run };

enum class MetricTier {
    Headline,     ///< the few numbers a team decides on (ATE, collisions, clearance, map, verdict, CPU, memory)
    Detail,       ///< every other measure of quality
    Bookkeeping,  ///< timestamps, durations, counts of rows, messages and samples, path lengths: never ranked
};

struct MetricInfo {
    /// A flattened name, or a pattern whose `*` stands for one whole part of the name
    /// ("topics.*.jitter_ms" for a per-topic figure).
    std::string_view name;
    std::string_view unit;  ///< "m", "s", "%", "bytes", "count", "ratio", ...
    Direction direction = Direction::None;
    MetricTier tier = MetricTier::Detail;
    MetricGroup group = MetricGroup::Run;
    bool in_catalogue = true;  ///< false for a name the catalogue does not know

    /// A metric with a direction gets a leaderboard and a "better" in comparisons.
    bool ranked() const { return direction != Direction::None; }
    /// Measured on the machine that ran the job, so it moves with that machine's load.
    bool machineMeasured() const { return group == MetricGroup::Resources; }
    /// What `bench compare` gates by default: a quality of the navigation with a direction.
    bool gatedByDefault() const { return ranked() && !machineMeasured(); }
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

/// "trajectory", "map", "safety", "localization", "topic health", "verdict", "resources" or "run".
const char *groupText(MetricGroup group);

/// True when `a` is strictly better than `b`; never for a metric without a direction.
bool better(double a, double b, Direction direction);

}  // namespace robometrics::evaluate
