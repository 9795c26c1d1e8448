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

// Each direction was decided on the code that computes the value (Evaluation.cpp and the
// analyzers), not on the words of the name. A value that says what happened rather than how well
// (distance, speed, rates, counts of inputs) has no direction and is bookkeeping.
constexpr MetricInfo kCatalogue[] = {
    // Headline, in the order the results table shows them.
    {"trajectory.ate_se3.rmse", "m", kLower, kHeadline},
    {"map.coverage", "ratio", kHigher, kHeadline},  // share of the true free space mapped
    {"map.iou", "ratio", kHigher, kHeadline},       // wall overlap with the true map
    {"map.ssim", "index", kHigher, kHeadline},      // structural similarity, -1..1
    {"traversal.collision_events", "count", kLower, kHeadline},
    {"traversal.min_clearance_m", "m", kHigher, kHeadline},
    {"localization.lost", "count", kLower, kHeadline},  // lost-detector readings in the lost state
    {"anomalies", "count", kLower, kHeadline},          // the length of the list (compare; not flattened)
    {"system.peak_cpu_percent", "%", kLower, kHeadline},
    {"system.peak_rss_bytes", "bytes", kLower, kHeadline},
    {"run_s", "s", kLower, kHeadline},  // bench: wall time of the job's command

    // Detail: traversal.
    {"traversal.total_collisions", "count", kLower, kDetail},  // scans in collision
    {"traversal.mean_clearance_m", "m", kHigher, kDetail},
    {"traversal.time_low_clearance_s", "s", kLower, kDetail},  // time spent near obstacles
    {"traversal.time_rough_terrain_s", "s", kLower, kDetail},
    {"traversal.rough_imu_readings", "count", kLower, kDetail},
    {"traversal.mean_smoothness", "m/s² + rad/s", kLower, kDetail},  // mean of |a| + |w| per IMU message
    {"traversal.max_accel_magnitude_mps2", "m/s²", kLower, kDetail},
    {"traversal.max_vertical_roughness_mps2", "m/s²", kLower, kDetail},
    // Odometry steps faster than the jump speed: resets and teleports of the odometry.
    {"traversal.odometry_jumps", "count", kLower, kDetail},
    {"traversal.odometry_jump_distance_m", "m", kLower, kDetail},
    // Detail: topic health, per topic (summary.json lists topics; flattened by name they match here).
    {"topics.*.jitter_ms", "ms", kLower, kDetail},
    {"topics.*.longest_gap_ms", "ms", kLower, kDetail},
    {"topics.*.estimated_drops", "count", kLower, kDetail},
    {"topics.*.age_p50_ms", "ms", kLower, kDetail},
    {"topics.*.age_p95_ms", "ms", kLower, kDetail},
    {"topics.*.stamps_out_of_order", "count", kLower, kDetail},
    // Detail: localization, trajectory, map.
    {"localization.confused", "count", kLower, kDetail},
    {"trajectory.ate_se3.mean", "m", kLower, kDetail},
    {"trajectory.ate_se3.median", "m", kLower, kDetail},
    {"trajectory.ate_se3.std", "m", kLower, kDetail},
    {"trajectory.ate_se3.min", "m", kLower, kDetail},
    {"trajectory.ate_se3.max", "m", kLower, kDetail},
    {"trajectory.ate_se3.sse", "m²", kLower, kDetail},
    {"trajectory.ate_origin.rmse", "m", kLower, kDetail},
    {"trajectory.ate_origin.mean", "m", kLower, kDetail},
    {"trajectory.ate_origin.median", "m", kLower, kDetail},
    {"trajectory.ate_origin.std", "m", kLower, kDetail},
    {"trajectory.ate_origin.min", "m", kLower, kDetail},
    {"trajectory.ate_origin.max", "m", kLower, kDetail},
    {"trajectory.ate_origin.sse", "m²", kLower, kDetail},
    {"trajectory.drift_per_m", "m/m", kLower, kDetail},  // ATE RMSE over the odometry path length
    {"map.accessible_coverage", "ratio", kHigher, kDetail},
    {"map.ssim_full", "index", kHigher, kDetail},
    {"map.wall_thickness_m", "m", kLower, kDetail},  // blurred walls are thick
    // Detail: costmap (GridMaps left without a pose; the node's time per frame on this machine).
    {"costmap.dropped_frames", "count", kLower, kDetail},
    {"costmap.mean_frame_ms", "ms", kLower, kDetail},
    {"costmap.p95_frame_ms", "ms", kLower, kDetail},
    // Detail: resources (system.run.* is run.json, the supervisor's summary of the same samples).
    {"system.mean_cpu_percent", "%", kLower, kDetail},
    {"system.run.peak_pss_bytes", "bytes", kLower, kDetail},
    {"system.run.duration_s", "s", kLower, kDetail},  // the supervised command's wall time, as run_s

    // Collisions over every scanner (the traversal entries above are the seed's one scan).
    {"safety.collision_events", "count", kLower, kDetail},
    {"safety.min_clearance_m", "m", kHigher, kDetail},
    {"safety.scanners", "count", kNone, kBookkeeping},

    // Bookkeeping: the recording and its clocks.
    {"start_ns", "ns", kNone, kBookkeeping},
    {"end_ns", "ns", kNone, kBookkeeping},
    {"duration_s", "s", kNone, kBookkeeping},
    {"wall_duration_s", "s", kNone, kBookkeeping},
    {"time_base.paused_wall_s", "s", kNone, kBookkeeping},
    {"time_base.stamp_offset_s", "s", kNone, kBookkeeping},
    // Bookkeeping: traversal. How far and how fast the robot went is the mission, not its quality.
    {"traversal.rows", "count", kNone, kBookkeeping},
    {"traversal.distance_traveled_m", "m", kNone, kBookkeeping},
    {"traversal.mean_velocity_mps", "m/s", kNone, kBookkeeping},
    {"traversal.max_velocity_mps", "m/s", kNone, kBookkeeping},
    // A sum over every IMU message: it grows with the run and the IMU rate (mean_smoothness compares).
    {"traversal.smoothness_metric", "m/s² + rad/s", kNone, kBookkeeping},
    // Ground-truth pose steps over the guard: the simulator's teleports, not the stack's doing.
    {"traversal.rejected_pose_jumps", "count", kNone, kBookkeeping},
    // Ranges without a return (open space, REP 117) describe the world and the sensor.
    {"traversal.scan_readings", "count", kNone, kBookkeeping},
    {"traversal.invalid_scan_readings", "count", kNone, kBookkeeping},
    {"traversal.invalid_scan_share", "ratio", kNone, kBookkeeping},
    {"traversal.invalid_scan_readings_by_reason.non_finite", "count", kNone, kBookkeeping},
    {"traversal.invalid_scan_readings_by_reason.below_range_min", "count", kNone, kBookkeeping},
    {"traversal.invalid_scan_readings_by_reason.above_range_max", "count", kNone, kBookkeeping},
    {"traversal.scans_without_valid_reading", "count", kNone, kBookkeeping},
    {"traversal.first_odometry_jump_s", "s", kNone, kBookkeeping},
    // Bookkeeping: what the robot was told and did.
    {"activity.goals", "count", kNone, kBookkeeping},
    {"activity.commanded_s", "s", kNone, kBookkeeping},
    {"activity.moving_s", "s", kNone, kBookkeeping},
    {"activity.idle_s", "s", kNone, kBookkeeping},
    // Bookkeeping: topic health, per topic (rates and silences follow the configuration and the mission).
    {"topics.*.count", "count", kNone, kBookkeeping},
    {"topics.*.duration_s", "s", kNone, kBookkeeping},
    {"topics.*.mean_rate_hz", "Hz", kNone, kBookkeeping},
    {"topics.*.active_rate_hz", "Hz", kNone, kBookkeeping},
    {"topics.*.idle_gaps", "count", kNone, kBookkeeping},
    {"topics.*.idle_s", "s", kNone, kBookkeeping},
    {"topics.*.publishers", "count", kNone, kBookkeeping},
    {"topics.*.expected_period_ms", "ms", kNone, kBookkeeping},
    {"topics.*.bandwidth_bps", "bytes/s", kNone, kBookkeeping},
    // Bookkeeping: localization. `normal` is the readings left when lost and confused are counted;
    // invalid readings (NaN, negative or unset covariance) could not be judged.
    {"localization.readings", "count", kNone, kBookkeeping},
    {"localization.invalid_readings", "count", kNone, kBookkeeping},
    {"localization.normal", "count", kNone, kBookkeeping},
    // Bookkeeping: odometry motion.
    {"motion.odometry_messages", "count", kNone, kBookkeeping},
    {"motion.path_length_m", "m", kNone, kBookkeeping},
    {"motion.max_speed_mps", "m/s", kNone, kBookkeeping},
    {"motion.max_speed_at_s", "s", kNone, kBookkeeping},
    {"motion.movement_start_s", "s", kNone, kBookkeeping},
    // Bookkeeping: trajectory (how many poses were matched; the alignment's scale, 1 for SE(3)).
    {"trajectory.matched_poses", "count", kNone, kBookkeeping},
    {"trajectory.ate_se3.n", "count", kNone, kBookkeeping},
    {"trajectory.ate_origin.n", "count", kNone, kBookkeeping},
    {"trajectory.scale", "ratio", kNone, kBookkeeping},
    {"map.cells", "count", kNone, kBookkeeping},
    // Bookkeeping: costmap (the shares describe the terrain).
    {"costmap.frames", "count", kNone, kBookkeeping},
    {"costmap.lethal_share", "ratio", kNone, kBookkeeping},
    {"costmap.unknown_share", "ratio", kNone, kBookkeeping},
    {"costmap.free_share", "ratio", kNone, kBookkeeping},
    // Bookkeeping: the sampling and the supervisor's settings and outcome, and run.json's copies of
    // figures ranked as system.* (the same samples: a second leaderboard would repeat the first).
    {"system.samples", "count", kNone, kBookkeeping},
    {"system.run.peak_cpu_percent", "%", kNone, kBookkeeping},
    {"system.run.mean_cpu_percent", "%", kNone, kBookkeeping},
    {"system.run.peak_rss_bytes", "bytes", kNone, kBookkeeping},
    {"system.run.cpu_time_s", "s", kNone, kBookkeeping},
    {"system.run.max_rss_bytes", "bytes", kNone, kBookkeeping},
    {"system.run.samples", "count", kNone, kBookkeeping},
    {"system.run.sample_hz", "Hz", kNone, kBookkeeping},
    {"system.run.cpu_budget_percent", "%", kNone, kBookkeeping},
    {"system.run.peak_threads", "count", kNone, kBookkeeping},
    {"system.run.exit_code", "code", kNone, kBookkeeping},
    {"system.run.exit_signal", "signal", kNone, kBookkeeping},
    // Bookkeeping: bench's time to evaluate the run measures robometrics, not the configuration.
    {"evaluate_s", "s", kNone, kBookkeeping},
};

constexpr MetricInfo kUnknown{"", "", kNone, kDetail, false};

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

bool better(double a, double b, Direction direction) {
    if (direction == Direction::LowerIsBetter) return a < b;
    if (direction == Direction::HigherIsBetter) return a > b;
    return false;
}

}  // namespace robometrics::evaluate
