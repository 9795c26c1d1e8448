#include "robometrics/sim/ScenarioReport.hpp"

#include <algorithm>
#include <cmath>

namespace robometrics::sim {

namespace {

/// The cut left by --kill-recorder-at, and its event on the robot's clock.
Event truncationEvent(const Simulator &sim, const RecorderKill &kill, nlohmann::json &recording) {
    const LogClock &clock = sim.clock();
    const double last = kill.messages_left > 0 ? round3(clock.robotSecondsAt(kill.last_message_time)) : 0.0;
    recording = {{"killed_at_s", round3(static_cast<double>(kill.kill_time - sim.startTime()) / kNsPerSecond)},
                 {"bag_bytes_complete", kill.bytes_before},
                 {"bag_bytes_cut", kill.cut_offset},
                 {"cut_chunk_offset", kill.chunk_offset},
                 {"cut_chunk_length", kill.chunk_length},
                 {"messages_written", kill.messages_written},
                 {"messages_left", kill.messages_left},
                 {"messages_left_per_topic", kill.messages_left_per_topic},
                 {"last_message_log_time_ns", kill.last_message_time},
                 {"last_message_s", last}};
    return {"recorder_killed",
            last,
            last,
            "the recorder was killed while writing a chunk: the bag ends mid-chunk without summary or footer; "
            "messages after the last complete chunk are lost",
            {{"messages_left", kill.messages_left}},
            "recording_truncated"};
}

}  // namespace

std::string expectedVerdict(const std::vector<Event> &events, const std::vector<SimTopic> &topics) {
    for (const Event &e : events)
        if (!e.anomaly.empty()) return "potential_failure";
    for (const SimTopic &t : topics)
        if (t.type == "sensor_msgs/msg/LaserScan") return "ok";
    return "inconclusive";
}

nlohmann::json scenarioReport(const Simulator &sim, const std::map<std::string, std::uint64_t> &message_counts,
                              const OutputFiles &files, const RecorderKill *kill) {
    const ScenarioSpec &spec = sim.spec();
    nlohmann::json j;
    j["format"] = "robometrics-sim-scenario";
    j["version"] = 1;
    j["scenario"] = spec.name;
    j["description"] = spec.description;
    j["seed"] = sim.seed();
    j["duration_s"] = spec.duration_s;
    j["start_time_ns"] = sim.startTime();
    j["robot"] = robotName(spec.robot);
    const LogClock &clock = sim.clock();
    j["clock"] = {{"kind", clockName(clock.profile().kind)},
                  {"real_time_factor", clock.profile().real_time_factor},
                  {"sim_start_ns", clock.simStart()},
                  {"sim_duration_s", spec.duration_s},
                  {"wall_duration_s", round3(clock.wallDurationS())},
                  {"pause_wall_s", round3(clock.pauseWallS())}};
    j["recorder"] = recorderName(spec.recorder);
    // Written only when not the default, so a standard run's scenario.json is what it always was.
    if (spec.sensors != SensorProfile::Standard) j["sensors"] = sensorProfileName(spec.sensors);
    j["files"] = {{"bag", files.bag}, {"gt_map", files.gt_map + ".yaml"}, {"gt_trajectory", files.gt_trajectory}};
    nlohmann::json topics = nlohmann::json::array();
    for (const SimTopic &t : sim.topics()) {
        auto it = message_counts.find(t.name);
        topics.push_back({{"name", t.name},
                          {"type", t.type},
                          {"rate_hz", t.rate_hz},
                          {"transient_local", t.latched},
                          {"publishers", t.publishers},
                          {"publishing", t.publishing},
                          {"messages", it == message_counts.end() ? 0 : it->second}});
    }
    j["topics"] = topics;
    const slam::Trajectory &gt = sim.groundTruth();
    const Eigen::Vector3d first = gt.empty() ? Eigen::Vector3d::Zero() : gt.positions.front();
    const Eigen::Vector3d last = gt.empty() ? Eigen::Vector3d::Zero() : gt.positions.back();
    nlohmann::json frames = spec.robot == RobotKind::Rover
                                ? nlohmann::json{{"ground_truth", "/rover/pose_array poses[0], frame map"},
                                                 {"estimate", "/tf map->odom->base_link"}}
                                : nlohmann::json{{"ground_truth", "gt_trajectory.tum only (not in the bag)"},
                                                 {"estimate", "/tf map->odom->base_footprint"}};
    if (spec.robot == RobotKind::TurtleBot3 && spec.outputs.ground_truth_odometry)
        frames["ground_truth"] = "/ground_truth nav_msgs/Odometry, frame world (= map) -> base_footprint";
    if (spec.robot == RobotKind::TurtleBot3 && spec.outputs.ground_truth_pose_info)
        frames["ground_truth"] =
            "/world/office/pose/info geometry_msgs/PoseArray (Gazebo pose/info through ros_gz_bridge), poses[2] "
            "(the robot's model), frame world (= map)";
    if (spec.robot == RobotKind::TurtleBot3 && spec.outputs.ground_truth_mocap)
        frames["ground_truth"] =
            "/vicon/turtlebot3/turtlebot3 geometry_msgs/TransformStamped (vicon_bridge), frame world (= map) -> "
            "base_footprint";
    j["truth"] = {{"frames", frames},
                  {"route_waypoints", spec.waypoints.size()},
                  {"path_length_m", round3(sim.truePathLength())},
                  {"odometry_path_length_m", round3(sim.odometryPathLength())},
                  {"net_displacement_m", round3((last - first).head<2>().norm())},
                  {"start", {round3(first.x()), round3(first.y()), round3(first.z())}},
                  {"end", {round3(last.x()), round3(last.y()), round3(last.z())}}};
    std::vector<Event> all = sim.events();
    if (kill) {
        nlohmann::json recording;
        Event cut = truncationEvent(sim, *kill, recording);
        j["recording"] = recording;
        all.insert(std::upper_bound(all.begin(), all.end(), cut,
                                    [](const Event &a, const Event &b) { return a.t_start < b.t_start; }),
                   std::move(cut));
    }
    nlohmann::json events = nlohmann::json::array();
    for (const Event &e : all) {
        nlohmann::json je = {{"type", e.type},
                             {"t_start", round3(e.t_start)},
                             {"t_end", round3(e.t_end)},
                             {"expected", e.expected},
                             {"anomaly", nullptr}};
        if (!e.anomaly.empty()) je["anomaly"] = e.anomaly;
        for (const auto &[key, value] : e.details.items()) je[key] = value;
        events.push_back(std::move(je));
    }
    j["events"] = events;
    // Only the truth profiles and cut bags state the verdict: the other runs' scenario.json stays as it was.
    if (spec.report_verdict || kill) {
        j["expected_verdict"] = expectedVerdict(all, sim.topics());
        nlohmann::json anomalies = nlohmann::json::array();
        for (const Event &e : all) {
            if (e.anomaly.empty()) continue;
            nlohmann::json a = {{"code", e.anomaly}, {"t_start", round3(e.t_start)}, {"t_end", round3(e.t_end)}};
            if (e.details.contains("topic")) a["topic"] = e.details["topic"];
            anomalies.push_back(std::move(a));
        }
        j["expected_anomalies"] = anomalies;
    }
    return j;
}

}  // namespace robometrics::sim
