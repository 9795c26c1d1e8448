#include "robometrics/sim/Simulator.hpp"

#include <cmath>

#include "robometrics/sim/Chassis.hpp"
#include "robometrics/sim/DiffDrive.hpp"
#include "robometrics/sim/GroundGridMap.hpp"
#include "robometrics/sim/ImuModel.hpp"
#include "robometrics/sim/Lidar.hpp"
#include "robometrics/sim/Lidar3d.hpp"
#include "robometrics/sim/Localization.hpp"
#include "robometrics/sim/SlamMapper.hpp"
#include "robometrics/sim/WaypointFollower.hpp"
#include "robometrics/sim/WheelOdometry.hpp"

namespace robometrics::sim {

namespace {

constexpr double kDt = 0.01;
// Periods in ticks.
constexpr std::int64_t kImuEvery = 1, kOdomEvery = 2, kTfEvery = 2, kPoseEvery = 5, kScanEvery = 10, kAmclEvery = 20,
                       kGroundGridEvery = 20, kMapEvery = 500;
constexpr double kLaserHeight = 0.2, kImuHeight = 0.1;

std::int64_t tickOf(double seconds) { return std::llround(seconds / kDt); }

msgs::TransformStamped transform(const char *parent, const char *child, TimeNs t, const msgs::Vector3 &translation,
                                 const msgs::Quaternion &rotation) {
    msgs::TransformStamped tf;
    tf.header.stamp = msgs::Time::fromNs(t);
    tf.header.frame_id = parent;
    tf.child_frame_id = child;
    tf.transform.translation = translation;
    tf.transform.rotation = rotation;
    return tf;
}

msgs::Quaternion toMsg(const Eigen::Quaterniond &q) { return {q.x(), q.y(), q.z(), q.w()}; }

}  // namespace

const std::vector<SimTopic> &simTopics() {
    static const std::vector<SimTopic> topics{
        {"/scan", "sensor_msgs/msg/LaserScan", 10, false},
        {"/imu/data", "sensor_msgs/msg/Imu", 100, false},
        {"/odometry/wheels", "nav_msgs/msg/Odometry", 50, false},
        {"/rover/pose_array", "geometry_msgs/msg/PoseArray", 20, false},
        {"/tf", "tf2_msgs/msg/TFMessage", 50, false},
        {"/tf_static", "tf2_msgs/msg/TFMessage", 0, true},
        {"/map", "nav_msgs/msg/OccupancyGrid", 0.2, true},
        {"/amcl_pose", "geometry_msgs/msg/PoseWithCovarianceStamped", 5, true},
        {"/groundgrid/grid_map", "grid_map_msgs/msg/GridMap", 5, false},
        {"/groundgrid/filtered_cloud", "sensor_msgs/msg/PointCloud2", 5, false},
    };
    return topics;
}

struct Simulator::State {
    ScenarioSpec spec;
    std::uint64_t seed;
    TimeNs start;
    std::int64_t ticks;
    std::int64_t tick = 0;
    Rng rng;
    DiffDrive drive;
    WaypointFollower follower;
    Chassis chassis;
    WheelOdometry odometry;
    Localization localization;
    ImuModel imu;
    Lidar lidar;
    Lidar3d lidar3d;
    SlamMapper mapper;
    GroundGridMap ground_grid;
    EventLog events;
    slam::Trajectory truth;
    double true_path = 0, odom_path = 0;
    Pose2 last_odom;
    Eigen::Vector3d last_truth = Eigen::Vector3d::Zero();
    // Kidnapping bookkeeping.
    std::int64_t lost_tick = -1;
    Event kidnap;

    State(ScenarioSpec s, std::uint64_t seed_in, TimeNs start_in)
        : spec(std::move(s)),
          seed(seed_in),
          start(start_in),
          ticks(std::max<std::int64_t>(1, tickOf(spec.duration_s))),
          rng(seed_in),
          drive(spec.start),
          follower(spec.waypoints, spec.max_speed),
          chassis(spec.world.terrain),
          odometry(rng.fork(1)),
          localization(rng.fork(2), LocalizationConfig{spec.localization_sigma}, spec.start),
          imu(rng.fork(3)),
          lidar(rng.fork(4), LidarConfig{360, 0.05, spec.lidar_max_range}),
          lidar3d(rng.fork(5)),
          mapper(spec.world.map),
          ground_grid() {
        chassis.reset(spec.start);
        last_truth = chassis.state().position;
    }

    double now() const { return static_cast<double>(tick) * kDt; }
    TimeNs stamp() const { return start + tick * kTickNs; }
    bool stopped() const {
        return spec.stop && tick >= tickOf(spec.stop->start_s) &&
               tick < tickOf(spec.stop->start_s + spec.stop->duration_s);
    }

