#include "robometrics/evaluate/RunSetup.hpp"

#include <fmt/format.h>

#include "robometrics/core/Params.hpp"
#include "robometrics/evaluate/CloudSensors.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/nodes/TraversalNode.hpp"

namespace robometrics::evaluate {

namespace {

/// Params of one node from the shared file (absent node = defaults) plus overrides.
Result<Params> nodeParams(const EvaluateOptions &options, const nodes::NodeSpec &spec) {
    return nodes::loadNodeParams(spec, options.params_file.value_or(""), options.param_overrides, false);
}

/// The inputs a Nav2 or RoboTerrain robot may record, and what is not evaluated without each.
/// A missing input is listed, not a failure, unless the user declares its topic required.
std::vector<std::string> missingInputs(const nodes::TopicChoice &t) {
    std::vector<std::string> notes;
    auto missing = [&](bool absent, const char *what) {
        if (absent) notes.push_back(what);
    };
    missing(t.scan.empty(), "collisions and clearance: no sensor_msgs/LaserScan topic (/scan)");
    missing(t.imu.empty(), "roughness and smoothness: no sensor_msgs/Imu topic (/imu/data)");
    if (t.odometry.empty()) {
        notes.push_back(t.tf ? "odometry: no nav_msgs/Odometry topic; motion (path length, speed, teleport) is "
                               "measured on the moving TF chain instead"
                             : "motion (path length, speed, stuck and teleport checks): no nav_msgs/Odometry topic");
    }
    missing(t.amcl_pose.empty(),
            "localization (lost detector): no geometry_msgs/PoseWithCovarianceStamped topic "
            "(/amcl_pose)");
    return notes;
}

/// The robots of the recording, narrowed to the one `--robot` names (an error names those found).
Result<std::vector<nodes::Robot>> robotsOf(const std::vector<bag::TopicInfo> &bag_topics,
                                           const pipeline::Remaps &remapped, const std::string &named) {
    std::vector<nodes::Robot> robots = nodes::findRobots(bag_topics, remapped);
    if (named.empty()) return robots;
    const std::string wanted = named.front() == '/' ? named.substr(1) : named;
    for (nodes::Robot &robot : robots) {
        // A recording with one robot in a namespace (/robot1/odom alone) has that robot unnamed.
        const bool alone = robot.name.empty() && nodes::topicNamespace(robot.topics.odometry) == wanted;
        if (robot.name != wanted && !alone) continue;
        robot.name = wanted;
        return std::vector<nodes::Robot>{robot};
    }
    return Error{fmt::format("--robot {}: no such robot in the recording (its robots: {})", named,
                             robots.size() > 1 ? nodes::robotNames(robots) : "one, without a namespace")};
}

}  // namespace

Result<RunChecks> runChecks(const EvaluateOptions &options) {
    auto params = nodeParams(options, nodes::SlamRunNode::spec());
    if (!params) return params.error();
    RunChecks c;
    ROBOMETRICS_TRY(params->get("max_speed_mps", c.thresholds.max_speed_mps));
    ROBOMETRICS_TRY(params->get("min_path_m", c.thresholds.min_path_m));
    ROBOMETRICS_TRY(params->get("max_ate_m", c.thresholds.max_ate_m));
    ROBOMETRICS_TRY(params->get("required_topics", c.required_topics));
    ROBOMETRICS_TRY(params->get("cmd_vel_timeout_s", c.intent.command_timeout_s));
    ROBOMETRICS_TRY(params->get("stuck_window_s", c.stuck.window_s));
    ROBOMETRICS_TRY(params->get("stuck_progress_ratio", c.stuck.min_progress_ratio));
    if (!(c.intent.command_timeout_s > 0) || !(c.stuck.window_s > 0) || !(c.stuck.min_progress_ratio >= 0)) {
        return Error{"slam_eval: cmd_vel_timeout_s and stuck_window_s must be > 0, stuck_progress_ratio >= 0"};
    }
    // Stuck is judged from what the robot was told to do (the stuck rule), not BenchBot's
    // whole-run path length, which cannot tell a robot told to wait from a stalled one.
    c.thresholds.check_stuck = false;
    // A run is judged on what it recorded: an input that is absent is "not evaluated", and a
    // topic the user needs is declared in required_topics (checked by name, any type).
    c.thresholds.require_scan = false;
    c.thresholds.require_odometry = false;
    return c;
}

Result<RunSetup> setUpRun(const std::vector<bag::TopicInfo> &bag_topics, const pipeline::Remaps &remapped,
                          const EvaluateOptions &options) {
    RunSetup setup;
    setup.bag_topics = bag_topics;
    auto robots = robotsOf(bag_topics, remapped, options.robot);
    if (!robots) return robots.error();
    setup.robots = std::move(*robots);
    setup.topics = setup.robots.front().topics;
    auto traversal_params = nodeParams(options, nodes::TraversalNode::spec());
    if (!traversal_params) return traversal_params.error();
    auto traversal = nodes::TraversalNode::configure(*traversal_params);
    if (!traversal) return traversal.error();
    setup.traversal = *traversal;
    auto footprint = traversal::CloudFootprint::fromParams(*traversal_params);
    if (!footprint) return footprint.error();
    setup.cloud_footprint = *footprint;
    auto lost_params = nodeParams(options, nodes::LostNode::spec());
    if (!lost_params) return lost_params.error();
    auto lost = nodes::LostNode::configure(*lost_params);
    if (!lost) return lost.error();
    setup.lost = *lost;
    if (!setup.topics.amcl_pose.empty()) {
        setup.lost.pose_topic = setup.topics.amcl_pose;
        setup.lost.reset_topic = setup.topics.lost_reset;
    }
    // The robot's body or entry among several (GroundTruthChoice.hpp): slam_eval parameters.
    auto slam_params = nodeParams(options, nodes::SlamRunNode::spec());
    if (!slam_params) return slam_params.error();
    nodes::GroundTruthHint hint;
    ROBOMETRICS_TRY(slam_params->get("ground_truth_body", hint.body));
    ROBOMETRICS_TRY(slam_params->get("ground_truth_index", hint.index));
    if (hint.index < -1) return Error{"slam_eval: ground_truth_index must be >= 0 (or -1: found by moving)"};
    if (!hint.body.empty() || hint.index >= 0) {
        nodes::chooseGroundTruth(bag_topics, remapped, hint, setup.topics);
        if (setup.topics.amcl_pose == setup.topics.ground_truth) setup.topics.amcl_pose.clear();
    }
    auto checks = runChecks(options);
    if (!checks) return checks.error();
    setup.checks = *checks;
    setup.checks.collision_threshold = setup.traversal.collision_threshold;
    setup.notes = missingInputs(setup.topics);
    if (setup.topics.scan.empty() && hasRangeCloud(bag_topics)) {
        for (std::string &note : setup.notes) {
            if (note.rfind("collisions and clearance:", 0) != 0) continue;
            note =
                "the traversal rows' clearance column: no sensor_msgs/LaserScan topic (/scan); collisions and "
                "clearance are judged on the point clouds (point_clouds)";
        }
    }
    const std::string &scan = nodes::TraversalNode::spec().input("scan").topic;
    // Several robots: a remapped scan is its robot's own, and every robot's scanners stay.
    setup.scan_named = remapped.resolve(scan) != scan && setup.robots.size() == 1;
    if (!setup.topics.grid_map.empty()) {
        auto costmap_params = nodeParams(options, nodes::CostmapNode::spec());
        if (!costmap_params) return costmap_params.error();
        auto costmap = nodes::CostmapNode::configure(*costmap_params);
        if (!costmap) return costmap.error();
        costmap->gridmap_topic = setup.topics.grid_map;
        // The evaluation publishes no terrain cloud: the clouds are decoded and accumulated only
        // when they fill the costmap.
        costmap->enable_terrain_accumulation &= costmap->fill_from_terrain;
        setup.costmap = *costmap;
    }
    return setup;
}

}  // namespace robometrics::evaluate
