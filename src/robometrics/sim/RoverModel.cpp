#include "robometrics/sim/RoverModel.hpp"

#include "robometrics/sim/TransformStamped.hpp"

namespace robometrics::sim {

namespace {

// Periods in ticks.
constexpr std::int64_t kOdomEvery = 2, kTfEvery = 2, kPoseEvery = 5, kCmdVelEvery = 5, kScanEvery = 10, kAmclEvery = 20,
                       kGroundGridEvery = 20, kMapEvery = 500;
constexpr double kLaserHeight = 0.2, kImuHeight = 0.1;

}  // namespace

RoverModel::RoverModel(const ScenarioSpec &spec, const Rng &root, std::int64_t ticks)
    : ticks_(ticks),
      imu_(root.fork(3), "/imu/data", imuRateHz(spec.sensors)),
      lidar_(root.fork(4), LidarConfig{360, 0.05, spec.lidar_max_range}),
      lidar3d_(root.fork(5)),
      mapper_(spec.world.map) {}

std::vector<SimTopic> RoverModel::topics() const {
    return {
        {"/scan", "sensor_msgs/msg/LaserScan", 10, false, 1, "periodic"},
        imu_.topic(),
        {"/odometry/wheels", "nav_msgs/msg/Odometry", 50, false, 1, "periodic"},
        {"/rover/pose_array", "geometry_msgs/msg/PoseArray", 20, false, 1, "periodic"},
        {"/tf", "tf2_msgs/msg/TFMessage", 50, false, 1, "periodic"},
        {"/tf_static", "tf2_msgs/msg/TFMessage", 0, true, 1, "once at the start"},
        {"/map", "nav_msgs/msg/OccupancyGrid", 0.2, true, 1, "every 5 s and at the end"},
        {"/amcl_pose", "geometry_msgs/msg/PoseWithCovarianceStamped", 5, true, 1, "periodic"},
        {"/groundgrid/grid_map", "grid_map_msgs/msg/GridMap", 5, false, 1, "periodic"},
        {"/groundgrid/filtered_cloud", "sensor_msgs/msg/PointCloud2", 5, false, 1, "periodic"},
        {"/cmd_vel", "geometry_msgs/msg/Twist", 20, false, 1, "periodic, zero while stopped"},
    };
}

void RoverModel::emit(Vehicle &vehicle, std::vector<SimOutput> &out) {
    const std::int64_t tick = vehicle.tick();
    const TimeNs t = vehicle.stamp();
    const msgs::Time st = msgs::Time::fromNs(t);
    const ChassisState &body = vehicle.body();
    const WheelOdometry &odometry = vehicle.odometry();
    Localization &localization = vehicle.localization();
    const bool last = tick == ticks_ - 1;
    if (tick == 0) {
        msgs::TFMessage tf;
        tf.transforms = {transformStamped("base_link", "laser", t, {0, 0, kLaserHeight}, {}),
                         transformStamped("base_link", "imu_link", t, {0, 0, kImuHeight}, {}),
                         transformStamped("base_link", "lidar_link", t, {0, 0, lidar3d_.config().mount_height}, {})};
        out.push_back({"/tf_static", t, true, std::move(tf)});
    }
    imu_.emit(vehicle, out);
    if (tick % kOdomEvery == 0) {
        msgs::Odometry m = odometry.message();
        m.header.stamp = st;
        out.push_back({"/odometry/wheels", t, false, std::move(m)});
    }
    if (tick % kTfEvery == 0) {
        const Pose2 map_odom = localization.estimate() * odometry.pose().inverse();
        const Pose2 &o = odometry.pose();
        msgs::TFMessage tf;
        // odom->base_link: x, y, yaw from wheel odometry; z, roll, pitch as an attitude/height
        // filter would give them (from the truth), so 3-D data lands on the terrain.
        tf.transforms = {
            transformStamped("map", "odom", t, {map_odom.x, map_odom.y, 0}, quaternionFromYaw(map_odom.yaw)),
            transformStamped("odom", "base_link", t, {o.x, o.y, body.position.z()},
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
    }
    if (tick % kScanEvery == 0 && !vehicle.scanDropped()) {
        msgs::LaserScan m = lidar_.scan(vehicle.spec().world.map, vehicle.laserPose());
        m.header.stamp = st;
        mapper_.insert(m, localization.estimate());
        out.push_back({"/scan", t, false, std::move(m)});
    }
    if (tick % kAmclEvery == 0) {
        msgs::PoseWithCovarianceStamped m = localization.amclPose();
        m.header.stamp = st;
        out.push_back({"/amcl_pose", t, true, std::move(m)});
    }
    if (tick % kGroundGridEvery == 0) emitGroundGrid(vehicle, t, out);
    if ((tick % kMapEvery == 0 && tick > 0) || last) {
        msgs::OccupancyGrid m = mapper_.message();
        m.header.stamp = st;
        m.info.map_load_time = st;
        out.push_back({"/map", t, true, std::move(m)});
    }
    if (tick % kCmdVelEvery == 0) {
        // The route follower runs all the time: its command, zero while stopped.
        msgs::Twist m;
        m.linear.x = vehicle.command().v;
        m.angular.z = vehicle.command().w;
        out.push_back({"/cmd_vel", t, false, m});
    }
}

void RoverModel::emitGroundGrid(const Vehicle &vehicle, TimeNs t, std::vector<SimOutput> &out) {
    const ChassisState &body = vehicle.body();
    const std::vector<CloudPoint> points = lidar3d_.scan(vehicle.spec().world, body);
    // GroundGrid sees the cloud through odom->base_link->lidar_link.
    const Pose2 &o = vehicle.odometry().pose();
    const Eigen::Quaterniond q_odom(Eigen::AngleAxisd(o.yaw, Eigen::Vector3d::UnitZ()) *
                                    Eigen::AngleAxisd(body.pitch, Eigen::Vector3d::UnitY()) *
                                    Eigen::AngleAxisd(body.roll, Eigen::Vector3d::UnitX()));
    const Eigen::Vector3d base(o.x, o.y, body.position.z());
    const Eigen::Vector3d mount(0, 0, lidar3d_.config().mount_height);
    std::vector<Eigen::Vector3d> in_odom;
    std::vector<bool> labels;
    in_odom.reserve(points.size());
    labels.reserve(points.size());
    for (const CloudPoint &p : points) {
        in_odom.push_back(base + q_odom * (mount + p.sensor));
        labels.push_back(p.ground);
    }
    ground_grid_.update(in_odom, labels, base);
    msgs::GridMap grid = ground_grid_.message();
    grid.header.stamp = msgs::Time::fromNs(t);
    out.push_back({"/groundgrid/grid_map", t, false, std::move(grid)});
    msgs::PointCloud2 cloud = Lidar3d::toMessage(points);
    cloud.header.stamp = msgs::Time::fromNs(t);
    out.push_back({"/groundgrid/filtered_cloud", t, false, std::move(cloud)});
}

}  // namespace robometrics::sim
