#include "robometrics/evaluate/TraversalJson.hpp"

#include <cmath>
#include <limits>

#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/report/JsonNumber.hpp"

namespace robometrics::evaluate {

namespace {

using report::finiteOrNull;

/// `value` when its input was recorded, else null: a metric without its input is not 0.
nlohmann::json measured(bool input, const nlohmann::json &value) { return input ? value : nlohmann::json(nullptr); }

std::string absence(const std::string &topic, const char *type) {
    return topic.empty() ? std::string("no ") + type + " topic was recorded" : "no message on " + topic;
}

}  // namespace

nlohmann::json traversalJson(const Evaluation &e) { return traversalJson(e.traversal->summary, e.topics, e.clock); }

nlohmann::json traversalJson(const traversal::TraversalSummary &s, const nodes::TopicChoice &topics,
                             const RunClock &clock) {
    const bool scan = s.scans > 0, imu = s.imu_messages > 0, odometry = s.odometry_messages > 0;
    const bool distance = s.pose_messages > 0 || s.distance_from_odometry;
    const bool ground_truth = s.pose_messages > 0;
    const auto invalid_share = s.scan_ranges.readings ? finiteOrNull(static_cast<double>(s.scan_ranges.invalid()) /
                                                                     static_cast<double>(s.scan_ranges.readings))
                                                      : nullptr;
    nlohmann::json t = {
        {"rows", s.rows},
        {"total_collisions", measured(scan, s.total_collisions)},
        {"collision_events", measured(scan, s.collision_events)},
        {"distance_traveled_m", measured(distance, finiteOrNull(s.distance_traveled))},
        {"distance_source", s.distance_from_odometry ? topics.odometry : topics.pose_array},
        {"velocity_source", topics.odometry},
        {"rejected_pose_jumps", measured(ground_truth, s.rejected_pose_jumps)},
        {"smoothness_metric", measured(imu, finiteOrNull(s.smoothness_metric))},
        {"mean_smoothness", measured(imu, finiteOrNull(s.mean_smoothness))},
        {"mean_clearance_m", measured(scan, finiteOrNull(s.mean_clearance))},
        {"min_clearance_m", measured(scan, finiteOrNull(s.min_clearance))},
        {"max_accel_magnitude_mps2", measured(imu, finiteOrNull(s.max_accel_magnitude))},
        {"max_vertical_roughness_mps2", measured(imu, finiteOrNull(s.max_vertical_roughness))},
        {"mean_velocity_mps", measured(odometry, finiteOrNull(s.mean_velocity))},
        {"max_velocity_mps", measured(odometry, finiteOrNull(s.max_velocity))},
        {"rough_imu_readings", measured(imu, s.rough_imu_readings)},
        {"time_rough_terrain_s", measured(imu, finiteOrNull(s.time_rough_terrain_s))},
        {"time_low_clearance_s", measured(scan, finiteOrNull(s.time_low_clearance_s))},
        // REP 117: readings outside [range_min, range_max], NaN and inf are not obstacles.
        {"scan_readings", measured(scan, s.scan_ranges.readings)},
        {"invalid_scan_readings", measured(scan, s.scan_ranges.invalid())},
        {"invalid_scan_share", measured(scan, invalid_share)},
        {"invalid_scan_readings_by_reason",
         {{"non_finite", measured(scan, s.scan_ranges.non_finite)},
          {"below_range_min", measured(scan, s.scan_ranges.below_min)},
          {"above_range_max", measured(scan, s.scan_ranges.above_max)}}},
        {"scans_without_valid_reading", measured(scan, s.scans_without_valid_reading)},
        {"odometry_jumps", measured(s.distance_from_odometry, s.odometry_jumps)},
        {"odometry_jump_distance_m", measured(s.distance_from_odometry, s.odometry_jump_distance_m)},
        {"first_odometry_jump_s",
         s.odometry_jumps ? nlohmann::json(clock.sinceStart(s.first_odometry_jump_time)) : nlohmann::json(nullptr)}};
    nlohmann::json reasons = nlohmann::json::object();
    auto because = [&reasons](bool input, std::initializer_list<const char *> metrics, const std::string &why) {
        if (input) return;
        for (const char *m : metrics) reasons[m] = why;
    };
    because(scan,
            {"total_collisions", "collision_events", "mean_clearance_m", "min_clearance_m", "time_low_clearance_s",
             "scan_readings", "invalid_scan_readings", "invalid_scan_share", "invalid_scan_readings_by_reason",
             "scans_without_valid_reading"},
            absence(topics.scan, "sensor_msgs/LaserScan"));
    because(imu,
            {"smoothness_metric", "mean_smoothness", "max_accel_magnitude_mps2", "max_vertical_roughness_mps2",
             "rough_imu_readings", "time_rough_terrain_s"},
            absence(topics.imu, "sensor_msgs/Imu"));
    because(odometry, {"mean_velocity_mps", "max_velocity_mps"}, absence(topics.odometry, "nav_msgs/Odometry"));
    because(distance, {"distance_traveled_m"}, "no ground-truth PoseArray or odometry pose was recorded");
    because(ground_truth, {"rejected_pose_jumps"}, absence(topics.pose_array, "geometry_msgs/PoseArray"));
    because(s.distance_from_odometry, {"odometry_jumps", "odometry_jump_distance_m"},
            "the distance is not measured on the odometry pose");
    t["null_reasons"] = std::move(reasons);
    return t;
}

nlohmann::json scannersJson(const Evaluation &e) {
    nlohmann::json out = nlohmann::json::array();
    for (const ScannerResult &scanner : e.scanners) {
        const traversal::ScanCollisionSummary &s = scanner.summary;
        const bool scanned = s.scans > 0;
        nlohmann::json contacts = nlohmann::json::array();
        for (const traversal::CollisionEpisode &c : s.episodes) {
            contacts.push_back({{"start_s", e.clock.sinceStart(c.start)},
                                {"end_s", e.clock.sinceStart(c.end)},
                                {"scans", c.scans},
                                {"min_range_m", finiteOrNull(c.min_range_m)}});
        }
        const auto invalid_share =
            s.ranges.readings ? finiteOrNull(static_cast<double>(s.ranges.invalid()) / static_cast<double>(s.ranges.readings))
                              : nullptr;
        out.push_back({{"topic", scanner.topic},
                       {"scans", s.scans},
                       {"collision_events", measured(scanned, s.episodes.size())},
                       {"scans_in_collision", measured(scanned, s.scans_in_collision)},
                       {"collisions", contacts},
                       {"min_clearance_m", finiteOrNull(s.min_clearance_m)},
                       {"mean_clearance_m", finiteOrNull(s.mean_clearance_m)},
                       {"time_low_clearance_s", measured(scanned, finiteOrNull(s.time_low_clearance_s))},
                       {"invalid_share", invalid_share},
                       {"scans_without_valid_reading", s.scans_without_valid_reading}});
        // A cloud's entry says so (a LaserScan's entry is as it always was).
        if (scanner.sensor != "LaserScan") out.back()["sensor"] = scanner.sensor;
        if (!scanner.judged) out.back()["judged"] = false;
    }
    return out;
}

nlohmann::json pointCloudsJson(const Evaluation &e) {
    nlohmann::json out = nlohmann::json::array();
    for (const CloudUse &c : e.clouds) {
        out.push_back(
            {{"topic", c.topic},
             {"used", c.used},
             {"why_not_used", c.used ? nlohmann::json(nullptr) : nlohmann::json(c.why)},
             {"frame", c.frame.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.frame)},
             {"base_frame", c.base_frame.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.base_frame)},
             {"footprint", c.footprint},
             {"clouds", c.clouds},
             {"transform", c.transform.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.transform)},
             {"clouds_without_transform", c.unplaced},
             {"clouds_transform_held", c.held},
             {"transform_error",
              c.transform_error.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.transform_error)},
             {"clouds_malformed", c.malformed},
             {"first_error", c.first_error.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.first_error)},
             // Counted on the measured clouds only: null when none was (nothing was counted).
             {"returns", measured(c.clouds > 0, c.returns)},
             {"returns_self_filtered", measured(c.clouds > 0 && c.self_filter, c.self_filtered)},
             {"returns_in_band", measured(c.clouds > 0, c.in_band)}});
    }
    return out;
}

nlohmann::json safetyJson(const Evaluation &e) {
    std::uint64_t events = 0;
    std::size_t scanning = 0;
    double closest = std::numeric_limits<double>::quiet_NaN();
    for (const ScannerResult &scanner : e.scanners) {
        if (scanner.summary.scans == 0 || !scanner.judged) continue;
        ++scanning;
        events += scanner.summary.episodes.size();
        if (!std::isnan(scanner.summary.min_clearance_m) && !(scanner.summary.min_clearance_m >= closest)) {
            closest = scanner.summary.min_clearance_m;
        }
    }
    return {{"scanners", scanning},
            {"collision_events", measured(scanning > 0, events)},
            {"min_clearance_m", finiteOrNull(closest)}};
}

nlohmann::json sensorsJson(const Evaluation &e) {
    nlohmann::json out = nlohmann::json::array();
    for (const SensorUse &s : e.sensors) {
        out.push_back({{"topic", s.topic}, {"type", s.type}, {"used", s.used}, {"why", s.why}});
    }
    return out;
}

}  // namespace robometrics::evaluate
