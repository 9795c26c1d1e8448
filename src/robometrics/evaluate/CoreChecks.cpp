#include "robometrics/evaluate/CoreChecks.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "robometrics/msgs/Codec.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::evaluate {

namespace {

/// Matches the odometry minimum of the stuck and teleport checks (Evaluator): a handful of poses
/// (a test bag's two sample messages) is not a track.
constexpr std::size_t kMinOdometryForMotion = 10;

CoreCheck collisionsCheck(const Evaluation &e) {
    std::vector<std::string> scanning, clouds, listed, silent;
    for (const ScannerResult &s : e.scanners) {
        if (s.summary.scans == 0) {
            silent.push_back(s.topic);
        } else if (s.sensor != "PointCloud2") {
            scanning.push_back(s.topic);
        } else {
            (s.judged ? clouds : listed).push_back(s.topic);
        }
    }
    std::vector<std::string> basis;
    if (!scanning.empty()) basis.push_back(fmt::format("LaserScan {}", fmt::join(scanning, ", ")));
    if (!clouds.empty()) basis.push_back(fmt::format("PointCloud2 {}", fmt::join(clouds, ", ")));
    if (!listed.empty()) {
        basis.push_back(
            fmt::format("clearance only on PointCloud2 {} (the LaserScan judges contacts)", fmt::join(listed, ", ")));
    }
    if (!basis.empty()) return {"collisions", true, fmt::format("{}", fmt::join(basis, "; "))};
    if (!silent.empty()) {
        return {"collisions", false,
                fmt::format("no scan on {}: collisions and clearance not checked", fmt::join(silent, ", "))};
    }
    if (!e.clouds.empty()) {
        return {
            "collisions", false,
            fmt::format("no sensor_msgs/LaserScan topic, and no PointCloud2 topic of a range sensor ({} not used: "
                        "see sensors): collisions and clearance not checked",
                        e.clouds.size() == 1 ? e.clouds.front().topic : std::to_string(e.clouds.size()) + " clouds")};
    }
    return {"collisions", false, "no sensor_msgs/LaserScan topic was recorded: collisions and clearance not checked"};
}

CoreCheck motionCheck(const Evaluation &e) {
    std::vector<std::string> tracks;
    if (e.traversal && e.traversal->summary.pose_messages >= kMinOdometryForMotion) {
        tracks.push_back(e.topics.pose_array + " (ground truth)");
    }
    if (!e.activity.progress_source.empty() && e.activity.progress_samples >= kMinOdometryForMotion &&
        std::find(tracks.begin(), tracks.end(), e.activity.progress_source) == tracks.end() &&
        e.activity.progress_source != e.topics.odometry) {
        tracks.push_back(e.activity.progress_source);
    }
    if (e.motion && e.motion->samples >= kMinOdometryForMotion) {
        tracks.push_back(fmt::format("{} ({} poses)", e.motion_source, e.motion->samples));
    }
    for (std::size_t i = 1; i < e.robots.size(); ++i) {  // the other robots of a multi-robot run
        const RobotJudgement &r = e.robots[i];
        if (r.motion && r.motion->samples >= kMinOdometryForMotion) {
            tracks.push_back(fmt::format("odometry {} ({} poses)", r.topics.odometry, r.motion->samples));
        }
    }
    if (!tracks.empty()) return {"motion", true, fmt::format("{}", fmt::join(tracks, ", "))};
    if (e.motion) {
        return {
            "motion", false,
            fmt::format("only {} pose(s) from {}: stuck and teleport not checked", e.motion->samples, e.motion_source)};
    }
    return {"motion", false,
            "no odometry, ground-truth pose or moving TF chain: where the robot went (stuck, teleport) not checked"};
}

CoreCheck healthCheck(const Evaluation &e) {
    if (e.topic_health.empty()) return {"topic_health", false, "no message in the recording"};
    return {"topic_health", true, fmt::format("{} topics", e.topic_health.size())};
}

bool startsWith(const std::string &text, const std::string &prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace

std::vector<CoreCheck> coreChecks(const Evaluation &e) { return {collisionsCheck(e), motionCheck(e), healthCheck(e)}; }

std::vector<SensorUse> sensorUses(const std::vector<bag::TopicInfo> &topics, const Evaluation &e) {
    std::vector<SensorUse> out;
    for (const bag::TopicInfo &t : topics) {
        const bool odometry = t.type == msgs::TypeInfo<msgs::Odometry>::name;
        if (!startsWith(t.type, "sensor_msgs/msg/") && !odometry) continue;
        SensorUse use{t.name, t.type, false, ""};
        std::vector<std::string> readers;
        for (const ScannerResult &s : e.scanners) {
            if (s.topic == t.name) readers.emplace_back("collisions and clearance");
        }
        for (const CloudUse &c : e.clouds) {
            if (c.topic == t.name && !selfFilterSummary(c).empty()) readers.push_back(selfFilterSummary(c));
        }
        if (t.name == e.topics.scan && e.traversal)
            readers.emplace_back("traversal rows (the seed's clearance column)");
        if (t.name == e.topics.imu && e.traversal) readers.emplace_back("roughness and smoothness");
        if (t.name == e.topics.odometry) readers.emplace_back("speed, path length, progress, stuck and teleport");
        if (!e.activity.progress_source.empty() && e.activity.progress_samples >= kMinOdometryForMotion &&
            startsWith(e.activity.progress_source, t.name + " ")) {
            readers.emplace_back("progress (ground truth)");
        }
        use.used = !readers.empty();
        if (use.used) {
            use.why = fmt::format("{}", fmt::join(readers, "; "));
        } else if (t.type == msgs::TypeInfo<msgs::Imu>::name) {
            use.why = fmt::format("roughness and smoothness read one IMU, {} (choose with --topic imu=TOPIC); its rate "
                                  "and gaps are in the topic health",
                                  e.topics.imu);
        } else if (const auto cloud = std::find_if(e.clouds.begin(), e.clouds.end(),
                                                   [&](const CloudUse &c) { return c.topic == t.name; });
                   cloud != e.clouds.end()) {
            use.why = "not a range sensor's cloud for collisions: " + cloud->why;
        } else if (t.type == msgs::TypeInfo<msgs::LaserScan>::name) {
            use.why = "not the scanner named with --topic scan; its rate and gaps are in the topic health";
        } else if (odometry) {
            use.why =
                fmt::format("motion is measured on {}; its rate and gaps are in the topic health", e.topics.odometry);
        } else {
            use.why = "no analysis reads this type; its rate and gaps are in the topic health";
        }
        out.push_back(std::move(use));
    }
    return out;
}

}  // namespace robometrics::evaluate
