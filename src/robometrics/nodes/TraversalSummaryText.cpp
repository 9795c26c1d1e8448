#include "robometrics/nodes/TraversalSummaryText.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

#include "robometrics/report/JsonNumber.hpp"

namespace robometrics::nodes {

namespace {

using report::finiteOrNull;

std::string text(double x, const char *unit) { return std::isfinite(x) ? fmt::format("{:.3f}{}", x, unit) : "-"; }

double share(std::uint64_t part, std::uint64_t whole) {
    return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

nlohmann::json skipsJson(const traversal::ImuFieldSkips &k) {
    return {{"no_data", k.no_data}, {"non_finite", k.non_finite}};
}

/// What the sensor contracts set aside (docs/conventions.md, Sensor contracts).
nlohmann::json validityJson(const traversal::TraversalSummary &s) {
    const auto &r = s.scan_ranges;
    return {
        {"scan",
         {{"respect_range_limits", s.respect_range_limits},
          {"readings", r.readings},
          {"invalid", r.invalid()},
          {"non_finite", r.non_finite},
          {"below_range_min", r.below_min},
          {"above_range_max", r.above_max},
          {"scans_without_valid_reading", s.scans_without_valid_reading},
          {"scans_without_valid_reading_share", share(s.scans_without_valid_reading, s.scans)}}},
        {"imu",
         {{"acceleration_skipped", skipsJson(s.imu_acceleration_skipped)},
          {"angular_velocity_skipped", skipsJson(s.imu_angular_velocity_skipped)}}},
        {"odometry",
         {{"twist_non_finite", s.odometry_twist_non_finite}, {"pose_non_finite", s.odometry_pose_non_finite}}},
    };
}

/// The first odometry-pose jump, or null.
nlohmann::json firstJumpJson(const traversal::TraversalSummary &s) {
    if (s.odometry_jumps == 0) return nullptr;
    return {{"time_ns", s.first_odometry_jump_time},
            {"time_s", toSeconds(s.first_odometry_jump_time - s.start_time)},
            {"length_m", s.first_odometry_jump_m}};
}

/// The scan line when the range limits set readings aside or some scans gave no clearance at all.
/// +inf and NaN alone do not print it: every lidar sends them for "no return" and the seed never
/// used them, so a summary of such a run reads as before (the JSON has every count).
std::string scanValidityText(const traversal::TraversalSummary &s) {
    const auto &r = s.scan_ranges;
    if (r.below_min + r.above_max == 0 && s.scans_without_valid_reading == 0) return "";
    return fmt::format(
        "  scan readings     {} of {} invalid ({} non-finite, {} below range_min, {} above range_max{}); {} of {} "
        "scans ({:.1f} %) without a valid reading\n",
        r.invalid(), r.readings, r.non_finite, r.below_min, r.above_max,
        s.respect_range_limits ? "" : "; range limits not applied", s.scans_without_valid_reading, s.scans,
        100.0 * share(s.scans_without_valid_reading, s.scans));
}

/// The IMU line when a field of some messages was not used; empty otherwise.
std::string imuValidityText(const traversal::TraversalSummary &s) {
    const auto &a = s.imu_acceleration_skipped;
    const auto &w = s.imu_angular_velocity_skipped;
    if (a.total() == 0 && w.total() == 0) return "";
    return fmt::format(
        "  imu data          acceleration not used in {} messages ({} no data, {} non-finite), angular rate in {} "
        "({} no data, {} non-finite)\n",
        a.total(), a.no_data, a.non_finite, w.total(), w.no_data, w.non_finite);
}

/// " (excluding 1 jump of 5.000 m at 12.3 s)": odometry jumps left out of the distance.
std::string jumpsText(const traversal::TraversalSummary &s) {
    if (s.odometry_jumps == 0) return "";
    const double at = toSeconds(s.first_odometry_jump_time - s.start_time);
    if (s.odometry_jumps == 1)
        return fmt::format(", excluding a {:.3f} m jump at {:.1f} s", s.first_odometry_jump_m, at);
    return fmt::format(", excluding {} jumps of {:.3f} m in all, the first {:.3f} m at {:.1f} s", s.odometry_jumps,
                       s.odometry_jump_distance_m, s.first_odometry_jump_m, at);
}

}  // namespace

nlohmann::json traversalSummaryJson(const traversal::TraversalSummary &s, const std::string &csv,
                                    const std::map<std::string, std::string> &inputs) {
    return {
        {"csv", csv},
        {"inputs", inputs},
        {"start_time_ns", s.start_time},
        {"end_time_ns", s.end_time},
        {"duration_s", s.duration_s},
        {"rows", s.rows},
        {"messages",
         {{"scan", s.scans}, {"imu", s.imu_messages}, {"pose", s.pose_messages}, {"odometry", s.odometry_messages}}},
        {"total_collisions", s.total_collisions},
        {"collision_events", s.collision_events},
        {"distance_traveled_m", s.pose_messages == 0 && !s.distance_from_odometry
                                    ? nlohmann::json(nullptr)
                                    : nlohmann::json(s.distance_traveled)},
        {"distance_source", s.distance_from_odometry ? "odometry" : "pose_array"},
        {"rejected_pose_jumps", s.rejected_pose_jumps},
        {"smoothness_metric", s.smoothness_metric},
        {"mean_clearance_m", finiteOrNull(s.mean_clearance)},
        {"min_clearance_m", finiteOrNull(s.min_clearance)},
        {"mean_smoothness", finiteOrNull(s.mean_smoothness)},
        {"max_accel_magnitude", finiteOrNull(s.max_accel_magnitude)},
        {"max_vertical_roughness", finiteOrNull(s.max_vertical_roughness)},
        {"mean_velocity_mps", finiteOrNull(s.mean_velocity)},
        {"max_velocity_mps", finiteOrNull(s.max_velocity)},
        {"rough_imu_readings", s.rough_imu_readings},
        {"time_rough_terrain_s", s.time_rough_terrain_s},
        {"time_low_clearance_s", s.time_low_clearance_s},
        {"odometry_jumps", s.odometry_jumps},
        {"odometry_jump_distance_m", s.odometry_jump_distance_m},
        {"first_odometry_jump", firstJumpJson(s)},
        {"invalid_input", validityJson(s)},
    };
}

std::string traversalSummaryText(const traversal::TraversalSummary &s, const std::string &csv) {
    std::string out;
    auto line = [&out](fmt::string_view format, auto &&...args) {
        fmt::vformat_to(std::back_inserter(out), format, fmt::make_format_args(args...));
    };
    line("traversal metrics: {} rows over {:.1f} s of bag time -> {}\n", s.rows, s.duration_s, csv);
    line("  messages          scan {}, imu {}, pose {}, odometry {}\n", s.scans, s.imu_messages, s.pose_messages,
         s.odometry_messages);
    if (s.scans == 0) {
        line("  collisions        no data (no scan input)\n  clearance         no data (no scan input)\n");
    } else {
        line("  collisions        {} scans below threshold, {} contact events\n", s.total_collisions,
             s.collision_events);
        line("  clearance         mean {}, min {}, {:.1f} s below the safe clearance\n", text(s.mean_clearance, " m"),
             text(s.min_clearance, " m"), s.time_low_clearance_s);
        out += scanValidityText(s);
    }
    if (s.pose_messages == 0 && !s.distance_from_odometry) {
        line("  distance          no data (no pose input)\n");
    } else {
        const std::string skipped = s.odometry_pose_non_finite == 0
                                        ? ""
                                        : fmt::format(", {} non-finite poses skipped", s.odometry_pose_non_finite);
        line("  distance          {:.3f} m from the {} ({} rejected pose jumps{}{})\n", s.distance_traveled,
             s.distance_from_odometry ? "odometry pose" : "PoseArray", s.rejected_pose_jumps, jumpsText(s), skipped);
    }
    if (s.odometry_messages == 0) {
        line("  velocity          no data (no odometry input)\n");
    } else {
        line("  velocity          mean {}, max {}{}\n", text(s.mean_velocity, " m/s"), text(s.max_velocity, " m/s"),
             s.odometry_twist_non_finite == 0
                 ? ""
                 : fmt::format(" ({} non-finite twists skipped)", s.odometry_twist_non_finite));
    }
    if (s.imu_messages == 0) {
        line("  smoothness        no data (no IMU input)\n  roughness         no data (no IMU input)\n");
        return out;
    }
    line("  smoothness        cumulative {:.4f}, mean {}\n", s.smoothness_metric, text(s.mean_smoothness, ""));
    line("  roughness         max |a| {}, max |a_z| {}, {:.1f} s on rough terrain\n",
         text(s.max_accel_magnitude, " m/s^2"), text(s.max_vertical_roughness, " m/s^2"), s.time_rough_terrain_s);
    out += imuValidityText(s);
    return out;
}

}  // namespace robometrics::nodes