    void injectScripted();
    void emit(std::vector<SimOutput> &out);
    Pose2 odomInMap() const { return localization.estimate() * odometry.pose().inverse(); }
};

Simulator::Simulator(ScenarioSpec spec, std::uint64_t seed, TimeNs start_time)
    : state_(std::make_unique<State>(std::move(spec), seed, start_time)) {
    const ScenarioSpec &s = state_->spec;
    if (s.stop) {
        state_->events.add({"stop",
                            s.stop->start_s,
                            s.stop->start_s + s.stop->duration_s,
                            "commanded stop: ground-truth and odometry speed 0, no distance gained",
                            {}});
    }
}

Simulator::~Simulator() = default;

bool Simulator::done() const { return state_->tick >= state_->ticks; }
const ScenarioSpec &Simulator::spec() const { return state_->spec; }
std::uint64_t Simulator::seed() const { return state_->seed; }
TimeNs Simulator::startTime() const { return state_->start; }
std::int64_t Simulator::ticks() const { return state_->ticks; }
const slam::Trajectory &Simulator::groundTruth() const { return state_->truth; }
double Simulator::truePathLength() const { return state_->true_path; }
double Simulator::odometryPathLength() const { return state_->odom_path; }

void Simulator::State::injectScripted() {
    if (!spec.kidnap) return;
    const KidnapScript &k = *spec.kidnap;
    if (tick == tickOf(k.start_s)) {
        const Pose2 from = drive.pose();
        const Waypoint &to_wp = follower.skip(static_cast<std::size_t>(k.skip));
        const Waypoint &next = follower.route()[(follower.target() + 1) % follower.route().size()];
        follower.skip(1);
        const Pose2 to{to_wp.x, to_wp.y, std::atan2(next.y - to_wp.y, next.x - to_wp.x)};
        drive.teleport(to);
        chassis.reset(to);
        localization.loseTrack(odometry.pose());
        const double jump = std::hypot(to.x - from.x, to.y - from.y);
        events.add({"teleport",
                    now(),
                    now(),
                    "ground-truth pose jumps by more than 0.5 m between two samples",
                    {{"from", {round3(from.x), round3(from.y)}},
                     {"to", {round3(to.x), round3(to.y)}},
                     {"distance_m", round3(jump)}}});
        kidnap = {"kidnap",
                  now(),
                  k.recover_s,
                  "localization lost (AMCL covariance grows, lost detector reports lost) until recovery, then normal",
                  {{"recovered_s", k.recover_s}}};
    }
    if (localization.lost() && lost_tick < 0 && localization.reportedSigmaXy() > 0.5) {
        lost_tick = tick;
        kidnap.details["lost_from_s"] = round3(now());
    }
    if (tick == tickOf(k.recover_s)) {
        const Pose2 before = localization.estimate();
        localization.relocalize();
        const Pose2 after = localization.estimate();
        const double jump = std::hypot(after.x - before.x, after.y - before.y);
        events.add({"relocalization",
                    now(),
                    now(),
                    "estimated pose (map->odom) jumps back onto the truth; covariance shrinks to normal",
                    {{"jump_m", round3(jump)}}});
        events.add(kidnap);
    }
}

void Simulator::step(std::vector<SimOutput> &out) {
    out.clear();
    State &s = *state_;
    if (done()) return;
    if (s.tick > 0) {
        s.injectScripted();
        const Pose2 pose = s.drive.pose();
        Command cmd = s.stopped() ? Command{} : s.follower.update(pose);
        const double roughness = s.spec.world.terrain.roughness(pose.x, pose.y);
        s.drive.step(kDt, cmd.v, cmd.w, s.spec.traction * (1 - 0.15 * roughness));
        s.chassis.update(kDt, s.drive.pose());
        s.odometry.update(kDt, s.drive.wheelSpeed(), s.drive.yawRate());
        s.localization.update(kDt, s.drive.pose(), s.odometry.pose());
    }
    s.emit(out);
    ++s.tick;
    if (done()) {
        if (s.spec.stuck) {
            s.events.add({"stuck",
                          0.0,
                          s.now(),
                          "ground-truth path below 0.2 m (stuck) while wheel odometry reports motion",
                          {{"gt_path_m", round3(s.true_path)}, {"odom_path_m", round3(s.odom_path)}}});
        }
    }
}

void Simulator::State::emit(std::vector<SimOutput> &out) {
    const TimeNs t = stamp();
    const msgs::Time st = msgs::Time::fromNs(t);
    const ChassisState &body = chassis.state();
    const Pose2 truth2 = drive.pose();
    const bool last = tick == ticks - 1;
    if (tick == 0) {
        msgs::TFMessage tf;
        tf.transforms = {transform("base_link", "laser", t, {0, 0, kLaserHeight}, {}),
                         transform("base_link", "imu_link", t, {0, 0, kImuHeight}, {}),
                         transform("base_link", "lidar_link", t, {0, 0, lidar3d.config().mount_height}, {})};
        out.push_back({"/tf_static", t, true, std::move(tf)});
    }
    const double roughness = spec.world.terrain.roughness(truth2.x, truth2.y);
    if (tick % kImuEvery == 0) {
        msgs::Imu m = imu.measure(body, roughness, std::abs(drive.groundSpeed()));
        m.header.stamp = st;
        const auto &a = m.linear_acceleration;
        events.observeGround(now(), roughness, std::abs(drive.groundSpeed()),
                             std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z));
        out.push_back({"/imu/data", t, false, std::move(m)});
    }
    if (tick % kOdomEvery == 0) {
        msgs::Odometry m = odometry.message();
        m.header.stamp = st;
        const Pose2 &o = odometry.pose();
        odom_path += std::hypot(o.x - last_odom.x, o.y - last_odom.y);
        last_odom = o;
        out.push_back({"/odometry/wheels", t, false, std::move(m)});
    }
    if (tick % kTfEvery == 0) {
        const Pose2 map_odom = odomInMap();
        const Pose2 &o = odometry.pose();
        msgs::TFMessage tf;
        // odom->base_link: x, y, yaw from wheel odometry; z, roll, pitch as an attitude/height
        // filter would give them (from the truth), so 3-D data lands on the terrain.
        tf.transforms = {transform("map", "odom", t, {map_odom.x, map_odom.y, 0}, quaternionFromYaw(map_odom.yaw)),
                         transform("odom", "base_link", t, {o.x, o.y, body.position.z()},
                                   quaternionFromRpy(body.roll, body.pitch, o.yaw))};
        out.push_back({"/tf", t, false, std::move(tf)});
    }
    if (tick % kPoseEvery == 0) {
        msgs::PoseArray m;
        m.header.stamp = st;
        m.header.frame_id = "map";
        msgs::Pose p;
        p.position = {body.position.x(), body.position.y(), body.position.z()};
        p.orientation = toMsg(body.orientation);
        m.poses.push_back(p);
        out.push_back({"/rover/pose_array", t, false, std::move(m)});
        if (!truth.empty()) true_path += (body.position - last_truth).norm();
        last_truth = body.position;
        truth.add(toSeconds(t), body.position, body.orientation);
        events.observeClearance(now(), spec.world.map.clearance(truth2.x, truth2.y, events.thresholds().close_pass),
                                truth2.x, truth2.y);
    }
    if (tick % kScanEvery == 0) {
        msgs::LaserScan m = lidar.scan(spec.world.map, truth2);
        m.header.stamp = st;
        mapper.insert(m, localization.estimate());
        out.push_back({"/scan", t, false, std::move(m)});
    }
    if (tick % kAmclEvery == 0) {
        msgs::PoseWithCovarianceStamped m = localization.amclPose();
        m.header.stamp = st;
        out.push_back({"/amcl_pose", t, true, std::move(m)});
    }
    if (tick % kGroundGridEvery == 0) {
        const std::vector<CloudPoint> points = lidar3d.scan(spec.world, body);
        // GroundGrid sees the cloud through odom->base_link->lidar_link.
        const Pose2 &o = odometry.pose();
        const Eigen::Quaterniond q_odom(Eigen::AngleAxisd(o.yaw, Eigen::Vector3d::UnitZ()) *
                                        Eigen::AngleAxisd(body.pitch, Eigen::Vector3d::UnitY()) *
                                        Eigen::AngleAxisd(body.roll, Eigen::Vector3d::UnitX()));
        const Eigen::Vector3d base(o.x, o.y, body.position.z());
        const Eigen::Vector3d mount(0, 0, lidar3d.config().mount_height);
        std::vector<Eigen::Vector3d> in_odom;
        std::vector<bool> labels;
        in_odom.reserve(points.size());
        labels.reserve(points.size());
        for (const CloudPoint &p : points) {
            in_odom.push_back(base + q_odom * (mount + p.sensor));
            labels.push_back(p.ground);
        }
        ground_grid.update(in_odom, labels, base);
        msgs::GridMap grid = ground_grid.message();
        grid.header.stamp = st;
        out.push_back({"/groundgrid/grid_map", t, false, std::move(grid)});
        msgs::PointCloud2 cloud = Lidar3d::toMessage(points);
        cloud.header.stamp = st;
        out.push_back({"/groundgrid/filtered_cloud", t, false, std::move(cloud)});
    }
    if ((tick % kMapEvery == 0 && tick > 0) || last) {
        msgs::OccupancyGrid m = mapper.message();
        m.header.stamp = st;
        m.info.map_load_time = st;
        out.push_back({"/map", t, true, std::move(m)});
    }
}

std::vector<Event> Simulator::events() const {
    EventLog copy = state_->events;
    return copy.finish();
}

}  // namespace robometrics::sim
