#include "robometrics/sim/NavScenarios.hpp"

#include <cmath>

namespace robometrics::sim {

namespace {

MissionStep wait(double s) { return {MissionStep::Kind::Wait, s, {}}; }
MissionStep hold(double s) { return {MissionStep::Kind::Hold, s, {}}; }
MissionStep goal(std::vector<Waypoint> path) { return {MissionStep::Kind::Goal, 0, std::move(path)}; }
MissionStep slowGoal(std::vector<Waypoint> path, double speed) {
    return {MissionStep::Kind::Goal, 0, std::move(path), speed};
}
MissionStep backup(double distance_m, double speed) { return {MissionStep::Kind::Backup, 0, {}, speed, distance_m}; }

/// Start at `from`, facing the first point of the first goal.
Pose2 startFacing(const Waypoint &from, const Mission &mission) {
    for (const MissionStep &s : mission.steps) {
        if (s.kind != MissionStep::Kind::Goal) continue;
        return {from.x, from.y, std::atan2(s.path.front().y - from.y, s.path.front().x - from.x)};
    }
    return {from.x, from.y, 0};
}

/// Along the corridor's lower lane (y = 6.8: 0.75 m from the wall, 0.55 m from the pillar) to
/// x = 11.5 and back, with short waits: room for a fault in the middle of a long straight goal.
Mission corridorShuttle(MissionStep first) {
    return {{std::move(first), goal({{11.5, 6.8}}), wait(5), goal({{1.5, 6.8}}), wait(5)}, 1};
}

/// The nav2 mission: through the door of the lower-left room, back out and along the corridor,
/// into the upper-left room, and home; idle waits of 5-9 s between the goals.
Mission officeTour() {
    return {{wait(8), goal({{3.6, 7.0}, {3.6, 4.6}}), wait(6), goal({{3.6, 7.0}, {6.6, 7.0}}), wait(9),
             goal({{6.6, 9.6}, {5.0, 10.6}}), wait(5), goal({{6.6, 9.6}, {6.6, 7.0}, {1.5, 7.0}}), wait(7)},
            1};
}

/// The truth profiles (docs/simulate.md): the recordings evaluate must judge beyond the standard
/// robot. Each states the verdict evaluate must give.
bool makeTruthProfile(const std::string &name, ScenarioSpec &s, Waypoint &from) {
    if (name == "rear_collision") {
        // Facing east 2 m from the corridor's west wall, the robot backs up 2.15 m: its rear
        // scanner (0.15 m behind the centre) ends 0.1 m from the wall (face at x = 0.1), sits there, then drives off.
        from = {2.5, 6.8};
        s.mission = {{wait(3), backup(2.15, 0.15), wait(4), goal({{6.0, 6.8}}), wait(1e9)}, 4};
        s.outputs.scans = ScanLayout::FrontRear;
        s.duration_s = 40;
        s.description = "AMR with front and rear scanners backs into a wall: a collision only the rear scanner sees";
    } else if (name == "cloud_collision") {
        // Facing east 1.1 m from the corridor's west wall (face at x = 0.1), the robot backs up
        // 0.85 m: its 0.1 m footprint ends 0.15 m from the wall, sits there, then drives off.
        from = {1.2, 6.8};
        s.mission = {{wait(2), backup(0.85, 0.15), wait(4), goal({{3.0, 6.8}}), wait(1e9)}, 4};
        s.outputs.scans = ScanLayout::Cloud3d;
        s.duration_s = 20;
        s.description =
            "robot with only a 3-D lidar (PointCloud2, no LaserScan) backs into a wall: a collision only "
            "the cloud shows";
    } else if (name == "wheel_slip") {
        s.mission = corridorShuttle(wait(3));
        s.slip = GoalScript{0, 12.0, 10.0};
        s.outputs.ground_truth_odometry = true;
        s.duration_s = 60;
        s.description =
            "wheels spin on the spot for 10 s during a goal: /odom integrates the wheel speeds, /ground_truth "
            "(Gazebo p3d) stands still";
    } else if (name == "gz_pose_info") {
        // wheel_slip's run with its ground truth as Gazebo's world pose publisher gives it through
        // ros_gz_bridge: one PoseArray of every model, link and light, the robot's model the third.
        s.mission = corridorShuttle(wait(3));
        s.slip = GoalScript{0, 12.0, 10.0};
        s.outputs.ground_truth_pose_info = true;
        s.duration_s = 60;
        s.description =
            "wheels spin on the spot for 10 s during a goal: /odom integrates the wheel speeds, the robot's entry "
            "of /world/office/pose/info (Gazebo's world poses as a PoseArray through ros_gz_bridge) stands still";
    } else if (name == "mocap_slip") {
        // wheel_slip's run with its ground truth as a motion-capture system gives it: the robot's
        // body as vicon_bridge publishes it, a TransformStamped at the cameras' 100 Hz.
        s.mission = corridorShuttle(wait(3));
        s.slip = GoalScript{0, 12.0, 10.0};
        s.outputs.ground_truth_mocap = true;
        s.duration_s = 60;
        s.description =
            "wheels spin on the spot for 10 s during a goal: /odom integrates the wheel speeds, the motion-capture "
            "body /vicon/turtlebot3/turtlebot3 (vicon_bridge's TransformStamped) stands still";
    } else if (name == "amcl_restart") {
        // A 20 s stop between two goals, then 1 m straight on at 0.05 m/s: AMCL updates only after
        // 0.25 m of travel, so /amcl_pose stays silent for seconds after the robot moves again (4 s
        // at seed 1: 0.25 m take 4.9 s, less what was travelled since its last update before the stop).
        s.mission = {
            {wait(3), goal({{4.5, 6.8}}), wait(20), slowGoal({{5.5, 6.8}}, 0.05), wait(5), goal({{1.5, 6.8}}), wait(5)},
            0};
        s.amcl_watch_goal = 1;
        s.duration_s = 80;
        s.description =
            "robot stops 20 s between goals and restarts slowly: /amcl_pose is silent long after motion "
            "resumes (distance-gated updates), no fault";
    } else if (name == "tf_only") {
        from = {1.5, 7.0};
        s.mission = officeTour();
        s.outputs.recorded = {"/tf", "/tf_static"};
        s.duration_s = 120;
        s.description = "the nav2 run recorded with /tf and /tf_static only: nothing to check collisions with";
    } else if (name == "no_scanner") {
        from = {1.5, 7.0};
        s.mission = officeTour();
        s.outputs.recorded = {"/odom",      "/tf",        "/tf_static", "/cmd_vel",
                              "/amcl_pose", "/goal_pose", "/map",       "/navigate_to_pose/_action/status"};
        s.duration_s = 120;
        s.description =
            "the nav2 run of a robot without a laser scanner or an IMU: odometry, tf, commands and "
            "localization only";
    } else {
        return false;
    }
    s.report_verdict = true;
    return true;
}

}  // namespace

const std::vector<std::string> &truthProfileNames() {
    static const std::vector<std::string> names{"rear_collision", "wheel_slip",   "amcl_restart",    "tf_only",
                                                "no_scanner",     "gz_pose_info", "cloud_collision", "mocap_slip"};
    return names;
}

std::optional<ScenarioSpec> makeNavScenario(const std::string &name) {
    ScenarioSpec s;
    s.name = name;
    s.world = makeOfficeWorld();
    s.robot = RobotKind::TurtleBot3;
    s.max_speed = 0.5;  // a rover sent on these missions drives at its indoor speed
    s.lidar_max_range = 12.0;
    s.localization_sigma = 0.04;
    Waypoint from{1.5, 6.8};
    if (name == "nav2") {
        from = {1.5, 7.0};
        s.mission = officeTour();
        s.duration_s = 120;
        s.description = "Nav2 robot waiting between goals in the office: idle periods, no fault";
    } else if (name == "standstill") {
        s.mission = {{hold(60), goal({{6.5, 6.8}}), wait(10), goal({{1.5, 6.8}}), wait(10)}, 1};
        s.duration_s = 90;
        s.description = "robot told to stand still (teleop holds a zero command for 60 s), then one goal";
    } else if (name == "stall") {
        s.mission = corridorShuttle(wait(3));
        s.stall = GoalScript{0, 12.0, 10.0};
        s.duration_s = 60;
        s.description = "wheels blocked for 10 s during a goal while the controller keeps commanding cruise speed";
    } else if (name == "scan_gap") {
        s.mission = corridorShuttle(wait(3));
        s.scan_gap = GoalScript{0, 15.0, 5.0};
        s.duration_s = 60;
        s.description = "the laser driver is silent for 5 s during a goal (AMCL does not update then)";
    } else if (!makeTruthProfile(name, s, from)) {
        return std::nullopt;
    }
    s.start = startFacing(from, s.mission);
    return s;
}

const std::vector<std::string> &fleetScenarioNames() {
    static const std::vector<std::string> names{"two_robots", "two_robots_gt"};
    return names;
}

std::vector<ScenarioSpec> makeFleetScenario(const std::string &name) {
    if (name != "two_robots" && name != "two_robots_gt") return {};
    // robot1 goes into the lower-left room and back out (x <= 3.6, paths of the nav2 tour), then
    // waits; robot2 shuttles in the east of the corridor (x >= 7.5, the corridor shuttle's lane)
    // and is blocked 12 s into its first goal.
    ScenarioSpec one = *makeNavScenario("nav2");
    one.mission = {{wait(3), goal({{3.6, 7.0}, {3.6, 4.6}}), wait(6), goal({{3.6, 7.0}, {1.5, 7.0}}), wait(1e9)}, 4};
    one.start = startFacing({1.5, 7.0}, one.mission);
    one.description = "two Nav2 goals, into the lower-left room and back out, no fault";
    ScenarioSpec two = *makeNavScenario("nav2");
    two.mission = {{wait(3), goal({{7.5, 6.8}}), wait(5), goal({{11.5, 6.8}}), wait(5)}, 1};
    two.start = startFacing({11.5, 6.8}, two.mission);
    two.stall = GoalScript{0, 12.0, 10.0};
    two.description = "wheels blocked for 10 s during its first goal while the controller keeps commanding";
    for (ScenarioSpec *s : {&one, &two}) {
        s->name = name;
        s->duration_s = 60;
        s->report_verdict = true;
        // two_robots_gt: each robot's true pose also in the bag, as Gazebo's p3d plugin in its
        // namespace publishes it (/robot1/ground_truth); two_robots stays as it was.
        s->outputs.ground_truth_odometry = name == "two_robots_gt";
    }
    return {std::move(one), std::move(two)};
}

void scaleMission(ScenarioSpec &spec, double factor) {
    for (MissionStep &step : spec.mission.steps) step.duration_s *= factor;
    for (std::optional<GoalScript> *script : {&spec.stall, &spec.scan_gap, &spec.slip}) {
        if (!*script) continue;
        (*script)->after_s *= factor;
        (*script)->duration_s *= factor;
    }
}

}  // namespace robometrics::sim
