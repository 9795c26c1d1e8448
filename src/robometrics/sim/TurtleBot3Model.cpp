#include "robometrics/sim/TurtleBot3Model.hpp"

#include <algorithm>

#include "robometrics/sim/GazeboPoseInfo.hpp"
#include "robometrics/sim/MocapBody.hpp"
#include "robometrics/sim/TransformStamped.hpp"

namespace robometrics::sim {

namespace {

constexpr std::int64_t kDiffDriveHz = 30;  // Gazebo diff drive and joint states (TurtleBot3 model.sdf)
constexpr std::int64_t kScanEvery = 20, kCmdVelEvery = 5, kGroundTruthEvery = 2;  // p3d at 50 Hz
// URDF of the waffle: base_footprint -> base_link -> base_scan / imu_link.
constexpr double kBaseLinkZ = 0.010, kScanX = -0.064, kScanZ = 0.122, kImuX = -0.032, kImuZ = 0.068;

/// The LDS-01 as its driver (hls_lfcd_lds_driver) describes it: 1 degree steps from 0, 0.12 to
/// 3.5 m, 0.0 where a beam gets no return.
LidarConfig lds01() {
    return {.beams = 360,
            .range_min = 0.12,
            .range_max = 3.5,
            .scan_time = 0.2,
            .angle_min = 0.0,
            .frame_id = "base_scan",
            .no_return = 0.0f};
}

bool holdsStill(const Mission &mission) {
    return std::any_of(mission.steps.begin(), mission.steps.end(),
                       [](const MissionStep &s) { return s.kind == MissionStep::Kind::Hold; });
}

msgs::Twist twist(const Command &c) {
    msgs::Twist m;
    m.linear.x = c.v;
    m.angular.z = c.w;
    return m;
}

}  // namespace

TurtleBot3Model::TurtleBot3Model(const ScenarioSpec &spec, const Rng &root)
    : teleop_(holdsStill(spec.mission)),
      imu_(root.fork(3), "/imu", imuRateHz(spec.sensors)),
      lidar_(root.fork(4), lds01()),
      map_odom_(spec.start),
      status_(root.fork(6)),
      scanners_(spec.outputs.scans == ScanLayout::FrontRear ? std::make_unique<TwoScanners>(root) : nullptr),
      cloud_(spec.outputs.scans == ScanLayout::Cloud3d ? std::make_unique<CloudScanner>(root) : nullptr),
      ground_truth_(spec.outputs.ground_truth_odometry),
      pose_info_(spec.outputs.ground_truth_pose_info),
      mocap_(spec.outputs.ground_truth_mocap),
      amcl_watch_goal_(spec.amcl_watch_goal) {}

std::vector<SimTopic> TurtleBot3Model::topics() const {
    std::vector<SimTopic> topics{
        {"/scan", "sensor_msgs/msg/LaserScan", 5, false, 1, "periodic"},
        {"/odom", "nav_msgs/msg/Odometry", 30, false, 1, "periodic"},
        imu_.topic(),
        {"/tf", "tf2_msgs/msg/TFMessage", 65, false, 3,
         "diff drive odom->base_footprint 30 Hz, robot_state_publisher wheels 30 Hz, AMCL map->odom on every scan"},
        {"/tf_static", "tf2_msgs/msg/TFMessage", 0, true, 1, "once at the start"},
        {"/map", "nav_msgs/msg/OccupancyGrid", 0, true, 1, "once at the start (map_server)"},
        {"/amcl_pose", "geometry_msgs/msg/PoseWithCovarianceStamped", 0, true, 1,
         "at the start, then on a scan after 0.25 m or 0.2 rad of motion"},
        {"/cmd_vel", "geometry_msgs/msg/Twist", 20, false, teleop_ ? 2 : 1,
         teleop_ ? "20 Hz while a goal executes or the teleop holds still, a zero when a goal ends"
                 : "20 Hz while a goal executes, a zero when it ends"},
        {"/goal_pose", "geometry_msgs/msg/PoseStamped", 0, false, 1, "when a goal is sent"},
        {"/navigate_to_pose/_action/status", "action_msgs/msg/GoalStatusArray", 0, true, 1,
         "on every status change of a goal"},
    };
    if (scanners_) {
        topics.erase(topics.begin());
        std::vector<SimTopic> scans = scanners_->topics();
        topics.insert(topics.begin(), scans.begin(), scans.end());
    }
    if (cloud_) {
        topics.erase(topics.begin());
        std::vector<SimTopic> clouds = cloud_->topics();
        topics.insert(topics.begin(), clouds.begin(), clouds.end());
    }
    if (ground_truth_)
        topics.push_back({"/ground_truth", "nav_msgs/msg/Odometry", 50, false, 1, "periodic (Gazebo p3d plugin)"});
    if (pose_info_)
        topics.push_back({kOfficePoseInfoTopic, "geometry_msgs/msg/PoseArray", 50, false, 1,
                          "periodic (Gazebo scene broadcaster through ros_gz_bridge)"});
    if (mocap_)
        topics.push_back({kMocapTopic, "geometry_msgs/msg/TransformStamped", kMocapHz, false, 1,
                          "periodic (motion capture through vicon_bridge)"});
    return topics;
}

void TurtleBot3Model::emit(Vehicle &vehicle, std::vector<SimOutput> &out) {
    const TimeNs t = vehicle.stamp();
    if (vehicle.tick() == 0) emitStatic(vehicle, t, out);
    if (vehicle.tick() > 0) wheels_.update(kTickS, vehicle.drive().wheelSpeed(), vehicle.drive().yawRate());
    imu_.emit(vehicle, out);

    emitDiffDrive(vehicle, out);
    if (vehicle.tick() % kScanEvery == 0 && !vehicle.scanDropped()) emitScanAndAmcl(vehicle, t, out);
    if (cloud_) cloud_->emit(vehicle, t, out);
    emitNavigation(vehicle, t, out);
    if (ground_truth_ && vehicle.tick() % kGroundTruthEvery == 0) emitGroundTruth(vehicle, t, out);
    if (pose_info_ && vehicle.tick() % kGroundTruthEvery == 0) emitPoseInfo(vehicle, t, out);
    if (mocap_) out.push_back({kMocapTopic, t, false, mocapBody(vehicle.drive().pose(), t)});
}

void TurtleBot3Model::emitStatic(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) const {
    msgs::TFMessage tf;
    tf.transforms = {transformStamped("base_footprint", "base_link", t, {0, 0, kBaseLinkZ}, {}),
                     transformStamped("base_link", "base_scan", t, {kScanX, 0, kScanZ}, {}),
                     transformStamped("base_link", "imu_link", t, {kImuX, 0, kImuZ}, {})};
    if (scanners_) {
        tf.transforms.erase(tf.transforms.begin() + 1);  // no LDS-01
        scanners_->staticFrames(t, tf.transforms);
    }
    if (cloud_) {
        tf.transforms.erase(tf.transforms.begin() + 1);  // no LDS-01
        cloud_->staticFrames(t, kBaseLinkZ, tf.transforms);
    }
    out.push_back({"/tf_static", t, true, std::move(tf)});
    // map_server publishes the saved map once, transient-local, when it activates.
    msgs::OccupancyGrid map = vehicle.spec().world.map.toMessage();
    map.header.stamp = msgs::Time::fromNs(t);
    map.info.map_load_time = map.header.stamp;
    out.push_back({"/map", t, true, std::move(map)});
}

void TurtleBot3Model::emitDiffDrive(const Vehicle &vehicle, std::vector<SimOutput> &out) {
    // 30 Hz does not fall on the 10 ms tick grid: stamp the exact instant within this tick.
    const TimeNs offset = dueInTick(vehicle.tick(), kDiffDriveHz);
    if (offset < 0) return;
    const TimeNs t = vehicle.simStart() + offset;
    msgs::Odometry odom = vehicle.odometry().message("base_footprint");
    odom.header.stamp = msgs::Time::fromNs(t);
    out.push_back({"/odom", t, false, std::move(odom)});
    const Pose2 &o = vehicle.odometry().pose();
    msgs::TFMessage tf;
    tf.transforms = {transformStamped("odom", "base_footprint", t, {o.x, o.y, 0}, quaternionFromYaw(o.yaw))};
    out.push_back({"/tf", t, false, std::move(tf)});
    out.push_back({"/tf", t, false, wheels_.message(t)});
}

void TurtleBot3Model::emitScanAndAmcl(Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) {
    if (scanners_) {
        scanners_->emit(vehicle, t, out);  // AMCL runs on the front scanner, as it does on such AMRs
    } else if (!cloud_) {                  // with the 3-D lidar, AMCL reads a scan made from the cloud, not recorded
        msgs::LaserScan scan = lidar_.scan(vehicle.spec().world.map, vehicle.laserPose());
        scan.header.stamp = msgs::Time::fromNs(t);
        out.push_back({"/scan", t, false, std::move(scan)});
    }
    const Pose2 &odom = vehicle.odometry().pose();
    if (amcl_gate_.scanReceived(odom)) {
        watchAmcl(vehicle);
        Localization &localization = vehicle.localization();
        msgs::PoseWithCovarianceStamped pose = localization.amclPose();
        pose.header.stamp = msgs::Time::fromNs(t);
        out.push_back({"/amcl_pose", t, true, std::move(pose)});
        map_odom_ = localization.estimate() * odom.inverse();
    }
    // AMCL sends map->odom for every scan it processes, unchanged between filter updates, valid
    // until the scan stamp plus its transform tolerance.
    msgs::TFMessage tf;
    tf.transforms = {transformStamped("map", "odom", t + kTransformTolerance, {map_odom_.x, map_odom_.y, 0},
                                      quaternionFromYaw(map_odom_.yaw))};
    out.push_back({"/tf", t, false, std::move(tf)});
}

void TurtleBot3Model::emitNavigation(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) {
    const MissionRunner &mission = vehicle.mission();
    const auto &goals = mission.goals();
    const auto at = [&](double seconds) { return vehicle.simStart() + tickOf(seconds) * kTickNs; };
    for (; goals_ended_ < status_.size() && goals[goals_ended_].ended_s >= 0; ++goals_ended_) {
        status_.succeed(goals_ended_, at(goals[goals_ended_].ended_s));
        out.push_back({"/navigate_to_pose/_action/status", t, true, status_.message(t)});
        out.push_back({"/cmd_vel", t, false, msgs::Twist{}});  // the controller's last word: stop
    }
    while (status_.size() < goals.size()) {
        const GoalRecord &g = goals[status_.size()];
        msgs::PoseStamped goal;
        goal.header.stamp = msgs::Time::fromNs(at(g.sent_s));
        goal.header.frame_id = "map";
        goal.pose.position = {g.target.x, g.target.y, 0};
        goal.pose.orientation = quaternionFromYaw(g.yaw);
        out.push_back({"/goal_pose", t, false, goal});
        status_.execute(at(g.sent_s));
        out.push_back({"/navigate_to_pose/_action/status", t, true, status_.message(t)});
    }
    const bool commanded = mission.commanding() || mission.phase() == MissionStep::Kind::Hold;
    if (commanded && vehicle.tick() % kCmdVelEvery == 0)
        out.push_back({"/cmd_vel", t, false, twist(vehicle.command())});
}

void TurtleBot3Model::emitGroundTruth(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) const {
    // The p3d plugin: the true pose of base_footprint in Gazebo's world frame (the map's origin
    // here), its velocity in that frame, no noise (gaussian_noise 0, zero covariances).
    const Pose2 &p = vehicle.drive().pose();
    const ChassisState &body = vehicle.body();
    msgs::Odometry m;
    m.header.stamp = msgs::Time::fromNs(t);
    m.header.frame_id = "world";
    m.child_frame_id = "base_footprint";
    m.pose.pose.position = {p.x, p.y, 0};
    m.pose.pose.orientation = quaternionFromYaw(p.yaw);
    m.twist.twist.linear = {body.velocity.x(), body.velocity.y(), 0};
    m.twist.twist.angular.z = body.angular_velocity.z();
    out.push_back({"/ground_truth", t, false, std::move(m)});
}

void TurtleBot3Model::emitPoseInfo(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) const {
    // The robot's links relative to its model (base_footprint), as the URDF places them.
    auto link = [](double x, double y, double z, const msgs::Quaternion &q) {
        msgs::Pose p;
        p.position = {x, y, z};
        p.orientation = q;
        return p;
    };
    std::vector<msgs::Pose> links{link(0, 0, 0, {}), link(0, 0, kBaseLinkZ, {})};
    for (const msgs::TransformStamped &wheel : wheels_.message(t).transforms) {
        const msgs::Vector3 &o = wheel.transform.translation;
        links.push_back(link(o.x, o.y, o.z + kBaseLinkZ, wheel.transform.rotation));
    }
    links.push_back(link(kScanX, 0, kScanZ + kBaseLinkZ, {}));
    links.push_back(link(kImuX, 0, kImuZ + kBaseLinkZ, {}));
    out.push_back({kOfficePoseInfoTopic, t, false, officePoseInfo(vehicle.drive().pose(), links, t)});
}

void TurtleBot3Model::watchAmcl(const Vehicle &vehicle) {
    // The first filter update after the watched goal starts closes its silence (amcl_restart).
    const auto &goals = vehicle.mission().goals();
    const auto watched = static_cast<std::size_t>(amcl_watch_goal_);
    const double now = vehicle.now();
    if (amcl_watch_goal_ >= 0 && amcl_events_.empty() && goals.size() > watched && now > goals[watched].sent_s) {
        amcl_events_.push_back(
            {"amcl_gated",
             goals[watched].sent_s,
             now,
             "the robot moves again after a stop but /amcl_pose stays silent until it has travelled update_min_d "
             "(0.25 m) or turned update_min_a (0.2 rad): not a topic drop, not lost localization",
             {{"last_amcl_pose_s", round3(last_amcl_s_)}, {"silent_s", round3(now - last_amcl_s_)}},
             ""});
    }
    last_amcl_s_ = now;
}

std::vector<Event> TurtleBot3Model::events() const {
    std::vector<Event> out = amcl_events_;
    if (scanners_)
        for (Event &e : scanners_->events()) out.push_back(std::move(e));
    if (cloud_)
        for (Event &e : cloud_->events()) out.push_back(std::move(e));
    return out;
}

}  // namespace robometrics::sim
