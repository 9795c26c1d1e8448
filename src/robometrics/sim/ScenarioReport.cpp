#include "robometrics/sim/ScenarioReport.hpp"

#include <cmath>

namespace robometrics::sim {

nlohmann::json scenarioReport(const Simulator &sim, const std::map<std::string, std::uint64_t> &message_counts,
                              const OutputFiles &files) {
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
    const nlohmann::json frames = spec.robot == RobotKind::Rover
                                      ? nlohmann::json{{"ground_truth", "/rover/pose_array poses[0], frame map"},
                                                       {"estimate", "/tf map->odom->base_link"}}
                                      : nlohmann::json{{"ground_truth", "gt_trajectory.tum only (not in the bag)"},
                                                       {"estimate", "/tf map->odom->base_footprint"}};
    j["truth"] = {{"frames", frames},
                  {"route_waypoints", spec.waypoints.size()},
                  {"path_length_m", round3(sim.truePathLength())},
                  {"odometry_path_length_m", round3(sim.odometryPathLength())},
                  {"net_displacement_m", round3((last - first).head<2>().norm())},
                  {"start", {round3(first.x()), round3(first.y()), round3(first.z())}},
                  {"end", {round3(last.x()), round3(last.y()), round3(last.z())}}};
    nlohmann::json events = nlohmann::json::array();
    for (const Event &e : sim.events()) {
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
    return j;
}

}  // namespace robometrics::sim
