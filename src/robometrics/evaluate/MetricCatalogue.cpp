#include "robometrics/evaluate/MetricCatalogue.hpp"

#include <algorithm>
#include <optional>
#include <utility>

namespace robometrics::evaluate {
namespace {

constexpr Direction kLower = Direction::LowerIsBetter;
constexpr Direction kHigher = Direction::HigherIsBetter;
constexpr Direction kNone = Direction::None;
constexpr MetricTier kHeadline = MetricTier::Headline;
constexpr MetricTier kDetail = MetricTier::Detail;
constexpr MetricTier kBookkeeping = MetricTier::Bookkeeping;
constexpr MetricGroup kTrajectory = MetricGroup::Trajectory;
constexpr MetricGroup kMap = MetricGroup::Map;
constexpr MetricGroup kSafety = MetricGroup::Safety;
constexpr MetricGroup kLocalization = MetricGroup::Localization;
constexpr MetricGroup kTopicHealth = MetricGroup::TopicHealth;
constexpr MetricGroup kVerdict = MetricGroup::Verdict;
constexpr MetricGroup kResources = MetricGroup::Resources;
constexpr MetricGroup kRun = MetricGroup::Run;

// Each direction was decided on the code that computes the value (Evaluation.cpp and the
// analyzers), not on the words of the name. A value that says what happened rather than how well
// (distance, speed, rates, counts of inputs) has no direction and is bookkeeping; so does every
// duration: how long a run took is its mission ("slow and steady or fast and risky"), not its quality.
// The group says what a metric is about; `resources` are measured on the machine that ran the job
// (CPU, memory, times), so they move with its load: `bench compare` reports them apart and gates
// them only when asked (docs/bench.md, Regression gate).
constexpr MetricInfo kCatalogue[] = {
    // Headline, in the order the results table shows them.
    {"trajectory.ate_se3.rmse", "m", kLower, kHeadline, kTrajectory},
    {"map.coverage", "ratio", kHigher, kHeadline, kMap},  // share of the true free space mapped
    {"map.iou", "ratio", kHigher, kHeadline, kMap},       // wall overlap with the true map
    {"map.ssim", "index", kHigher, kHeadline, kMap},      // structural similarity, -1..1
    {"traversal.collision_events", "count", kLower, kHeadline, kSafety},
    {"traversal.min_clearance_m", "m", kHigher, kHeadline, kSafety},
    {"localization.lost", "count", kLower, kHeadline, kLocalization},  // lost-detector readings in the lost state
    {"anomalies", "count", kLower, kHeadline, kVerdict},  // the length of the list (compare; not flattened)
    // bench: 1 when the run's verdict is potential_failure for an anomaly of what it recorded (not
    // of the machine's resources, such as cpu_budget), else 0; a cell's mean is its share of such runs.
    {"potential_failure", "0/1", kLower, kHeadline, kVerdict},
    {"system.peak_cpu_percent", "%", kLower, kHeadline, kResources},
    {"system.peak_rss_bytes", "bytes", kLower, kHeadline, kResources},

    // Detail: traversal.
    {"traversal.total_collisions", "count", kLower, kDetail, kSafety},  // scans in collision
    {"traversal.mean_clearance_m", "m", kHigher, kDetail, kSafety},
    {"traversal.time_low_clearance_s", "s", kLower, kDetail, kSafety},  // time spent near obstacles
    {"traversal.time_rough_terrain_s", "s", kLower, kDetail, kSafety},
    {"traversal.rough_imu_readings", "count", kLower, kDetail, kSafety},
    {"traversal.mean_smoothness", "m/s² + rad/s", kLower, kDetail, kSafety},  // mean of |a| + |w| per IMU message
    {"traversal.max_accel_magnitude_mps2", "m/s²", kLower, kDetail, kSafety},
    {"traversal.max_vertical_roughness_mps2", "m/s²", kLower, kDetail, kSafety},
    // Odometry steps faster than the jump speed: resets and teleports of the odometry.
    {"traversal.odometry_jumps", "count", kLower, kDetail, kLocalization},
    {"traversal.odometry_jump_distance_m", "m", kLower, kDetail, kLocalization},
    // Detail: topic health, per topic (summary.json lists topics; flattened by name they match here).
    {"topics.*.jitter_ms", "ms", kLower, kDetail, kTopicHealth},
    {"topics.*.longest_gap_ms", "ms", kLower, kDetail, kTopicHealth},
    {"topics.*.estimated_drops", "count", kLower, kDetail, kTopicHealth},
    {"topics.*.age_p50_ms", "ms", kLower, kDetail, kTopicHealth},
    {"topics.*.age_p95_ms", "ms", kLower, kDetail, kTopicHealth},
    {"topics.*.stamps_out_of_order", "count", kLower, kDetail, kTopicHealth},
    // Detail: localization, trajectory, map.
    {"localization.confused", "count", kLower, kDetail, kLocalization},
    {"trajectory.ate_se3.mean", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_se3.median", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_se3.std", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_se3.min", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_se3.max", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_se3.sse", "m²", kLower, kDetail, kTrajectory},
    {"trajectory.ate_origin.rmse", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_origin.mean", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_origin.median", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_origin.std", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_origin.min", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_origin.max", "m", kLower, kDetail, kTrajectory},
    {"trajectory.ate_origin.sse", "m²", kLower, kDetail, kTrajectory},
    {"trajectory.drift_per_m", "m/m", kLower, kDetail, kTrajectory},  // ATE RMSE over the odometry path length
    {"map.accessible_coverage", "ratio", kHigher, kDetail, kMap},
    {"map.ssim_full", "index", kHigher, kDetail, kMap},
    {"map.wall_thickness_m", "m", kLower, kDetail, kMap},  // blurred walls are thick
    // Detail: costmap (GridMaps left without a pose; the node's time per frame on this machine).
    {"costmap.dropped_frames", "count", kLower, kDetail, kMap},
    {"costmap.mean_frame_ms", "ms", kLower, kDetail, kResources},
    {"costmap.p95_frame_ms", "ms", kLower, kDetail, kResources},
    // Detail: resources (system.run.* is run.json, the supervisor's summary of the same samples).
    {"system.mean_cpu_percent", "%", kLower, kDetail, kResources},
    {"system.run.peak_pss_bytes", "bytes", kLower, kDetail, kResources},
    // CPU seconds of the command's whole process tree (wait4 at its exit): what the run cost the machine.
    {"system.run.cpu_time_s", "s", kLower, kDetail, kResources},

    // Collisions over every scanner (the traversal entries above are the seed's one scan).
    {"safety.collision_events", "count", kLower, kDetail, kSafety},
    {"safety.min_clearance_m", "m", kHigher, kDetail, kSafety},
    {"safety.scanners", "count", kNone, kBookkeeping, kSafety},

    // Bookkeeping: the recording and its clocks.
    {"start_ns", "ns", kNone, kBookkeeping, kRun},
    {"end_ns", "ns", kNone, kBookkeeping, kRun},
    {"duration_s", "s", kNone, kBookkeeping, kRun},
    {"wall_duration_s", "s", kNone, kBookkeeping, kRun},
    {"time_base.paused_wall_s", "s", kNone, kBookkeeping, kRun},
    {"time_base.stamp_offset_s", "s", kNone, kBookkeeping, kRun},
    // Bookkeeping: traversal. How far and how fast the robot went is the mission, not its quality.
    {"traversal.rows", "count", kNone, kBookkeeping, kRun},
    {"traversal.distance_traveled_m", "m", kNone, kBookkeeping, kRun},
    {"traversal.mean_velocity_mps", "m/s", kNone, kBookkeeping, kRun},
    {"traversal.max_velocity_mps", "m/s", kNone, kBookkeeping, kRun},
    // A sum over every IMU message: it grows with the run and the IMU rate (mean_smoothness compares).
    {"traversal.smoothness_metric", "m/s² + rad/s", kNone, kBookkeeping, kRun},
    // Ground-truth pose steps over the guard: the simulator's teleports, not the stack's doing.
    {"traversal.rejected_pose_jumps", "count", kNone, kBookkeeping, kRun},
    // Ranges without a return (open space, REP 117) describe the world and the sensor.
    {"traversal.scan_readings", "count", kNone, kBookkeeping, kRun},
    {"traversal.invalid_scan_readings", "count", kNone, kBookkeeping, kRun},
    {"traversal.invalid_scan_share", "ratio", kNone, kBookkeeping, kRun},
    {"traversal.invalid_scan_readings_by_reason.non_finite", "count", kNone, kBookkeeping, kRun},
    {"traversal.invalid_scan_readings_by_reason.below_range_min", "count", kNone, kBookkeeping, kRun},
    {"traversal.invalid_scan_readings_by_reason.above_range_max", "count", kNone, kBookkeeping, kRun},
    {"traversal.scans_without_valid_reading", "count", kNone, kBookkeeping, kRun},
    {"traversal.first_odometry_jump_s", "s", kNone, kBookkeeping, kRun},
    // Bookkeeping: what the robot was told and did.
    {"activity.goals", "count", kNone, kBookkeeping, kRun},
    {"activity.commanded_s", "s", kNone, kBookkeeping, kRun},
    {"activity.moving_s", "s", kNone, kBookkeeping, kRun},
    {"activity.idle_s", "s", kNone, kBookkeeping, kRun},
    // Bookkeeping: topic health, per topic (rates and silences follow the configuration and the mission).
    {"topics.*.count", "count", kNone, kBookkeeping, kTopicHealth},
    {"topics.*.duration_s", "s", kNone, kBookkeeping, kTopicHealth},
    {"topics.*.mean_rate_hz", "Hz", kNone, kBookkeeping, kTopicHealth},
    {"topics.*.active_rate_hz", "Hz", kNone, kBookkeeping, kTopicHealth},
    {"topics.*.idle_gaps", "count", kNone, kBookkeeping, kTopicHealth},
    {"topics.*.idle_s", "s", kNone, kBookkeeping, kTopicHealth},
    {"topics.*.publishers", "count", kNone, kBookkeeping, kTopicHealth},
    {"topics.*.expected_period_ms", "ms", kNone, kBookkeeping, kTopicHealth},
    {"topics.*.bandwidth_bps", "bytes/s", kNone, kBookkeeping, kTopicHealth},
    // Bookkeeping: localization. `normal` is the readings left when lost and confused are counted;
    // invalid readings (NaN, negative or unset covariance) could not be judged.
    {"localization.readings", "count", kNone, kBookkeeping, kLocalization},
    {"localization.invalid_readings", "count", kNone, kBookkeeping, kLocalization},
    {"localization.normal", "count", kNone, kBookkeeping, kLocalization},
    // Bookkeeping: odometry motion.
    {"motion.odometry_messages", "count", kNone, kBookkeeping, kRun},
    {"motion.path_length_m", "m", kNone, kBookkeeping, kRun},
    {"motion.max_speed_mps", "m/s", kNone, kBookkeeping, kRun},
    {"motion.max_speed_at_s", "s", kNone, kBookkeeping, kRun},
    {"motion.movement_start_s", "s", kNone, kBookkeeping, kRun},
    // Bookkeeping: trajectory (how many poses were matched; the alignment's scale, 1 for SE(3)).
    {"trajectory.matched_poses", "count", kNone, kBookkeeping, kTrajectory},
    {"trajectory.ate_se3.n", "count", kNone, kBookkeeping, kTrajectory},
    {"trajectory.ate_origin.n", "count", kNone, kBookkeeping, kTrajectory},
    {"trajectory.scale", "ratio", kNone, kBookkeeping, kTrajectory},
    {"map.cells", "count", kNone, kBookkeeping, kMap},
    // Bookkeeping: costmap (the shares describe the terrain).
    {"costmap.frames", "count", kNone, kBookkeeping, kMap},
    {"costmap.lethal_share", "ratio", kNone, kBookkeeping, kMap},
    {"costmap.unknown_share", "ratio", kNone, kBookkeeping, kMap},
    {"costmap.free_share", "ratio", kNone, kBookkeeping, kMap},
    // Bookkeeping: the sampling and the supervisor's settings and outcome, and run.json's copies of
    // figures ranked as system.* (the same samples: a second leaderboard would repeat the first).
    {"system.samples", "count", kNone, kBookkeeping, kResources},
    {"system.run.peak_cpu_percent", "%", kNone, kBookkeeping, kResources},
    {"system.run.mean_cpu_percent", "%", kNone, kBookkeeping, kResources},
    {"system.run.peak_rss_bytes", "bytes", kNone, kBookkeeping, kResources},
    // The wall time of the job's command (bench) and of the supervised command (run.json): durations.
    {"run_s", "s", kNone, kBookkeeping, kResources},
    {"system.run.duration_s", "s", kNone, kBookkeeping, kResources},
    {"system.run.max_rss_bytes", "bytes", kNone, kBookkeeping, kResources},
    {"system.run.samples", "count", kNone, kBookkeeping, kResources},
    {"system.run.sample_hz", "Hz", kNone, kBookkeeping, kResources},
    {"system.run.cpu_budget_percent", "%", kNone, kBookkeeping, kResources},
    {"system.run.peak_threads", "count", kNone, kBookkeeping, kResources},
    {"system.run.exit_code", "code", kNone, kBookkeeping, kRun},
    {"system.run.exit_signal", "signal", kNone, kBookkeeping, kRun},
    // Bookkeeping: bench's time to evaluate the run measures robometrics, not the configuration.
    {"evaluate_s", "s", kNone, kBookkeeping, kResources},
};

constexpr MetricInfo kUnknown{"", "", kNone, kDetail, kRun, false};

/// `*` in `pattern` takes one whole part of `name`: one or more characters up to the next dot.
bool matches(std::string_view pattern, std::string_view name) {
    const std::size_t star = pattern.find('*');
    if (star == std::string_view::npos) return pattern == name;
    if (name.substr(0, star) != pattern.substr(0, star)) return false;
    const std::size_t part_end = std::min(name.find('.', star), name.size());
    if (part_end == star) return false;
    return matches(pattern.substr(star + 1), name.substr(part_end));
}

std::optional<std::size_t> entryIndex(std::string_view name) {
    for (std::size_t i = 0; i < std::size(kCatalogue); ++i) {
        if (matches(kCatalogue[i].name, name)) return i;
    }
    return std::nullopt;
}

}  // namespace

std::span<const MetricInfo> metricCatalogue() { return kCatalogue; }

const MetricInfo &metricInfo(std::string_view name) {
    const auto i = entryIndex(name);
    return i ? kCatalogue[*i] : kUnknown;
}

std::vector<std::string> inCatalogueOrder(std::vector<std::string> names) {
    std::vector<std::pair<std::size_t, std::string>> keyed;
    for (std::string &name : names) {
        const std::size_t key = entryIndex(name).value_or(std::size(kCatalogue));
        keyed.emplace_back(key, std::move(name));
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<std::string> out;
    for (auto &[key, name] : keyed) out.push_back(std::move(name));
    return out;
}

const char *directionText(Direction direction) {
    constexpr const char *kText[] = {"lower is better", "higher is better", "none"};  // in the enum's order
    return kText[static_cast<int>(direction)];
}

const char *tierText(MetricTier tier) {
    constexpr const char *kText[] = {"headline", "detail", "bookkeeping"};  // in the enum's order
    return kText[static_cast<int>(tier)];
}

const char *groupText(MetricGroup group) {
    constexpr const char *kText[] = {"trajectory",   "map",     "safety",    "localization",
                                     "topic health", "verdict", "resources", "run"};  // in the enum's order
    return kText[static_cast<int>(group)];
}

bool better(double a, double b, Direction direction) {
    if (direction == Direction::LowerIsBetter) return a < b;
    if (direction == Direction::HigherIsBetter) return a > b;
    return false;
}

}  // namespace robometrics::evaluate
