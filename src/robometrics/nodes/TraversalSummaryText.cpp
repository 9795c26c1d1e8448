#include "robometrics/nodes/TraversalSummaryText.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

#include "robometrics/report/JsonNumber.hpp"

namespace robometrics::nodes {

namespace {

using report::finiteOrNull;

std::string text(double x, const char *unit) { return std::isfinite(x) ? fmt::format("{:.3f}{}", x, unit) : "-"; }

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
    }
    if (s.pose_messages == 0 && !s.distance_from_odometry) {
        line("  distance          no data (no pose input)\n");
    } else {
        line("  distance          {:.3f} m from the {} ({} rejected pose jumps)\n", s.distance_traveled,
             s.distance_from_odometry ? "odometry pose" : "PoseArray", s.rejected_pose_jumps);
    }
    if (s.odometry_messages == 0) {
        line("  velocity          no data (no odometry input)\n");
    } else {
        line("  velocity          mean {}, max {}\n", text(s.mean_velocity, " m/s"), text(s.max_velocity, " m/s"));
    }
    if (s.imu_messages == 0) {
        line("  smoothness        no data (no IMU input)\n  roughness         no data (no IMU input)\n");
        return out;
    }
    line("  smoothness        cumulative {:.4f}, mean {}\n", s.smoothness_metric, text(s.mean_smoothness, ""));
    line("  roughness         max |a| {}, max |a_z| {}, {:.1f} s on rough terrain\n",
         text(s.max_accel_magnitude, " m/s^2"), text(s.max_vertical_roughness, " m/s^2"), s.time_rough_terrain_s);
    return out;
}

}  // namespace robometrics::nodes
